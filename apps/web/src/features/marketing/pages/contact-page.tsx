import { Mail, MapPin, Phone } from 'lucide-react';
import { formatAddress, storeProfile } from '@erepare/shared/store-profile';
import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function ContactPage() {
  return (
    <PageIntro
      title="Contactez-nous"
      lead="Le formulaire de contact avec envoi de photos arrive bientôt. Vous pouvez déjà nous joindre par téléphone, WhatsApp ou e-mail."
    >
      <ul className="mb-8 space-y-3">
        <li className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {formatAddress()}
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <a className="underline underline-offset-4" href={`tel:${storeProfile.phone.e164}`}>
            {storeProfile.phone.display}
          </a>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <a className="underline underline-offset-4" href={`mailto:${storeProfile.email}`}>
            {storeProfile.email}
          </a>
        </li>
      </ul>
      <ContactActions contact={false} />
    </PageIntro>
  );
}
