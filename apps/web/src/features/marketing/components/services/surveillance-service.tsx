import { Cctv, FileText, Info, Mail } from 'lucide-react';
import {
  afterInstall,
  cameraTypes,
  homeNetwork,
  installSteps,
  legalReminder,
  warrantyStatement,
} from '../../content/services/surveillance';
import { ActionLink, CardBody, CardGrid, ClosingCta, QuoteContactCallActions, ServiceHero, ServiceSection, StepList, cardClasses } from './service-blocks';

export function SurveillanceService({ title }: { title: string }) {
  const Warranty = warrantyStatement.icon;
  return (
    <>
      <ServiceHero
        title={title}
        icon={Cctv}
        lead={
          <p>
            Maison, commerce ou local professionnel&nbsp;: nous choisissons avec vous les caméras adaptées, nous les installons et nous
            configurons tout pour que vous surveilliez vos lieux depuis votre téléphone.
          </p>
        }
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

      <ServiceSection title="Des caméras pour chaque besoin">
        <CardGrid cards={cameraTypes} />
      </ServiceSection>

      <ServiceSection muted title={homeNetwork.title}>
        <div className={`${cardClasses} max-w-3xl`}>
          <CardBody card={{ ...homeNetwork, title: 'Tout voir depuis votre téléphone' }} />
        </div>
      </ServiceSection>

      <ServiceSection title="L’installation en 3 étapes">
        <StepList steps={installSteps} />
        <p className="mt-6 flex max-w-3xl gap-3 text-slate-700 dark:text-slate-300">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
          <span>{legalReminder}</span>
        </p>
      </ServiceSection>

      <ServiceSection muted title="Après l’installation, nous restons là">
        <CardGrid cards={afterInstall} />
      </ServiceSection>

      <ServiceSection title={warrantyStatement.title}>
        <div className="flex max-w-3xl gap-4 rounded-2xl border-2 border-brand-600 bg-brand-50 p-5 dark:border-brand-300 dark:bg-ink-900">
          <Warranty aria-hidden="true" className="size-8 shrink-0 text-brand-700 dark:text-brand-300" />
          <p className="text-slate-800 dark:text-slate-200">{warrantyStatement.text}</p>
        </div>
      </ServiceSection>

      <ClosingCta
        title="Sécurisez vos lieux"
        text={<p>Décrivez votre projet dans la demande de devis en ligne ou contactez-nous&nbsp;: nous convenons d’une visite pour évaluer vos besoins.</p>}
        actions={
          <QuoteContactCallActions />
        }
      />
    </>
  );
}
