import { ContactActions } from '../../../components/contact-actions';
import { StoreContactList } from '../../../components/store-contact-list';
import { PageIntro } from '../../../components/ui/page-intro';

export function ContactPage() {
  return (
    <PageIntro
      title="Contactez-nous"
      lead="Le formulaire de contact avec envoi de photos arrive bientôt. Vous pouvez déjà nous joindre par téléphone, WhatsApp ou e-mail."
    >
      <StoreContactList className="mb-8" />
      <ContactActions contact={false} />
    </PageIntro>
  );
}
