import { FileText, Headset, Mail, ShieldCheck } from 'lucide-react';
import { assistanceSteps, remoteFigures, remoteTool, remoteUses, safetyRules, supportedSystems } from '../../content/services/assistance';
import {
  ActionLink,
  CardGrid,
  CheckList,
  ClosingCta,
  CtaCall,
  CtaLink,
  ExternalLink,
  FigureList,
  ServiceHero,
  ServiceSection,
  StepList,
} from './service-blocks';
import { useStoreProfile } from '../../../../lib/store-profile';

export function AssistanceService({ title }: { title: string }) {
  const storeProfile = useStoreProfile();
  return (
    <>
      <ServiceHero
        title={title}
        icon={Headset}
        lead={
          <p>
            Un problème sur votre ordinateur, sans pouvoir vous déplacer&nbsp;? Un technicien se connecte à votre écran, avec votre
            accord, et règle le souci pendant que vous suivez tout. Nous utilisons {remoteTool.name}, un logiciel libre et gratuit.
          </p>
        }
        actions={
          <>
            <ExternalLink href={remoteTool.downloadUrl} button>
              Télécharger {remoteTool.name}
            </ExternalLink>
            <ActionLink to="/contact" icon={Mail} variant="secondary">
              Nous contacter
            </ActionLink>
          </>
        }
      >
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          En savoir plus sur le logiciel&nbsp;: <ExternalLink href={remoteTool.siteUrl}>site officiel de {remoteTool.name}</ExternalLink>
        </p>
      </ServiceHero>

      <ServiceSection title="Une assistance en 3 étapes">
        <StepList steps={assistanceSteps} />
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          Pour l’étape 2, appelez-nous au{' '}
          <a className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300" href={`tel:${storeProfile.phone.e164}`}>
            {storeProfile.phone.display}
          </a>
          .
        </p>
      </ServiceSection>

      <ServiceSection muted title="Systèmes pris en charge">
        <CardGrid cards={supportedSystems} />
      </ServiceSection>

      <ServiceSection title="Une assistance rapide et sécurisée">
        <FigureList figures={remoteFigures} />
      </ServiceSection>

      <ServiceSection muted title="Ce que nous réglons à distance">
        <CheckList items={remoteUses} className="max-w-3xl" />
      </ServiceSection>

      <ServiceSection title="Votre sécurité d’abord">
        <div className="flex max-w-3xl gap-4">
          <ShieldCheck aria-hidden="true" className="size-7 shrink-0 text-brand-700 dark:text-brand-300" />
          <CheckList items={safetyRules} />
        </div>
      </ServiceSection>

      <ClosingCta
        title={'Besoin d’un coup de main à distance\u00a0?'}
        text={<p>Contactez-nous pour convenir d’une session, ou demandez un devis si le problème semble plus lourd.</p>}
        actions={
          <>
            <CtaLink to="/contact" icon={Mail}>
              Nous contacter
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
