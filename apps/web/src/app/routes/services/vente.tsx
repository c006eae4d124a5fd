import { VenteService } from '../../../features/marketing/components/services/vente-service';
import { ServicePage } from '../../../features/marketing/pages/service-page';
import { pageMeta } from '../../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ServicePage slug="vente" Service={VenteService} />;
}
