import { landingPages } from '@erepare/shared/routes';
import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function LandingPage({ slug }: { slug: string }) {
  const landing = landingPages.find((page) => page.slug === slug);
  const town = landing?.town ?? 'votre commune';
  return (
    <PageIntro
      eyebrow={`Réparation près de ${town}`}
      title={landing?.title ?? 'Réparation près de chez vous'}
      lead={`Vous habitez ${town} ? Notre atelier de Gujan-Mestras répare smartphones, tablettes, ordinateurs et consoles. Le détail de nos services pour ${town} arrive bientôt sur cette page.`}
    >
      <ContactActions />
    </PageIntro>
  );
}
