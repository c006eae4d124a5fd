import { FileText, Mail, Phone } from 'lucide-react';
import { useStoreProfile } from '../lib/store-profile';
import { buttonClasses, ButtonLink } from './ui/button';

type ContactActionsProps = { quote?: boolean; contact?: boolean };

/** The two ways every page steers visitors (spec 3 §1): a quote or a contact, plus a direct call. */
export function ContactActions({ quote = true, contact = true }: ContactActionsProps) {
  const storeProfile = useStoreProfile();
  return (
    <div className="flex flex-wrap gap-3">
      {quote ? (
        <ButtonLink to="/devis-en-ligne">
          <FileText aria-hidden="true" className="size-4" />
          Demander un devis
        </ButtonLink>
      ) : null}
      {contact ? (
        <ButtonLink to="/contact" variant="secondary">
          <Mail aria-hidden="true" className="size-4" />
          Nous contacter
        </ButtonLink>
      ) : null}
      <a href={`tel:${storeProfile.phone.e164}`} className={buttonClasses('secondary')}>
        <Phone aria-hidden="true" className="size-4" />
        Appeler le {storeProfile.phone.display}
      </a>
    </div>
  );
}
