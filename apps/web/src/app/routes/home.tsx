import { HomePage } from '../../features/marketing/pages/home-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <HomePage />;
}
