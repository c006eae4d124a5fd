import { ContactActions } from '../../../components/contact-actions';
import { PageIntro } from '../../../components/ui/page-intro';

export function SocialPage() {
  return (
    <PageIntro title="Nos réseaux sociaux" lead="Suivez l’actualité de l’atelier sur Facebook, Instagram et TikTok : les liens se trouvent en bas de chaque page, et une présentation plus complète arrive bientôt ici.">
      <ContactActions />
    </PageIntro>
  );
}
