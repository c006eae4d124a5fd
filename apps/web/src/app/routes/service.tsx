import { ServiceRoutePage } from '../../features/marketing/pages/service-page';
import { pageMeta, usePageSlug } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ServiceRoutePage slug={usePageSlug()} />;
}
