import { DatabaseBackup, FileText, TriangleAlert } from 'lucide-react';
import {
  nasOffers,
  recoveryAdvice,
  recoveryCleanRoomNote,
  recoveryDevices,
  recoverySteps,
} from '../../content/services/recuperation';
import { ActionLink, CardBody, CardGrid, CheckList, ClosingCta, CtaCall, CtaLink, ServiceHero, ServiceSection, StepList, cardClasses } from './service-blocks';

export function RecuperationService({ title }: { title: string }) {
  return (
    <>
      <ServiceHero
        title={title}
        icon={DatabaseBackup}
        lead={
          <p>
            Téléphone muet, clé USB illisible, disque dur qui ne démarre plus&nbsp;: vos photos et vos documents ne sont pas forcément
            perdus. Nous évaluons ce qui peut être sauvé et vous proposons la solution adaptée, avec un devis avant toute intervention.
          </p>
        }
        actions={
          <ActionLink to="/devis-en-ligne" icon={FileText}>
            Demander une récupération
          </ActionLink>
        }
      />

      <ServiceSection title="Les supports que nous prenons en charge">
        <CardGrid cards={recoveryDevices} />
        <div
          className="mt-6 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-400/40 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{recoveryCleanRoomNote}</p>
        </div>
      </ServiceSection>

      <ServiceSection muted title="Comment se passe une récupération" intro={<p>Trois étapes, et vous êtes informé à chacune d’elles.</p>}>
        <StepList steps={recoverySteps} />
      </ServiceSection>

      <ServiceSection title="Les bons réflexes en attendant">
        <CheckList items={recoveryAdvice} className="max-w-3xl" />
      </ServiceSection>

      <ServiceSection
        muted
        title="Installation de sauvegarde NAS"
        intro={<p>La meilleure récupération est celle dont on n’a jamais besoin. Nous installons un NAS (serveur de stockage en réseau) qui sauvegarde vos données automatiquement.</p>}
      >
        <ul className="grid gap-4 md:grid-cols-2">
          {nasOffers.map((offer) => (
            <li key={offer.title} className={cardClasses}>
              <CardBody card={offer}>
                <p className="mt-4 text-sm font-semibold text-brand-700 dark:text-brand-300">Pour&nbsp;: {offer.audience}</p>
              </CardBody>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <ActionLink to="/devis-en-ligne" icon={FileText} variant="secondary">
            Demander un devis NAS
          </ActionLink>
        </div>
      </ServiceSection>

      <ClosingCta
        title={'Des données à sauver\u00a0?'}
        text={<p>Décrivez-nous la panne dans la demande de devis en ligne&nbsp;: nous vous répondons avec les possibilités de récupération et leur coût.</p>}
        actions={
          <>
            <CtaLink to="/devis-en-ligne" icon={FileText}>
              Demander un devis
            </CtaLink>
            <CtaCall />
          </>
        }
      />
    </>
  );
}
