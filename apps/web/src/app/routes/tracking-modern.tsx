import { TrackingModernPage } from '../../features/tracking/pages/tracking-modern-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <TrackingModernPage />;
}
