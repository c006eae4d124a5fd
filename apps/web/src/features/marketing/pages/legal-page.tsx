import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function LegalPage() {
  return (
    <PageIntro title="Mentions légales et politique de confidentialité" lead="Les mentions légales complètes et notre politique de confidentialité seront publiées ici prochainement. Ce site n’utilise aucun cookie publicitaire ni de mesure d’audience.">
      <ContactActions quote={false} />
    </PageIntro>
  );
}
