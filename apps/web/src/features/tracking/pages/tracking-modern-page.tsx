import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function TrackingModernPage() {
  return (
    <PageIntro title="Suivi des réparations – nouvelle version" lead="La nouvelle version du suivi des réparations arrive bientôt. En attendant, l’atelier vous renseigne par téléphone avec votre numéro de ticket.">
      <ContactActions />
    </PageIntro>
  );
}
