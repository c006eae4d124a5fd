import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function BlogBetaPage() {
  return (
    <PageIntro title="Blog" lead="Notre blog est en cours de développement (version bêta) et ouvrira prochainement.">
      <ContactActions />
    </PageIntro>
  );
}
