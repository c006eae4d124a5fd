import { queryOptions } from '@tanstack/react-query';
import { couponMessages, decimalToCents, SHOP_PAGE_SIZE } from '@erepare/shared/shop';
import type {
  Coupon,
  CouponValidateResponse,
  PaymentGateway,
  ProductCategory,
  ProductListResponse,
  Product,
  ShippingMethod,
} from '@erepare/shared/schemas/shop';
import { ApiError, apiRequest } from './api-client';
import { shopKeys } from './shop-keys';

/**
 * The response schemas (and zod with them, ~25 kB gzip) load with the first shop API call rather
 * than with the page: the shop's first paint does not wait for them, and the download overlaps
 * the request they parse.
 */
const loadSchemas = () => import('@erepare/shared/schemas/shop');

/**
 * The shop endpoints of our server (spec 2 §7, served without any key), parsed with their shared
 * schemas. Shared by the shop, the cart, the checkout and the header: every caller goes through
 * the query options below so the cache is shared too.
 */

export type ProductSort = 'date' | 'title' | 'price' | 'popularity';

export type ProductListParams = {
  page?: number;
  search?: string;
  category?: string;
  orderby?: ProductSort;
  order?: 'asc' | 'desc';
  featured?: boolean;
  onSale?: boolean;
  perPage?: number;
};

export function productListPath(params: ProductListParams): string {
  const query = new URLSearchParams();
  query.set('page', String(params.page ?? 1));
  query.set('per_page', String(params.perPage ?? SHOP_PAGE_SIZE));
  const search = params.search?.trim();
  if (search) query.set('search', search);
  const category = params.category?.trim();
  if (category) query.set('category', category);
  if (params.featured !== undefined) query.set('featured', String(params.featured));
  if (params.onSale !== undefined) query.set('on_sale', String(params.onSale));
  if (params.orderby) query.set('orderby', params.orderby);
  if (params.order) query.set('order', params.order);
  return `/api/shop/products?${query.toString()}`;
}

export async function fetchProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductListResponse> {
  const { productListResponseSchema } = await loadSchemas();
  return apiRequest(productListPath(params), { schema: productListResponseSchema, ...(signal ? { signal } : {}) });
}

