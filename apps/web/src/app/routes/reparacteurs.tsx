import { ReparacteursPage } from '../../features/marketing/pages/reparacteurs-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ReparacteursPage />;
}
