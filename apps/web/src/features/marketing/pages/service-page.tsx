import { servicePages } from '@erepare/shared/routes';
import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function ServicePage({ slug }: { slug: string }) {
  const service = servicePages.find((page) => page.slug === slug);
  const title = service?.title ?? 'Nos services';
  return (
    <PageIntro
      eyebrow="Nos services"
      title={title}
      lead={`La présentation détaillée de ce service arrive bientôt. Pour un devis ou une question sur « ${title} », contactez l’atelier.`}
    >
      <ContactActions />
    </PageIntro>
  );
}
