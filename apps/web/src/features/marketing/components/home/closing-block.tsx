import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { formatAddress, mapsUrl } from '@erepare/shared/store-profile';
import { buttonClasses } from '../../../../components/ui/button';
import { useStoreProfile } from '../../../../lib/store-profile';

/** Section 8: come and see us — the map link and the phone link. */
export function ClosingBlock() {
  const storeProfile = useStoreProfile();
  return (
    <section aria-labelledby="venir-titre" className="bg-white px-4 py-14 sm:py-20 dark:bg-ink-950">
      <div className="mx-auto grid max-w-5xl gap-8 rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-10 md:grid-cols-2 dark:border-slate-700 dark:bg-ink-900">
        <div>
          <h2 id="venir-titre" className="text-3xl font-bold tracking-tight text-balance">
            Passez nous voir à {storeProfile.address.city}
          </h2>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
            Un écran à changer, une console à remettre en route ou un simple conseil&nbsp;? Appelez-nous ou venez à l’atelier,
            nous vous répondons avec plaisir.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={mapsUrl(storeProfile)} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
              <MapPin aria-hidden="true" className="size-4" />
              Voir l’itinéraire
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
            <a href={`tel:${storeProfile.phone.e164}`} className={buttonClasses('secondary')}>
              <Phone aria-hidden="true" className="size-4" />
              Appeler le {storeProfile.phone.display}
            </a>
          </div>
        </div>
        <div className="space-y-5">
          <p className="flex items-start gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
            <span>
              <span className="block font-semibold">Adresse</span>
              <span className="text-slate-700 dark:text-slate-300">{formatAddress(storeProfile)}</span>
            </span>
          </p>
          <div className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <p className="font-semibold">Horaires</p>
              <ul className="text-slate-700 dark:text-slate-300">
                {storeProfile.openingHours.map((slot) => (
                  <li key={slot.days}>
                    {slot.days}&nbsp;: {slot.hours}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
