import { Clock, ShieldCheck, Tag, Timer } from 'lucide-react';
import { Suspense } from 'react';
import { REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';
import { landingPages } from '@erepare/shared/routes';
import { ContactActions } from '../../../components/contact-actions';
import { buildLocalBusiness } from '../../../components/local-business-json-ld';
import { usePublicOrigin } from '../../../lib/public-url';
import { JsonLd } from '../../../components/json-ld';
import { useStoreProfile } from '../../../lib/store-profile';
import { LandingCta } from '../components/landing/landing-cta';
import { NearbySection, NeedsSection, RouteSection, ServicesSection, TownFaqSection } from '../components/landing/town-sections';
import { townContent } from '../content/towns';
import { NotFoundPage } from './not-found-page';

/**
 * One of the 17 local landing pages (spec 3 §2): the town's own text (route to the shop, needs,
 * services, FAQ, call to action) from content/towns.ts, the h1 from the route table, and the
 * shop's LocalBusiness structured data (the town is among the towns it serves).
 */
export function LandingPage({ slug }: { slug: string }) {
  const profile = useStoreProfile();
  const origin = usePublicOrigin();
  const landing = landingPages.find((page) => page.slug === slug);
  const content = townContent(slug);
  if (!landing || !content) return <NotFoundPage />;
  const { town } = landing;

  // The business keeps its own name (its towns served include this one); the page adds its description and its URL.
  const structuredData = buildLocalBusiness(profile, { origin, description: landing.description, path: landing.path });

  const facts = [
    { icon: Clock, label: `${content.distance}, ${content.driveTime}` },
    { icon: Tag, label: `Réparations à partir de ${REPAIRS_FROM_EUROS}\u00a0€` },
    { icon: Timer, label: 'Diagnostic en 24 à 48\u00a0h' },
    { icon: ShieldCheck, label: `Réparations garanties ${REPAIR_WARRANTY_MONTHS}\u00a0mois` },
  ];

  return (
    <>
      <JsonLd data={structuredData} />
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-100),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top_right,var(--color-ink-800),transparent_60%)]"
        />
        <div className="relative mx-auto w-full max-w-5xl px-4 pt-10 pb-6 sm:pt-16">
          <p className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-300">
            Atelier de Gujan-Mestras · {town}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{landing.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{content.lead}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {facts.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                <span>{label}</span>
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ContactActions />
          </div>
        </div>
      </section>
      {/* The sections below the first screen are Suspense boundaries: React hydrates them one by
          one (one task for the whole page would block taps on a phone). */}
      <Suspense fallback={null}>
        <RouteSection town={town} content={content} />
        <NeedsSection town={town} content={content} />
      </Suspense>
      <Suspense fallback={null}>
        <ServicesSection town={town} content={content} />
        <TownFaqSection town={town} content={content} />
      </Suspense>
      <Suspense fallback={null}>
        <LandingCta cta={content.cta} />
        <NearbySection content={content} />
      </Suspense>
    </>
  );
}
