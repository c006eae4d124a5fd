import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function CartPage() {
  return (
    <PageIntro title="Panier" lead="Le panier sera disponible à l’ouverture de la boutique en ligne.">
      <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
    </PageIntro>
  );
}
