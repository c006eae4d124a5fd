import type { MetaArgs } from 'react-router';
import { ShopBetaPage } from '../../features/shop/pages/shop-beta-page';
import { pageHead, rootData } from '../page-meta';

/** While the shop is closed for maintenance, the page says so in its title too. */
export const meta = (args: MetaArgs) =>
  pageHead(args, rootData(args.matches)?.settings.shopMaintenanceMode ? { title: 'Boutique – accès temporairement restreint' } : {});

export default function Page() {
  return <ShopBetaPage />;
}
