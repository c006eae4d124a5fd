import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function ForgotPasswordPage() {
  return (
    <PageIntro title="Mot de passe oublié" lead="La réinitialisation du mot de passe en ligne sera disponible avec l’ouverture de l’espace client.">
      <ButtonLink to="/compte" variant="secondary">Retour à mon compte</ButtonLink>
    </PageIntro>
  );
}
