import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function ReparacteursPage() {
  return (
    <PageIntro title="Label RéparActeurs" lead="La présentation du label RéparActeurs et de nos engagements sera publiée ici prochainement.">
      <ContactActions />
    </PageIntro>
  );
}
