import { Catalogue } from '../components/catalogue';
import { PRODUCT_WARRANTY_MONTHS } from '@erepare/shared/warranty';

export function ShopPage() {
  return (
    <Catalogue
      title="Boutique"
      lead={`Smartphones reconditionnés garantis ${PRODUCT_WARRANTY_MONTHS}\u00a0mois et accessoires, expédiés sous 24 h ou à retirer à l’atelier de Gujan-Mestras.`}
    />
  );
}
