import { Catalogue } from '../components/catalogue';

export function ShopPage() {
  return (
    <Catalogue
      title="Boutique"
      lead="Smartphones reconditionnés garantis 12 mois et accessoires, expédiés sous 24 h ou à retirer à l’atelier de Gujan-Mestras."
    />
  );
}
