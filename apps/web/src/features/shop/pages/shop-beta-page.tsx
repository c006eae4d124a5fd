import { RestrictedShopNotice } from '../../../components/restricted-shop-notice';

export function ShopBetaPage() {
  return <RestrictedShopNotice />;
}
