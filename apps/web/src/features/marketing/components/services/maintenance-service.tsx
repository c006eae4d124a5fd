import { Gift, Mail, FileText, MemoryStick } from 'lucide-react';
import {
  upgradeComponents,
  upgradeGains,
  upgradeReasons,
  upgradeSavings,
  upgradeSteps,
} from '../../content/services/maintenance';
import { ActionLink, CardBody, CardGrid, ClosingCta, FigureList, QuoteContactCallActions, ServiceHero, ServiceSection, StepList, cardClasses } from './service-blocks';

export function MaintenanceService({ title }: { title: string }) {
  return (
    <>
      <ServiceHero
        title={title}
        icon={MemoryStick}
        lead={
          <p>
            Votre ordinateur rame, démarre lentement ou peine dans les jeux&nbsp;? Avant d’en racheter un, faites-le évoluer&nbsp;:
            mémoire, SSD, processeur ou carte graphique, nous installons les composants qui changent vraiment la donne.
          </p>
        }
        highlight={{ label: 'Diagnostic', value: 'Gratuit', note: 'avant toute amélioration' }}
        actions={
          <>
            <ActionLink to="/devis-en-ligne" icon={FileText}>
              Demander un devis
            </ActionLink>
            <ActionLink to="/contact" icon={Mail} variant="secondary">
              Nous contacter
            </ActionLink>
          </>
        }
      />

      <ServiceSection title="Ce que vous pouvez gagner" intro={<p>Des gains constatés selon le composant changé et l’état de départ de la machine.</p>}>
        <FigureList figures={upgradeGains} />
      </ServiceSection>

      <ServiceSection muted title="Les composants que nous améliorons">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {upgradeComponents.map((component) => (
            <li key={component.title} className={cardClasses}>
              <CardBody card={component}>
                <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 dark:bg-brand-800/30 dark:text-brand-300">
                  {component.spec}
                </p>
              </CardBody>
            </li>
          ))}
        </ul>
      </ServiceSection>

      <ServiceSection title="Notre méthode en 3 étapes">
        <StepList steps={upgradeSteps} />
      </ServiceSection>

      <ServiceSection muted title="Pourquoi faire évoluer plutôt que remplacer">
        <CardGrid cards={upgradeReasons} cols={4} />
      </ServiceSection>

      <ServiceSection title="Des économies durables">
        <FigureList figures={upgradeSavings} />
      </ServiceSection>

      <section aria-labelledby="diagnostic-gratuit" className="pb-4">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 sm:flex-row sm:items-center">
          <div className="flex flex-1 gap-4 rounded-2xl border-2 border-brand-600 bg-brand-50 p-5 dark:border-brand-300 dark:bg-ink-900">
            <Gift aria-hidden="true" className="size-8 shrink-0 text-brand-700 dark:text-brand-300" />
            <div>
              <h2 id="diagnostic-gratuit" className="text-xl font-bold">
                Diagnostic gratuit
              </h2>
              <p className="mt-1 text-slate-800 dark:text-slate-200">
                Apportez votre ordinateur&nbsp;: nous identifions ce qui le ralentit et ce qu’une amélioration peut lui apporter, sans frais
                et sans engagement.
              </p>
            </div>
          </div>
        </div>
      </section>

      <ClosingCta
        title="Redonnez un coup de jeune à votre ordinateur"
        text={<p>Dites-nous quel est votre ordinateur et ce que vous en faites&nbsp;: nous vous conseillons les améliorations utiles et leur prix.</p>}
        actions={
          <QuoteContactCallActions />
        }
      />
    </>
  );
}
