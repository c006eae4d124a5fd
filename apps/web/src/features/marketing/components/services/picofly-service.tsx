import { Calculator, FileText, Gamepad2, TriangleAlert, Zap } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { euros } from '../../content/services/format';
import { importantInfo, orderSteps, switchModels, type SwitchModel } from '../../content/services/picofly';
import { BASE_PRICE, EXPRESS_DELAY, STANDARD_DELAY, visibleOptions } from './picofly/price-calculator';
import { PriceCalculatorPanel } from './picofly/price-calculator-panel';
import { QuickQuoteDialog } from './picofly/quick-quote-dialog';
import { ActionLink, ClosingCta, CtaLink, FigureList, ServiceHero, ServiceSection, StepList, cardClasses } from './service-blocks';

const secondaryLink =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 transition-colors hover:bg-slate-100 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100 dark:hover:bg-ink-800';

export function PicoflyService({ title }: { title: string }) {
  const [model, setModel] = useState<SwitchModel | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  const closeDialog = () => {
    setModel(null);
    opener.current?.focus();
  };

  return (
    <>
      <ServiceHero
        title={title}
        icon={Gamepad2}
        lead={
          <p>
            Installation de la puce Picofly sur Nintendo Switch Lite, V1, V2 et OLED, soudée et testée à l’atelier. Un prix de base clair,
            des options au choix et un délai de 5 à 7 jours, ou 48&nbsp;h en express.
          </p>
        }
        highlight={{ label: 'Prix de base', value: euros(BASE_PRICE), note: 'installation Picofly comprise' }}
        actions={
          <>
            <ActionLink to="/devis-en-ligne" icon={FileText}>
              Demander un devis
            </ActionLink>
            <a href="#calculateur" className={secondaryLink}>
              <Calculator aria-hidden="true" className="size-4" />
              Calculer mon prix
            </a>
          </>
        }
      />

      <ServiceSection title="Modèles compatibles" intro={<p>Touchez «&nbsp;Devis rapide&nbsp;» pour voir le prix de base de votre modèle.</p>}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {switchModels.map((switchModel) => (
            <li key={switchModel.id} className={`${cardClasses} flex flex-col`}>
              <h3 className="text-lg font-semibold">{switchModel.name}</h3>
              <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{switchModel.text}</p>
              <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
                À partir de <span className="text-xl font-extrabold text-brand-700 dark:text-brand-300">{euros(BASE_PRICE)}</span>
              </p>
              <button
                type="button"
                aria-label={`Devis rapide pour la ${switchModel.name}`}
                className="mt-3 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 transition-colors hover:bg-brand-50 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-ink-800"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setModel(switchModel);
                }}
              >
                <Zap aria-hidden="true" className="size-4" />
                Devis rapide
              </button>
            </li>
          ))}
        </ul>
        <QuickQuoteDialog model={model} onClose={closeDialog} />
      </ServiceSection>

      {/* Below the first screen, hydrated in tasks of their own (one long task would block taps). */}
      <Suspense fallback={null}>
        <ServiceSection muted title="Options du service">
          <dl className="grid gap-3 sm:grid-cols-2">
            {visibleOptions().map((option) => (
              <div key={option.id} className={cardClasses}>
                <dt className="flex flex-wrap justify-between gap-x-3 font-semibold">
                  <span>{option.label}</span>
                  <span className="text-brand-700 dark:text-brand-300">
                    {option.mandatory ? `${euros(option.price)} · incluse` : euros(option.price)}
                  </span>
                </dt>
                <dd className="mt-1 text-slate-700 dark:text-slate-300">{option.description}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-8 text-lg font-semibold">Délais</h3>
          <div className="mt-3">
            <FigureList
              figures={[
                { value: STANDARD_DELAY, label: 'Service standard' },
                { value: EXPRESS_DELAY, label: 'Avec l’option Express 48h' },
              ]}
            />
          </div>
        </ServiceSection>

        <ServiceSection id="calculateur" title="Calculez votre prix" intro={<p>Cochez les options et choisissez une carte microSD&nbsp;: le total se met à jour aussitôt.</p>}>
          <PriceCalculatorPanel />
        </ServiceSection>
      </Suspense>

      <Suspense fallback={null}>
        <ServiceSection muted title="Comment commander">
          <StepList steps={orderSteps} />
        </ServiceSection>

        <ServiceSection title="Informations importantes">
          <div className="flex max-w-3xl gap-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-5 text-amber-950 dark:border-amber-400/60 dark:bg-amber-950/40 dark:text-amber-100">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-7 shrink-0" />
            <div>
              <p className="text-lg font-bold">Aucune garantie, et la garantie constructeur est perdue.</p>
              <ul className="mt-3 list-disc space-y-1.5 pl-5">
                {importantInfo.map((info) => (
                  <li key={info}>{info}</li>
                ))}
              </ul>
            </div>
          </div>
        </ServiceSection>

        <ClosingCta
          title={'Prêt à faire installer votre puce\u00a0?'}
          text={<p>Envoyez votre demande de devis en ligne avec le modèle de votre console et les options choisies&nbsp;: nous vous répondons rapidement.</p>}
          actions={
            <CtaLink to="/devis-en-ligne" icon={FileText}>
              Demander un devis
            </CtaLink>
          }
        />
      </Suspense>
    </>
  );
}
