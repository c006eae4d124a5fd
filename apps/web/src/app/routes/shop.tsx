import { ShopPage } from '../../features/shop/pages/shop-page';
import { pageMeta } from '../page-meta';

export const meta = pageMeta;

export default function Page() {
  return <ShopPage />;
}
