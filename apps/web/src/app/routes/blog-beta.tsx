import { BlogBetaPage } from '../../features/marketing/pages/blog-beta-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <BlogBetaPage />;
}
