import { ArrowRight, Bike, Car, ChevronDown, Landmark, MapPin, MonitorSmartphone, Package, Route, Ship, TrainFront, Wrench, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { withTown } from '@erepare/shared/format';
import { landingPages } from '@erepare/shared/routes';
import type { StoreProfile } from '@erepare/shared/store-profile';
import type { TownContent } from '../../content/towns';
import { ExternalLink } from '../legal/external-link';
import { useStoreProfile } from '../../../../lib/store-profile';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-ink-900';
const h2 = 'text-2xl font-bold tracking-tight text-balance';
const muted = 'text-slate-700 dark:text-slate-300';

/** Google Maps directions from the town to the shop (opens in a new tab). */
export function directionsUrl(profile: StoreProfile, town: string): string {
  const { latitude, longitude } = profile.geo;
  const origin = encodeURIComponent(`${town}, France`);
  return `https://www.google.com/maps/dir/?api=1&origin=${origin}&destination=${latitude},${longitude}`;
}

/** The icon of another way to come (or not to come): train, boat, parcel, remote help. */
function alternativeIcon(title: string): LucideIcon {
  if (/colis/i.test(title)) return Package;
  if (/bassin/i.test(title)) return Ship;
  if (/train|TER/.test(title)) return TrainFront;
  if (/vélo/i.test(title)) return Bike;
  if (/distance|déplacer/i.test(title)) return MonitorSmartphone;
  if (/trajet/i.test(title)) return Car;
  return Route;
}

/** Distance, time and route from the town to the shop, other ways to come, landmarks. */
export function RouteSection({ town, content }: { town: string; content: TownContent }) {
  const storeProfile = useStoreProfile();
  return (
    <section aria-labelledby="venir" className="mx-auto w-full max-w-5xl px-4 py-8">
      <h2 id="venir" className={h2}>
        Venir à l’atelier depuis {town}
      </h2>
      <p className={`mt-3 max-w-3xl ${muted}`}>{content.routeSummary}</p>
      <div className="mt-6 grid gap-4 md:grid-cols-[2fr_3fr]">
        <div className={card}>
          <dl className="space-y-4">
            <div>
              <dt className="flex items-center gap-3 text-sm font-semibold text-slate-600 dark:text-slate-400">
                <Route aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                Distance par la route
              </dt>
              <dd className="pl-8 text-lg font-semibold">{content.distance}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-3 text-sm font-semibold text-slate-600 dark:text-slate-400">
                <Car aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                Temps de trajet
              </dt>
              <dd className="pl-8 text-lg font-semibold">{content.driveTime}</dd>
            </div>
          </dl>
          <p className="mt-5">
            <ExternalLink href={directionsUrl(storeProfile, town)} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4 dark:text-brand-300">
              <MapPin aria-hidden="true" className="size-4" />
              Itinéraire depuis {town}
            </ExternalLink>
          </p>
        </div>
        <div className={card}>
          <h3 className="font-semibold">Itinéraire conseillé</h3>
          <ol className={`mt-3 list-decimal space-y-2 pl-5 ${muted}`}>
            {content.routeSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {content.alternatives.map((alternative) => {
          const Icon = alternativeIcon(alternative.title);
          return (
            <div key={alternative.title} className={card}>
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                {alternative.title}
              </h3>
              <p className={`mt-2 ${muted}`}>{alternative.text}</p>
            </div>
          );
        })}
        <div className={`${card} ${content.alternatives.length % 2 === 0 ? 'md:col-span-2' : ''}`}>
          <h3 className="flex items-center gap-2 font-semibold">
            <Landmark aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
            Points de repère
          </h3>
          <ul className={`mt-2 flex flex-wrap gap-2 text-sm ${muted}`}>
            {content.landmarks.map((landmark) => (
              <li key={landmark} className="rounded-full border border-slate-300 px-3 py-1 dark:border-slate-600">
                {landmark}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** What people in the town usually bring to the shop. */
export function NeedsSection({ town, content }: { town: string; content: TownContent }) {
  return (
    <section aria-labelledby="besoins" className="mx-auto w-full max-w-5xl px-4 py-8">
      <h2 id="besoins" className={h2}>
        Ce qu’on nous apporte {withTown('de', town)}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {content.needs.map((need) => (
          <li key={need.title} className={card}>
            <h3 className="font-semibold text-brand-800 dark:text-brand-300">{need.title}</h3>
            <p className={`mt-2 ${muted}`}>{need.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The services that matter in the town, each linking to its page. */
export function ServicesSection({ town, content }: { town: string; content: TownContent }) {
  return (
    <section aria-labelledby="services" className="mx-auto w-full max-w-5xl px-4 py-8">
      <h2 id="services" className={h2}>
        Nos services pour {town}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {content.services.map((service) => (
          <li key={service.label} className={`${card} relative flex gap-3 focus-within:ring-2 focus-within:ring-brand-600`}>
            <Wrench aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <h3 className="font-semibold">
                <Link to={service.path} className="underline-offset-4 after:absolute after:inset-0 hover:underline focus:outline-none">
                  {service.label}
                </Link>
              </h3>
              <p className={`mt-1 ${muted}`}>{service.text}</p>
            </div>
            <ArrowRight aria-hidden="true" className="mt-1 ml-auto size-5 shrink-0 text-slate-500 dark:text-slate-400" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The town's short FAQ: native disclosure widgets (keyboard and screen readers for free, no JS). */
export function TownFaqSection({ town, content }: { town: string; content: TownContent }) {
  return (
    <section aria-labelledby="faq-locale" className="mx-auto w-full max-w-5xl px-4 py-8">
      <h2 id="faq-locale" className={h2}>
        Questions fréquentes {withTown('à', town)}
      </h2>
      <div className="mt-6 space-y-3">
        {content.faq.map((item) => (
          <details key={item.question} className={`${card} group p-0`}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <p className={`px-5 pb-4 ${muted}`}>{item.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-4 text-sm">
        D’autres questions&nbsp;?{' '}
        <Link to="/faq" className="font-medium text-brand-800 underline underline-offset-4 dark:text-brand-300">
          Toutes nos réponses dans la FAQ
        </Link>
      </p>
    </section>
  );
}

/** Links to the neighbouring towns' pages. */
export function NearbySection({ content }: { content: TownContent }) {
  const pages = content.nearby.flatMap((slug) => landingPages.filter((page) => page.slug === slug));
  if (pages.length === 0) return null;
  return (
    <nav aria-labelledby="communes-voisines" className="mx-auto w-full max-w-5xl px-4 py-8">
      <h2 id="communes-voisines" className="text-lg font-semibold">
        Communes voisines
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {pages.map((page) => (
          <li key={page.slug}>
            <Link
              to={page.path}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-ink-800"
            >
              {page.town}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
