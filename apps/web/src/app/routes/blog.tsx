import { BlogPage } from '../../features/marketing/pages/blog-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <BlogPage />;
}
