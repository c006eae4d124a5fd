import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function BlogPage() {
  return (
    <PageIntro title="Blog" lead="Nos articles de conseils pour entretenir et réparer vos appareils arrivent bientôt.">
      <ContactActions />
    </PageIntro>
  );
}
