import { ButtonLink } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';

export function TestNotificationsPage() {
  return (
    <PageIntro title="Test des notifications" lead="Cette page permettra de tester les notifications push de l’application dès leur mise en service.">
      <ButtonLink to="/compte" variant="secondary">Retour à mon compte</ButtonLink>
    </PageIntro>
  );
}
