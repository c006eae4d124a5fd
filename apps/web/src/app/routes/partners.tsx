import { PartnersPage } from '../../features/marketing/pages/partners-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <PartnersPage />;
}
