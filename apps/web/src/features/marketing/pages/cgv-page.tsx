import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function CgvPage() {
  return (
    <PageIntro title="Conditions générales de vente" lead="Nos conditions générales de vente seront publiées sur cette page avant l’ouverture de la boutique en ligne.">
      <ContactActions quote={false} />
    </PageIntro>
  );
}
