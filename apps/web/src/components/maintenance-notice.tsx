import Clock from 'lucide-react/icons/clock';
import Wrench from 'lucide-react/icons/wrench';
import { useStoreProfile } from '../lib/store-profile';
import { StoreContactList } from './store-contact-list';

/** "Site en maintenance" (spec 1 §2, spec 3 §2), with the shop's opening hours (the same as every other page). */
export function MaintenanceNotice() {
  const storeProfile = useStoreProfile();
  return (
    <div className="flex min-h-[80dvh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-8 shadow-xl dark:border-slate-700 dark:bg-ink-900">
        <Wrench aria-hidden="true" className="mb-4 size-12 text-brand-700 dark:text-brand-300" />
        <h1 className="text-3xl font-bold">Site en maintenance</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Nous améliorons notre site et serons de retour très vite. L’atelier reste à votre service&nbsp;: appelez-nous ou
          passez nous voir.
        </p>
        <StoreContactList className="mt-6" />
        <h2 className="mt-8 flex items-center gap-2 text-lg font-semibold">
          <Clock aria-hidden="true" className="size-5" />
          Horaires
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {storeProfile.openingHours.map((slot) => (
            <div key={slot.days} className="contents">
              <dt className="font-medium">{slot.days}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{slot.hours}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
