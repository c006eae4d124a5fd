import { ShopBetaPage } from '../../features/shop/pages/shop-beta-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ShopBetaPage />;
}
