import { LandingPage } from '../../features/marketing/pages/landing-page';
import { pageMeta, usePageSlug } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <LandingPage slug={usePageSlug()} />;
}
