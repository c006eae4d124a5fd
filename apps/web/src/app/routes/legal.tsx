import { LegalPage } from '../../features/marketing/pages/legal-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <LegalPage />;
}
