import { FileText, RotateCcw, ShieldAlert, Siren } from 'lucide-react';
import {
  includedServices,
  infectionCauses,
  infectionSigns,
  preventionAdvice,
  reinstallPoints,
  removalSteps,
  threatTypes,
  type Severity,
} from '../../content/services/virus';
import { ActionLink, CardGrid, CheckList, ClosingCta, CtaCall, CtaLink, ServiceHero, ServiceSection, StepList, cardClasses } from './service-blocks';

const severityStyles: Record<Severity, string> = {
  Modéré: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-900/40 dark:text-amber-100 dark:ring-amber-400/40',
  Élevé: 'bg-orange-100 text-orange-900 ring-orange-300 dark:bg-orange-900/40 dark:text-orange-100 dark:ring-orange-400/40',
  Critique: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/50 dark:text-red-100 dark:ring-red-400/40',
};

export function VirusService({ title }: { title: string }) {
  return (
    <>
      <ServiceHero
        title={title}
        icon={ShieldAlert}
        lead={
          <p>
            Ordinateur lent, publicités envahissantes, fichiers chiffrés&nbsp;: nous débarrassons votre machine des virus et logiciels
            malveillants, nous réparons ce qu’ils ont abîmé et nous la protégeons pour la suite, sans perdre vos données.
          </p>
        }
        actions={
          <>
            <ActionLink to="/contact" icon={Siren}>
              Intervention urgente
            </ActionLink>
            <ActionLink to="/devis-en-ligne" icon={FileText} variant="secondary">
              Demander un devis
            </ActionLink>
          </>
        }
      />

      <ServiceSection title="Les menaces que nous éliminons" intro={<p>Six grandes familles de logiciels malveillants, classées selon leur gravité.</p>}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {threatTypes.map((threat) => (
            <li key={threat.name} className={cardClasses}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold">{threat.name}</h3>
                <p className={`rounded-full px-3 py-1 text-xs font-bold ring-1 ${severityStyles[threat.severity]}`}>
                  <span className="sr-only">Gravité&nbsp;: </span>
                  {threat.severity}
                </p>
              </div>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{threat.description}</p>
            </li>
          ))}
        </ul>
      </ServiceSection>

      <ServiceSection muted title="Les signes qui doivent alerter">
        <CheckList items={infectionSigns} className="max-w-3xl" />
      </ServiceSection>

      <ServiceSection title="Comment les infections arrivent">
        <CardGrid cards={infectionCauses} />
      </ServiceSection>

      <ServiceSection muted title="Notre intervention en 4 étapes">
        <StepList steps={removalSteps} />
      </ServiceSection>

      <ServiceSection title="Ce qui est inclus">
        <CardGrid cards={includedServices} cols={4} />
      </ServiceSection>

      <ServiceSection
        muted
        title="Réinstallation en conservant vos données"
        intro={
          <p>
            Quand le système est trop atteint pour être nettoyé de façon fiable, nous le réinstallons entièrement, sans que vous perdiez
            vos fichiers.
          </p>
        }
      >
        <div className="flex max-w-3xl gap-4">
          <RotateCcw aria-hidden="true" className="size-7 shrink-0 text-brand-700 dark:text-brand-300" />
          <CheckList items={reinstallPoints} />
        </div>
      </ServiceSection>

      <ServiceSection title="Nos conseils pour rester protégé">
        <CheckList items={preventionAdvice} className="max-w-3xl" />
      </ServiceSection>

      <ClosingCta
        title={'Votre ordinateur est infecté\u00a0?'}
        text={
          <p>
            Débranchez-le d’Internet, ne payez aucune rançon et ne saisissez plus de mot de passe dessus. Contactez-nous pour une intervention
            urgente, ou demandez un devis en ligne.
          </p>
        }
        actions={
          <>
            <CtaLink to="/contact" icon={Siren}>
              Intervention urgente
            </CtaLink>
            <CtaLink to="/devis-en-ligne" icon={FileText} variant="secondary">
              Demander un devis
            </CtaLink>
            <CtaCall />
          </>
        }
      />
    </>
  );
}
