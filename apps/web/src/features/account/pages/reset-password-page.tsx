import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function ResetPasswordPage() {
  return (
    <PageIntro title="Nouveau mot de passe" lead="Le choix d’un nouveau mot de passe sera disponible avec l’ouverture de l’espace client.">
      <ButtonLink to="/compte" variant="secondary">Retour à mon compte</ButtonLink>
    </PageIntro>
  );
}
