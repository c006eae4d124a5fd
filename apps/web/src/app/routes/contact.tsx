import { ContactPage } from '../../features/marketing/pages/contact-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ContactPage />;
}
