import { CgvPage } from '../../features/marketing/pages/cgv-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <CgvPage />;
}
