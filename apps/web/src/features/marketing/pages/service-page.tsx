import type { ComponentType } from 'react';
import { servicePages } from '@erepare/shared/routes';
import { ContactActions } from '../../../components/contact-actions';
import { JsonLd } from '../../../components/json-ld';
import { buildService } from '../../../components/local-business-json-ld';
import { usePublicOrigin } from '../../../lib/public-url';
import { useStoreProfile } from '../../../lib/store-profile';
import { PageIntro } from '../../../components/ui/page-intro';
import { serviceDescriptions } from '../content/services/descriptions';

export type ServiceProps = { title: string };

/**
 * The page of the service `slug`, showing its `Service` component. Each service page has its own
 * route module (app/routes/services/<slug>.tsx) importing its service: a visitor of one service
 * page loads only that service's texts, icons and widgets, and the server-rendered HTML is
 * complete before the page hydrates.
 */
export function ServicePage({ slug, Service }: { slug: string; Service: ComponentType<ServiceProps> | undefined }) {
  const page = servicePages.find((candidate) => candidate.slug === slug);
  const profile = useStoreProfile();
  const origin = usePublicOrigin();
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
      <JsonLd data={buildService(profile, { origin, name: page.title, description: serviceDescriptions[page.slug], path: page.path })} />
      <Service title={page.title} />
    </>
  );
}
