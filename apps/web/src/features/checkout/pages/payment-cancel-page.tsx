import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function PaymentCancelPage() {
  return (
    <PageIntro title="Paiement annulé" lead="Aucun paiement n’a été effectué. Le paiement en ligne sera disponible à l’ouverture de la boutique.">
      <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
    </PageIntro>
  );
}
