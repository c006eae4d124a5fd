import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function CheckoutPage() {
  return (
    <PageIntro title="Commande" lead="La commande et le paiement en ligne seront disponibles à l’ouverture de la boutique.">
      <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
    </PageIntro>
  );
}
