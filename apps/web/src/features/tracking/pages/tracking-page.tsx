import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function TrackingPage() {
  return (
    <PageIntro title="Suivi des Réparations" lead="Le tableau de suivi public des réparations des 14 derniers jours arrive bientôt. Pour connaître dès maintenant l’état de votre appareil, appelez l’atelier avec votre numéro de ticket.">
      <ContactActions />
    </PageIntro>
  );
}
