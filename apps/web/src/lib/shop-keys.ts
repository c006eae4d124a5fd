import type { ProductListParams } from './shop-api';

/** The query keys of the shop endpoints (shop-api.ts), apart: the product route's loader seeds one (app/routes/product.tsx). */
export const shopKeys = {
  all: ['shop'] as const,
  products: (params: ProductListParams) => ['shop', 'products', params] as const,
  product: (id: number) => ['shop', 'product', id] as const,
  categories: ['shop', 'categories'] as const,
  coupons: ['shop', 'coupons'] as const,
  loyalty: ['shop', 'loyalty'] as const,
  shippingMethods: ['shop', 'shipping-methods'] as const,
  paymentGateways: ['shop', 'payment-gateways'] as const,
};
