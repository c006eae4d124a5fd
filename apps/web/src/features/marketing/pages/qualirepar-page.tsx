import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function QualireparPage() {
  return (
    <PageIntro title="Bonus réparation QualiRépar" lead="Le détail du bonus réparation et de son application sur votre facture sera publié ici prochainement. Demandez-nous à l’atelier si votre appareil y est éligible.">
      <ContactActions />
    </PageIntro>
  );
}
