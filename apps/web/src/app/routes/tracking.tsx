import { TrackingPage } from '../../features/tracking/pages/tracking-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <TrackingPage />;
}
