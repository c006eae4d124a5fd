import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function PartnersPage() {
  return (
    <PageIntro title="Marques et partenaires" lead="Nous présenterons bientôt sur cette page les marques et les partenaires avec lesquels l’atelier travaille.">
      <ContactActions />
    </PageIntro>
  );
}
