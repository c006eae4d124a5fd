import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function QuotePage() {
  return (
    <PageIntro title="Devis en ligne" lead="Le formulaire de demande de devis en ligne arrive bientôt. En attendant, décrivez-nous votre panne par téléphone, sur WhatsApp ou depuis la page contact : nous vous répondons rapidement.">
      <ContactActions quote={false} />
    </PageIntro>
  );
}
