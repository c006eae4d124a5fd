import { AssistanceService } from '../../../features/marketing/components/services/assistance-service';
import { ServicePage } from '../../../features/marketing/pages/service-page';
import { pageMeta } from '../../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ServicePage slug="assistance" Service={AssistanceService} />;
}
