import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function OrderPage() {
  return (
    <PageIntro title="Ma commande" lead="Le détail de vos commandes en ligne sera disponible dans votre espace client à l’ouverture de la boutique.">
      <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
    </PageIntro>
  );
}
