import { SocialPage } from '../../features/marketing/pages/social-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <SocialPage />;
}