export async function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const { productResponseSchema } = await loadSchemas();
  const response = await apiRequest(`/api/shop/products/${encodeURIComponent(String(id))}`, {
    schema: productResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

export type CategoryList = { categories: ProductCategory[]; fallback: boolean };

export async function fetchCategories(signal?: AbortSignal): Promise<CategoryList> {
  const { productCategoriesResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/shop/products/categories', {
    schema: productCategoriesResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return { categories: response.data, fallback: response.fallback };
}

export async function fetchActiveCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  const { couponListResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/woocommerce/coupons', { schema: couponListResponseSchema, ...(signal ? { signal } : {}) });
  return response.data;
}

/** Loyalty balance of the signed-in customer in cents; 0 for visitors and on any failure (spec 2 §7: silent). */
export async function fetchLoyaltyBalanceCents(signal?: AbortSignal): Promise<number> {
  try {
    const { loyaltyResponseSchema } = await loadSchemas();
    const response = await apiRequest('/api/shop/loyalty', { schema: loyaltyResponseSchema, ...(signal ? { signal } : {}) });
    return decimalToCents(response.data.balance) ?? 0;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return 0;
  }
}

export async function fetchShippingMethods(signal?: AbortSignal): Promise<ShippingMethod[]> {
  const { shippingMethodsResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/shop/shipping-methods', { schema: shippingMethodsResponseSchema, ...(signal ? { signal } : {}) });
  return response.data;
}

export async function fetchPaymentGateways(signal?: AbortSignal): Promise<PaymentGateway[]> {
  const { paymentGatewaysResponseSchema } = await loadSchemas();
  const response = await apiRequest('/api/shop/payment-gateways', { schema: paymentGatewaysResponseSchema, ...(signal ? { signal } : {}) });
  return response.data;
}

export type CouponCheck =
  | { status: 'valid'; code: string; discountCents: number; coupon: CouponValidateResponse['coupon'] }
  /** The server refused the code (its French message). */
  | { status: 'invalid'; error: string }
  /** The check could not be made (network, server failure): nothing is known about the code. */
  | { status: 'failed'; error: string };

/**
 * POST /api/shop/coupons/validate. The server recomputes the subtotal from its own prices; a 422
 * carries the refusal in `error`. Never throws (except on abort).
 */
export async function validateCoupon(
  code: string,
  items: readonly { product_id: number; quantity: number }[],
  signal?: AbortSignal,
): Promise<CouponCheck> {
  const failed: CouponCheck = { status: 'failed', error: couponMessages.failure };
  let response: Response;
  try {
    response = await fetch('/api/shop/coupons/validate', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ code, items: items.map(({ product_id, quantity }) => ({ product_id, quantity })) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return failed;
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return failed;
  }
  if (response.ok || response.status === 422) {
    const { couponValidateResponseSchema } = await loadSchemas().catch(() => ({ couponValidateResponseSchema: null }));
    if (!couponValidateResponseSchema) return failed;
    const parsed = couponValidateResponseSchema.safeParse(payload);
    if (parsed.success) {
      const result = parsed.data;
      if (response.ok && result.valid) {
        return {
          status: 'valid',
          code: result.coupon?.code ?? code,
          discountCents: decimalToCents(result.discount_amount) ?? 0,
          coupon: result.coupon,
        };
      }
      return { status: 'invalid', error: result.error ?? couponMessages.invalidFallback };
    }
  }
  // Other refusals (400 on a malformed code, 429 rate limit) carry a French message.
  if (response.status >= 400 && response.status < 500 && payload && typeof payload === 'object') {
    const record = payload as Record<string, unknown>;
    const message = typeof record.error === 'string' ? record.error : typeof record.message === 'string' ? record.message : null;
    if (message) return response.status === 429 ? { status: 'failed', error: message } : { status: 'invalid', error: message };
  }
  return failed;
}

// ───────────────────────── query keys and options ─────────────────────────

export { shopKeys };

/** 4xx answers (404 unknown product, 400 bad filter) are final: no retry. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const shopQueries = {
  products: (params: ProductListParams) =>
    queryOptions({
      queryKey: shopKeys.products(params),
      queryFn: ({ signal }) => fetchProducts(params, signal),
      staleTime: 60_000,
      retry: retryUnlessClientError,
    }),
  product: (id: number) =>
    queryOptions({
      queryKey: shopKeys.product(id),
      queryFn: ({ signal }) => fetchProduct(id, signal),
      staleTime: 60_000,
      retry: retryUnlessClientError,
    }),
  categories: () =>
    queryOptions({ queryKey: shopKeys.categories, queryFn: ({ signal }) => fetchCategories(signal), staleTime: 10 * 60_000, retry: 1 }),
  coupons: () =>
    queryOptions({ queryKey: shopKeys.coupons, queryFn: ({ signal }) => fetchActiveCoupons(signal), staleTime: 5 * 60_000, retry: 1 }),
  /** Depends on the session: invalidate it on sign-in and sign-out (the key is under ['shop']). */
  loyalty: () =>
    queryOptions({ queryKey: shopKeys.loyalty, queryFn: ({ signal }) => fetchLoyaltyBalanceCents(signal), staleTime: 60_000, retry: false }),
  shippingMethods: () =>
    queryOptions({
      queryKey: shopKeys.shippingMethods,
      queryFn: ({ signal }) => fetchShippingMethods(signal),
      staleTime: 10 * 60_000,
      retry: 1,
    }),
  paymentGateways: () =>
    queryOptions({
      queryKey: shopKeys.paymentGateways,
      queryFn: ({ signal }) => fetchPaymentGateways(signal),
      staleTime: 10 * 60_000,
      retry: 1,
    }),
};
