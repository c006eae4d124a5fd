import { MaintenancePage } from '../../features/marketing/pages/maintenance-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <MaintenancePage />;
}
