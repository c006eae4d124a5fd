import { AboutPage } from '../../features/marketing/pages/about-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <AboutPage />;
}
