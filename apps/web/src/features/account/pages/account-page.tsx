import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function AccountPage() {
  return (
    <PageIntro title="Mon compte" lead="L’espace client (vos réparations, factures, commandes et notifications) ouvre bientôt. En attendant, l’atelier vous renseigne par téléphone.">
      <ContactActions quote={false} />
    </PageIntro>
  );
}
