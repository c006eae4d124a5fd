import { VirusService } from '../../../features/marketing/components/services/virus-service';
import { ServicePage } from '../../../features/marketing/pages/service-page';
import { pageMeta } from '../../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ServicePage slug="virus" Service={VirusService} />;
}
