import { FaqPage } from '../../features/marketing/pages/faq-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <FaqPage />;
}
