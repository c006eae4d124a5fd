import type { Coupon, Product } from '@erepare/shared/schemas/shop';

/** A catalogue product as GET /api/shop/products answers it. */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 101,
    name: 'Coque silicone iPhone 13',
    slug: 'coque-silicone-iphone-13',
    type: 'simple',
    status: 'publish',
    featured: false,
    description: 'Coque souple en silicone, toucher doux.',
    short_description: 'Coque souple en silicone.',
    sku: 'COQ-IP13',
    price: '19.90',
    regular_price: '19.90',
    sale_price: '',
    on_sale: false,
    purchasable: true,
    manage_stock: true,
    stock_quantity: 5,
    stock_status: 'instock',
    in_stock: true,
    categories: [{ id: 4, name: 'Accessoires', slug: 'accessoires' }],
    category: 'Accessoires',
    brand: 'Apple',
    product_type: 'accessory',
    condition: 'Neuf',
    images: [],
    meta_data: [{ key: 'warranty', value: '12' }],
    repairdesk_id: 9001,
    date_created: '2026-01-10T10:00:00',
    ...overrides,
  };
}

export function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 1,
    code: 'BIENVENUE10',
    amount: '10.00',
    discount_type: 'percent',
    description: '10 % sur votre première commande',
    date_expires: null,
    usage_limit: null,
    usage_count: 0,
    minimum_amount: '0.00',
    maximum_amount: '0.00',
    individual_use: false,
    status: 'publish',
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function listResponse(data: Product[], total = data.length, page = 1) {
  return { success: true, data, total, total_pages: Math.max(1, Math.ceil(total / 12)), page, per_page: 12, message: 'Produits récupérés' };
}

export type ApiRoute = (request: { url: URL; method: string; body: unknown }) => Response | Promise<Response> | undefined;

export const route =
  (method: string, path: string | RegExp, answer: (request: { url: URL; body: unknown }) => Response | Promise<Response>): ApiRoute =>
  (request) =>
    request.method === method && (typeof path === 'string' ? request.url.pathname === path : path.test(request.url.pathname)) ? answer(request) : undefined;

/** Visitor session and failed settings (defaults): what every shop page asks besides its own data. */
export const visitorRoutes: ApiRoute[] = [
  route('POST', '/api/auth/verify-session', () => jsonResponse({ success: false, message: 'Session expirée' }, 401)),
  route('GET', '/api/admin/site-settings', () => jsonResponse({ success: false, message: 'indisponible' }, 503)),
];

export const signedInRoutes: ApiRoute[] = [
  route('POST', '/api/auth/verify-session', () =>
    jsonResponse({
      success: true,
      message: 'ok',
      token: null,
      user: {
        id: 7,
        email: 'helene.lacoste@exemple.fr',
        role: 'customer',
        repairdesk_customer_id: 12,
        first_name: 'Hélène',
        last_name: 'Lacoste',
        phone: '06 12 34 56 78',
        address: '',
        city: '',
        postal_code: '',
        email_verified: true,
      },
    }),
  ),
  route('GET', '/api/admin/site-settings', () => jsonResponse({ success: false, message: 'indisponible' }, 503)),
];
