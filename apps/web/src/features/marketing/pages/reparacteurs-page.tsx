import { Recycle } from 'lucide-react';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { ContactActions } from '../../../components/contact-actions';
import { LocalBusinessJsonLd } from '../../../components/local-business-json-ld';
import { iconBadgeClasses, PageSection } from '../components/company/page-section';
import { ComingSoonButton } from '../components/labels/coming-soon-button';
import { HighlightGrid } from '../components/labels/highlight-grid';
import { reparacteursBenefits, reparacteursCommitments, reparacteursExplanation } from '../content/labels';
import { useStoreProfile } from '../../../lib/store-profile';

function reparacteursDescription(profile: StoreProfile): string {
  return `Label RéparActeurs\u00a0: réparer plutôt que jeter. Les engagements de l’atelier ${profile.name} à ${profile.address.city} pour prolonger la vie de vos smartphones, tablettes, ordinateurs et consoles.`;
}

/** /reparacteurs and /label-reparacteurs: the repair label (spec 3 §2). */
export function ReparacteursPage() {
  const storeProfile = useStoreProfile();
  return (
    <>
      <LocalBusinessJsonLd path="/label-reparacteurs" description={reparacteursDescription(storeProfile)} />

      <section className="border-b border-slate-200 bg-linear-to-br from-emerald-50 via-white to-white dark:border-slate-800 dark:from-ink-900 dark:via-ink-950 dark:to-ink-950">
        <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 sm:py-16 lg:grid-cols-[3fr_2fr] lg:items-center">
          <div>
            <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-emerald-800 dark:text-emerald-300">
              Réparer plutôt que jeter
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Label RéparActeurs</h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
              Le label des artisans qui donnent la priorité à la réparation. À l’atelier, chaque appareil qui repart réparé est
              un appareil de moins à jeter et un appareil neuf de moins à fabriquer.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ComingSoonButton detail="la charte d’engagement sera bientôt consultable sur cette page.">
                Consulter la charte
              </ComingSoonButton>
              <ComingSoonButton variant="secondary" detail="nos fiches de conseils anti-gaspillage sont en préparation.">
                Découvrir nos conseils
              </ComingSoonButton>
            </div>
          </div>
          <div
            aria-hidden="true"
            className="mx-auto flex aspect-square w-full max-w-48 items-center justify-center rounded-full sm:max-w-64 bg-linear-to-br from-emerald-600 to-brand-700 text-white shadow-xl ring-8 ring-emerald-100 dark:ring-ink-800"
          >
            <Recycle className="size-20 sm:size-28" />
          </div>
        </div>
      </section>

      <PageSection id="reparacteurs-label" title={'Qu’est-ce que le label RéparActeurs\u00a0?'}>
        <div className="max-w-3xl space-y-4 text-lg text-slate-700 dark:text-slate-300">
          {reparacteursExplanation.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </PageSection>

      <PageSection id="reparacteurs-avantages" title="Ce que la réparation vous apporte">
        <HighlightGrid items={reparacteursBenefits} columns={4} />
      </PageSection>

      <PageSection
        id="reparacteurs-engagements"
        title="Nos engagements"
        intro="Dans l’esprit de la charte RéparActeurs, voici ce que l’atelier s’engage à faire pour chacun de vos appareils."
      >
        <ul className="grid gap-4 md:grid-cols-2">
          {reparacteursCommitments.map((commitment) => (
            <li
              key={commitment.title}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:gap-4 sm:p-6 dark:border-slate-800 dark:bg-ink-900"
            >
              <span className={iconBadgeClasses}>
                <commitment.icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{commitment.title}</h3>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{commitment.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="reparacteurs-contact" title={'Un appareil en panne\u00a0?'}
        intro={'Avant de le remplacer, laissez-nous y jeter un œil\u00a0: le diagnostic est gratuit.'}>
        <ContactActions />
      </PageSection>
    </>
  );
}
