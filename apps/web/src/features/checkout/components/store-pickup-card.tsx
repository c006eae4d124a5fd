import type { ReactNode } from 'react';
import { MapPin } from 'lucide-react';
import { formatAddress, mapsUrl } from '@erepare/shared/store-profile';
import { useStoreProfile } from '../../../lib/store-profile';

/** Where and when an in-store pickup happens (store profile: address and opening hours). */
export function StorePickupCard({ title = 'Retrait en boutique', children }: { title?: string; children?: ReactNode }) {
  const storeProfile = useStoreProfile();
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-ink-900">
      <p className="flex items-center gap-2 font-semibold">
        <MapPin aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-300" />
        {title}
      </p>
      <p className="mt-2">
        {storeProfile.name}, {formatAddress(storeProfile)}
      </p>
      <dl className="mt-2 grid gap-1">
        {storeProfile.openingHours.map((slot) => (
          <div key={slot.days} className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{slot.days}&nbsp;:</dt>
            <dd>{slot.hours}</dd>
          </div>
        ))}
      </dl>
      {children}
      <a
        href={mapsUrl(storeProfile)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
      >
        Voir l’itinéraire<span className="sr-only"> (nouvel onglet)</span>
      </a>
    </div>
  );
}
