import { QuotePage } from '../../features/marketing/pages/quote-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <QuotePage />;
}
