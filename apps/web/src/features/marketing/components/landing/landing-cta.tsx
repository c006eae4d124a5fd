import { Clock } from 'lucide-react';
import { ContactActions } from '../../../../components/contact-actions';
import { StoreContactList } from '../../../../components/store-contact-list';
import type { TextBlock } from '../../content/towns';
import { useStoreProfile } from '../../../../lib/store-profile';

/** Closing call to action: the town's own words, then the shop's address, phone, e-mail and hours. */
export function LandingCta({ cta }: { cta: TextBlock }) {
  const storeProfile = useStoreProfile();
  return (
    <section aria-labelledby="contact-atelier" className="mx-auto w-full max-w-5xl px-4 py-10">
      <div className="rounded-3xl bg-gradient-to-br from-brand-50 to-white p-6 ring-1 ring-brand-100 sm:p-10 dark:from-ink-800 dark:to-ink-900 dark:ring-slate-700">
        <h2 id="contact-atelier" className="text-2xl font-bold tracking-tight text-balance">
          {cta.title}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300">{cta.text}</p>
        <div className="mt-6">
          <ContactActions />
        </div>
        <div className="mt-8 grid gap-6 border-t border-slate-200 pt-6 sm:grid-cols-2 dark:border-slate-700">
          <div>
            <h3 className="font-semibold">L’atelier {storeProfile.name}</h3>
            <StoreContactList className="mt-3" />
          </div>
          <div>
            <h3 className="flex items-center gap-2 font-semibold">
              <Clock aria-hidden="true" className="size-5" />
              Horaires d’ouverture
            </h3>
            <dl className="mt-3 space-y-1 text-slate-700 dark:text-slate-300">
              {storeProfile.openingHours.map((slot) => (
                <div key={slot.days} className="flex flex-wrap gap-x-2">
                  <dt className="font-medium text-slate-900 dark:text-slate-100">{slot.days}&nbsp;:</dt>
                  <dd>{slot.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}
