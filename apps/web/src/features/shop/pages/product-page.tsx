import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function ProductPage() {
  const { productId = '' } = useParams();
  return (
    <PageIntro
      eyebrow={`Produit n° ${productId}`}
      title="Fiche produit"
      lead="Les fiches produits seront disponibles à l’ouverture de la boutique en ligne."
    >
      <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
    </PageIntro>
  );
}
