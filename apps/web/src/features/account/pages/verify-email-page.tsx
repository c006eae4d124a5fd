import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function VerifyEmailPage() {
  return (
    <PageIntro title="Vérification de l’adresse e-mail" lead="La vérification de votre adresse e-mail sera disponible avec l’ouverture de l’espace client.">
      <ButtonLink to="/compte" variant="secondary">Retour à mon compte</ButtonLink>
    </PageIntro>
  );
}
