import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function PaymentSuccessPage() {
  return (
    <PageIntro title="Retour de paiement" lead="Cette page confirmera vos paiements en ligne dès l’ouverture de la boutique. Aucun paiement en ligne n’est encore possible.">
      <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
    </PageIntro>
  );
}
