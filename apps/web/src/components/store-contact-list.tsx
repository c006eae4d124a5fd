import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { formatAddress } from '@erepare/shared/store-profile';
import { useStoreProfile } from '../lib/store-profile';

/** The shop's address, phone and e-mail as a list (contact and maintenance pages). */
export function StoreContactList({ className = '' }: { className?: string }) {
  const storeProfile = useStoreProfile();
  return (
    <ul className={`space-y-3 ${className}`}>
      <li className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{formatAddress(storeProfile)}</span>
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
  );
}
