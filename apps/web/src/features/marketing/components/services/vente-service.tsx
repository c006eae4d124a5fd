import { FileText, Mail, Recycle, ScanSearch, ShoppingBag } from 'lucide-react';
import { euroRange } from '../../content/services/format';
import {
  buyBackConditions,
  buyingAdvantages,
  conditionGrades,
  environmentFigures,
  expertDiagnostic,
  sellSteps,
  tradeInAdvantages,
  tradeInCategories,
} from '../../content/services/vente';
import {
  ActionLink,
  CardGrid,
  CheckList,
  ClosingCta,
  CtaLink,
  FigureList,
  ServiceHero,
  ServiceSection,
  StepList,
  cardClasses,
} from './service-blocks';

export function VenteService({ title }: { title: string }) {
  return (
    <>
      <ServiceHero
        title={title}
        icon={Recycle}
        lead={
          <p>
            Vendez-nous le smartphone, la tablette ou la console dont vous ne vous servez plus, ou offrez-vous un appareil reconditionné et
            garanti 6&nbsp;mois, jusqu’à 50&nbsp;% moins cher que le neuf.
          </p>
        }
        actions={
          <>
            <ActionLink to="/devis-en-ligne" icon={FileText}>
              Estimer mon appareil
            </ActionLink>
            <ActionLink to="/boutique" icon={ShoppingBag} variant="secondary">
              Voir nos appareils
            </ActionLink>
          </>
        }
      />

      <ServiceSection
        title="Les appareils que nous rachetons et vendons"
        intro={<p>Fourchettes indicatives&nbsp;: le prix exact dépend du modèle, de la capacité et de l’état constaté.</p>}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tradeInCategories.map((category) => {
            const Icon = category.icon;
            return (
              <li key={category.name} className={`${cardClasses} flex flex-col`}>
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-300">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="text-lg font-semibold">{category.name}</h3>
                </div>
                <p className="mt-3 text-slate-700 dark:text-slate-300">{category.description}</p>
                <dl className="mt-auto grid grid-cols-2 gap-2 pt-4 text-sm">
                  <div className="rounded-lg bg-slate-100 p-3 dark:bg-ink-800">
                    <dt className="text-slate-700 dark:text-slate-300">Rachat</dt>
                    <dd className="mt-0.5 font-bold text-slate-900 dark:text-slate-100">{euroRange(...category.tradingRange)}</dd>
                  </div>
                  <div className="rounded-lg bg-brand-50 p-3 dark:bg-brand-800/30">
                    <dt className="text-slate-700 dark:text-slate-300">Revente</dt>
                    <dd className="mt-0.5 font-bold text-brand-800 dark:text-brand-300">{euroRange(...category.sellingRange)}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      </ServiceSection>

      <ServiceSection muted title="Vendre votre appareil en 3 étapes">
        <StepList steps={sellSteps} />
      </ServiceSection>

      <ServiceSection title="Conditions de rachat">
        <CheckList items={buyBackConditions} className="max-w-3xl" />
      </ServiceSection>

      <ServiceSection
        muted
        title="Nos grades de qualité"
        intro={<p>Chaque appareil reconditionné est classé selon son aspect. Le fonctionnement, lui, est le même pour tous les grades.</p>}
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {conditionGrades.map((grade) => (
            <li key={grade.grade} className={cardClasses}>
              <h3 className="text-lg font-semibold">{grade.grade}</h3>
              <p className="mt-2 text-3xl font-extrabold text-brand-700 dark:text-brand-300">
                {grade.discount}
                <span className="block text-sm font-semibold text-slate-700 dark:text-slate-300">d’économie par rapport au neuf</span>
              </p>
              <p className="mt-3 text-slate-700 dark:text-slate-300">{grade.description}</p>
            </li>
          ))}
        </ul>
      </ServiceSection>

      <ServiceSection title="Les avantages de la reprise">
        <CardGrid cards={tradeInAdvantages} cols={4} />
      </ServiceSection>

      <ServiceSection muted title="Les avantages d’acheter reconditionné">
        <CardGrid cards={buyingAdvantages} cols={4} />
      </ServiceSection>

      <ServiceSection title="Un geste pour la planète" intro={<p>Reconditionner plutôt que fabriquer du neuf, c’est autant de ressources épargnées.</p>}>
        <FigureList figures={environmentFigures} />
      </ServiceSection>

      <ServiceSection muted title="Un diagnostic d’expert pour chaque appareil">
        <div className="flex max-w-3xl gap-4">
          <ScanSearch aria-hidden="true" className="size-7 shrink-0 text-brand-700 dark:text-brand-300" />
          <CheckList items={expertDiagnostic} />
        </div>
      </ServiceSection>

      <ClosingCta
        title="Vendre ou acheter, c’est ici"
        text={<p>Faites estimer votre appareil, découvrez nos reconditionnés ou posez-nous vos questions.</p>}
        actions={
          <>
            <CtaLink to="/devis-en-ligne" icon={FileText}>
              Estimer mon appareil
            </CtaLink>
            <CtaLink to="/boutique" icon={ShoppingBag} variant="secondary">
              Voir nos appareils
            </CtaLink>
            <CtaLink to="/contact" icon={Mail} variant="secondary">
              Nous contacter
            </CtaLink>
          </>
        }
      />
    </>
  );
}
