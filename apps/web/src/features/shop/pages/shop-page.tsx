import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function ShopPage() {
  return (
    <PageIntro title="Boutique" lead="Notre boutique en ligne de produits reconditionnés et d’accessoires ouvre bientôt. En attendant, nos produits sont disponibles à l’atelier de Gujan-Mestras.">
      <ContactActions quote={false} />
    </PageIntro>
  );
}
