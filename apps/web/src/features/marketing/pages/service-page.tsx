import type { ComponentType, FunctionComponent } from 'react';
import { servicePages } from '@erepare/shared/routes';
import { ContactActions } from '../../../components/contact-actions';
import { LocalBusinessJsonLd } from '../../../components/local-business-json-ld';
import { PageIntro } from '../../../components/ui/page-intro';
import { serviceDescriptions } from '../content/services/descriptions';

export type ServiceProps = { title: string };
type ServiceLoader = () => Promise<ComponentType<ServiceProps>>;

/**
 * One chunk per service: a visitor of one service page loads, parses and runs only that service's
 * texts, icons and widgets (the nine together were 76 kB, ~30 ms of work on a phone before the
 * page could answer a tap). The route waits for its service before rendering (router.tsx), so the
 * prerendered HTML is complete and the first render in the browser matches it.
 */
const services: Record<string, ServiceLoader> = {
  'picofly-installation': () => import('../components/services/picofly-service').then((m) => m.PicoflyService),
  coques: () => import('../components/services/coques-service').then((m) => m.CoquesService),
  recuperation: () => import('../components/services/recuperation-service').then((m) => m.RecuperationService),
  surveillance: () => import('../components/services/surveillance-service').then((m) => m.SurveillanceService),
  web: () => import('../components/services/web-service').then((m) => m.WebService),
  maintenance: () => import('../components/services/maintenance-service').then((m) => m.MaintenanceService),
  virus: () => import('../components/services/virus-service').then((m) => m.VirusService),
  assistance: () => import('../components/services/assistance-service').then((m) => m.AssistanceService),
  vente: () => import('../components/services/vente-service').then((m) => m.VenteService),
};

/** The page of the service `slug`, its code loaded. */
export async function loadServicePage(slug: string): Promise<FunctionComponent<{ slug?: string }>> {
  const page = servicePages.find((candidate) => candidate.slug === slug);
  const load = page ? services[page.slug] : undefined;
  const Service = load ? await load() : undefined;
  return function LoadedServicePage() {
    return <ServicePage slug={slug} Service={Service} />;
  };
}

/** The page of the service `slug`, showing its `Service` component. */
export function ServicePage({ slug, Service }: { slug: string; Service: ComponentType<ServiceProps> | undefined }) {
  const page = servicePages.find((candidate) => candidate.slug === slug);
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
