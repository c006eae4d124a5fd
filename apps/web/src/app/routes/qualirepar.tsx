import { QualireparPage } from '../../features/marketing/pages/qualirepar-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <QualireparPage />;
}
