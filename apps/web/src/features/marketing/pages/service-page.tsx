import type { ComponentType } from 'react';
import { servicePages } from '@erepare/shared/routes';
import { ContactActions } from '../../../components/contact-actions';
import { LocalBusinessJsonLd } from '../../../components/local-business-json-ld';
import { PageIntro } from '../../../components/ui/page-intro';
import { AssistanceService } from '../components/services/assistance-service';
import { CoquesService } from '../components/services/coques-service';
import { MaintenanceService } from '../components/services/maintenance-service';
import { PicoflyService } from '../components/services/picofly-service';
import { RecuperationService } from '../components/services/recuperation-service';
import { SurveillanceService } from '../components/services/surveillance-service';
import { VenteService } from '../components/services/vente-service';
import { VirusService } from '../components/services/virus-service';
import { WebService } from '../components/services/web-service';
import { serviceDescriptions } from '../content/services/descriptions';

type ServiceProps = { title: string };

/**
 * One module per service, imported statically: the texts are small and the prerendered HTML of
 * each service page is then complete (no lazy boundary to resolve at build time).
 */
const services: Record<string, ComponentType<ServiceProps>> = {
  'picofly-installation': PicoflyService,
  coques: CoquesService,
  recuperation: RecuperationService,
  surveillance: SurveillanceService,
  web: WebService,
  maintenance: MaintenanceService,
  virus: VirusService,
  assistance: AssistanceService,
  vente: VenteService,
};

export function ServicePage({ slug }: { slug: string }) {
  const page = servicePages.find((candidate) => candidate.slug === slug);
  const Service = page ? services[page.slug] : undefined;
  if (!page || !Service) {
    // The router sends unknown /services/* paths to the home page; this only guards a bad slug.
    return (
      <PageIntro
        eyebrow="Nos services"
        title="Service introuvable"
        lead={'Ce service n’existe pas ou n’est plus proposé. Demandez-nous un devis ou contactez l’atelier\u00a0: nous vous orienterons.'}
      >
        <ContactActions />
      </PageIntro>
    );
  }
  return (
    <>
      <LocalBusinessJsonLd name={page.title} description={serviceDescriptions[page.slug]} path={page.path} />
      <Service title={page.title} />
    </>
  );
}
