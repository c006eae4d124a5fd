import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function FaqPage() {
  return (
    <PageIntro title="Questions fréquentes" lead="Les réponses aux questions que l’on nous pose le plus souvent seront publiées ici prochainement. Une question dès maintenant ? Contactez-nous.">
      <ContactActions />
    </PageIntro>
  );
}
