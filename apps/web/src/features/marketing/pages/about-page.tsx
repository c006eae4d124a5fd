import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function AboutPage() {
  return (
    <PageIntro title="À propos de l’atelier" lead="E.repare est un atelier de réparation de smartphones, tablettes, ordinateurs et consoles installé à Gujan-Mestras. La présentation complète de l’atelier et de son équipe arrive bientôt.">
      <ContactActions />
    </PageIntro>
  );
}
