import { BadgeEuro, Info } from 'lucide-react';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { ContactActions } from '../../../components/contact-actions';
import { LocalBusinessJsonLd } from '../../../components/local-business-json-ld';
import { PageSection } from '../components/company/page-section';
import { ComingSoonButton } from '../components/labels/coming-soon-button';
import { HighlightGrid } from '../components/labels/highlight-grid';
import { StepList } from '../components/labels/step-list';
import { bonusCategories, bonusHighlights, bonusSteps, formatBonus, maxBonus } from '../content/labels';
import { useStoreProfile } from '../../../lib/store-profile';

function qualireparDescription(profile: StoreProfile): string {
  return `Bonus réparation QualiRépar\u00a0: jusqu’à ${formatBonus(maxBonus)} déduits immédiatement de la facture pour réparer un smartphone, une tablette, un ordinateur portable ou un téléviseur hors garantie, à ${profile.address.city}.`;
}

/** /qualirepare and /label-qualirepar: the repair bonus (spec 3 §2, §9). */
export function QualireparPage() {
  const storeProfile = useStoreProfile();
  return (
    <>
      <LocalBusinessJsonLd path="/label-qualirepar" description={qualireparDescription(storeProfile)} />

      <section className="border-b border-slate-200 bg-linear-to-br from-brand-50 via-white to-white dark:border-slate-800 dark:from-ink-900 dark:via-ink-950 dark:to-ink-950">
        <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 sm:py-16 lg:grid-cols-[3fr_2fr] lg:items-center">
          <div>
            <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Label QualiRépar</p>
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Bonus réparation QualiRépar</h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
              Faites réparer plutôt que jeter&nbsp;: le bonus réparation réduit jusqu’à {formatBonus(maxBonus)} le prix de la
              réparation de vos appareils hors garantie. Il est déduit immédiatement de la facture, sans dossier à remplir.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ComingSoonButton detail="le futur bonus réparation pourra être demandé en ligne depuis cette page.">
                Profiter du futur bonus réparation
              </ComingSoonButton>
              <ComingSoonButton variant="secondary" detail="en attendant, demandez-nous à l’atelier si votre appareil est éligible.">
                Vérifier mon éligibilité
              </ComingSoonButton>
            </div>
          </div>
          <div
            aria-hidden="true"
            className="mx-auto flex aspect-square w-full max-w-52 flex-col items-center sm:max-w-64 justify-center rounded-full bg-linear-to-br from-brand-700 to-brand-800 text-white shadow-xl ring-8 ring-brand-100 dark:ring-ink-800"
          >
            <BadgeEuro className="size-14" />
            <span className="mt-2 text-sm font-semibold uppercase tracking-wide">jusqu’à</span>
            <span className="text-5xl font-bold">{formatBonus(maxBonus)}</span>
            <span className="mt-1 text-sm">déduits de la facture</span>
          </div>
        </div>
      </section>

      <PageSection id="qualirepar-principe" title="Le bonus réparation en bref">
        <HighlightGrid items={bonusHighlights} />
      </PageSection>

      <PageSection
        id="qualirepar-montants"
        title="Montant du bonus par appareil"
        intro={'Le bonus est fixé par catégorie d’appareil. Les montants indiqués sont ceux en vigueur à ce jour\u00a0; ils sont définis au niveau national et peuvent évoluer.'}
      >
        <div className="max-w-3xl overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left">
            <caption className="sr-only">Montant du bonus réparation par catégorie d’appareil</caption>
            <thead className="bg-slate-50 text-sm text-slate-700 dark:bg-ink-900 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold sm:px-6">
                  Appareil
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold sm:px-6">
                  Bonus
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {bonusCategories.map((category) => (
                <tr key={category.name}>
                  <th scope="row" className="px-4 py-3 font-medium sm:px-6">
                    <span className="flex items-center gap-3">
                      <category.icon aria-hidden="true" className="size-5 shrink-0 text-brand-700 dark:text-brand-300" />
                      {category.name}
                    </span>
                  </th>
                  <td className="px-4 py-3 text-right text-lg font-bold text-brand-800 sm:px-6 dark:text-brand-300">
                    {formatBonus(category.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>

      <PageSection id="qualirepar-etapes" title="Comment en bénéficier" intro="Quatre étapes, et aucune démarche administrative pour vous.">
        <StepList steps={bonusSteps} />
      </PageSection>

      <PageSection id="qualirepar-contact" title={'Une question sur votre appareil\u00a0?'}>
        <p className="mb-6 flex max-w-3xl gap-2 text-slate-700 dark:text-slate-300">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>
            Le bonus s’applique chez les réparateurs labellisés QualiRépar, sur les réparations éligibles. Avant de nous confier
            votre appareil, demandez-nous s’il peut en bénéficier&nbsp;: la réponse figure sur le devis.
          </span>
        </p>
        <ContactActions />
      </PageSection>
    </>
  );
}
