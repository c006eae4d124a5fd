import { data } from 'react-router';
import { NotFoundPage } from '../../features/marketing/pages/not-found-page';
import { pageMeta } from '../page-meta';

/** Any path outside the route table: the not-found page with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = pageMeta;

export default function Page() {
  return <NotFoundPage />;
}
