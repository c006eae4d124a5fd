/**
 * Coupons (list and validation with every rule and message of spec 2 §5 and §8), shipping
 * methods and payment gateways, on the seeded demo data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import {
  couponListResponseSchema,
  couponValidateResponseSchema,
  paymentGatewaysResponseSchema,
  productListResponseSchema,
  shippingMethodsResponseSchema,
  type Coupon,
  type CouponValidateResponse,
  type PaymentGateway,
  type Product,
  type ProductListResponse,
  type ShippingMethod,
} from '@erepare/shared/schemas/shop';
import { coupons } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { COUPON_VALIDATION_LIMIT } from './routes.js';

let t: TestApp;
let cheap: Product;
let mid: Product;
let ipCounter = 0;

type Rejected = CouponValidateResponse & { success: false; message: string; statusCode: number };
type ErrorBody = { success: false; message: string; statusCode: number };

/** A new client address per call, so the validation limit only applies where a test wants it. */
function validate(payload: unknown, remoteAddress = `198.51.100.${(ipCounter += 1) % 250}`) {
  return t.app.inject({ method: 'POST', url: '/api/shop/coupons/validate', payload: payload as Record<string, unknown>, remoteAddress });
}

const cents = (product: Product) => Math.round(Number(product.price) * 100);

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/shop/products?orderby=price&order=asc&per_page=100' });
  const products = productListResponseSchema.parse(response.json<ProductListResponse>()).data;
  const under10 = products.find((product) => cents(product) < 1000);
  const over10 = products.find((product) => cents(product) >= 1200 && cents(product) <= 2000);
  if (!under10 || !over10) throw new Error('the demo data lacks cheap products');
  cheap = under10;
  mid = over10;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/woocommerce/coupons', () => {
  it('lists the active, listed coupons only, the soonest to expire first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/woocommerce/coupons' });
    expect(response.statusCode).toBe(200);
    const { data } = couponListResponseSchema.parse(response.json<{ success: true; data: Coupon[] }>());
    expect(data.map((coupon) => coupon.code)).toEqual(['FLASH24', 'NOEL2026', 'BIENVENUE10', 'REPARE5']);
    const welcome = data.find((coupon) => coupon.code === 'BIENVENUE10');
    expect(welcome).toMatchObject({ discount_type: 'percent', amount: '10.00', minimum_amount: '30.00', maximum_amount: '0.00', date_expires: null, status: 'publish' });
    const flash = data.find((coupon) => coupon.code === 'FLASH24');
    const days = (Date.parse(flash?.date_expires ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThanOrEqual(1);
  });
});

describe('POST /api/shop/coupons/validate', () => {
  const line = (product: Product, quantity: number) => ({ product_id: product.id, quantity });

  it('accepts a valid code (any case) with the discount computed on our prices', async () => {
    const quantity = Math.ceil(3000 / cents(mid));
    const subtotal = cents(mid) * quantity;
    for (const code of ['BIENVENUE10', ' bienvenue10 ']) {
      const response = await validate({ code, items: [line(mid, quantity)] });
      expect(response.statusCode, response.body).toBe(200);
      const body = couponValidateResponseSchema.parse(response.json<CouponValidateResponse>());
      expect(body).toEqual({
        valid: true,
        discount_amount: ((Math.round(subtotal * 0.1)) / 100).toFixed(2),
        coupon: { id: expect.any(Number) as number, code: 'BIENVENUE10', discount_type: 'percent', amount: '10.00', description: expect.any(String) as string },
        error: null,
      });
    }
    const fixed = await validate({ code: 'REPARE5', items: [line(mid, 2)] });
    expect(fixed.json<CouponValidateResponse>()).toMatchObject({ valid: true, discount_amount: '5.00', coupon: { code: 'REPARE5', discount_type: 'fixed_cart', amount: '5.00' } });
  });

  it('never gives more than the cart total', async () => {
    const response = await validate({ code: 'FLASH24', items: [line(cheap, 1)] });
    expect(response.json<CouponValidateResponse>()).toMatchObject({ valid: true, discount_amount: cheap.price });
  });

  it('validates a private code (not in the banner) within its maximum', async () => {
    const under = await validate({ code: 'PRO20', items: [line(mid, 2)] });
    expect(under.json<CouponValidateResponse>()).toMatchObject({ valid: true, discount_amount: ((Math.round(cents(mid) * 2 * 0.2)) / 100).toFixed(2) });
    const quantity = Math.floor(30_000 / cents(mid)) + 1;
    const over = await validate({ code: 'PRO20', items: [line(mid, quantity)] });
    expect(over.statusCode).toBe(422);
    expect(over.json<Rejected>().error).toBe('Montant maximum dépassé\u00a0: 300,00\u00a0€');
  });

  it('rejects with HTTP 422 and the spec message for each rule', async () => {
    const cases: [string, string, number][] = [
      ['INCONNU', 'Code promo invalide ou inexistant', 5],
      ['BROUILLON', 'Ce code promo n\'est plus actif', 5],
      ['ETE2025', 'Ce code promo a expiré', 5],
      ['EPUISE', 'Ce code promo a atteint sa limite d\'utilisation', 5],
      ['BIENVENUE10', 'Montant minimum requis\u00a0: 30,00\u00a0€', 1],
      ['REPARE5', 'Montant minimum requis\u00a0: 20,00\u00a0€', 1],
    ];
    for (const [code, message, quantity] of cases) {
      const response = await validate({ code, items: [line(cheap, quantity)] });
      expect(response.statusCode, code).toBe(422);
      expect(response.json<Rejected>()).toEqual({
        success: false,
        valid: false,
        discount_amount: '0.00',
        coupon: null,
        error: message,
        message,
        statusCode: 422,
      });
    }
  });

  it('counts the orders in progress: the last use taken by an unpaid order is refused in the cart, not at « Commander » (issue 22 §3.3)', async () => {
    await t.database.db.insert(coupons).values({ code: 'DERNIERE', discountType: 'fixed_cart', amount: 100, usageLimit: 1, usageCount: 0 });
    expect((await validate({ code: 'DERNIERE', items: [line(mid, 1)] })).statusCode).toBe(200);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      remoteAddress: '198.51.100.251',
      payload: {
        payment_method: 'bacs',
        billing: { first_name: 'Ada', last_name: 'Promo', email: 'ada.promo@exemple.fr', phone: '0612345678' },
        line_items: [{ product_id: mid.id, quantity: 1 }],
        shipping_lines: [{ method_id: 'local_pickup' }],
        coupon_lines: [{ code: 'DERNIERE' }],
        terms_accepted: true,
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const refused = await validate({ code: 'DERNIERE', items: [line(mid, 1)] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Rejected>().error).toBe('Ce code promo a atteint sa limite d\'utilisation');
  });

  it('ignores a subtotal sent by the browser', async () => {
    const response = await validate({ code: 'BIENVENUE10', subtotal: '500.00', cart_total: 500, items: [line(cheap, 1)] });
    expect(response.statusCode).toBe(422);
    expect(response.json<Rejected>().error).toBe('Montant minimum requis\u00a0: 30,00\u00a0€');
  });

  it('refuses an empty code, unknown products and bad quantities with a 400', async () => {
    for (const code of ['', '   ']) {
      const response = await validate({ code, items: [line(cheap, 1)] });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toBe('Veuillez entrer un code promo');
    }
    const unknown = await validate({ code: 'BIENVENUE10', items: [{ product_id: 999_999, quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().message).toBe('Produit introuvable');
    for (const quantity of [0, -1, 1.5, 1000, '2']) {
      const response = await validate({ code: 'BIENVENUE10', items: [{ product_id: cheap.id, quantity }] });
      expect(response.statusCode, String(quantity)).toBe(400);
    }
    expect((await validate({ items: [] })).statusCode).toBe(400);
  });

  it('changes nothing: the usage count moves only when an order is paid', async () => {
    const before = await t.database.db.select().from(coupons).where(eq(coupons.code, 'REPARE5'));
    for (let i = 0; i < 3; i += 1) await validate({ code: 'REPARE5', items: [line(mid, 2)] });
    const after = await t.database.db.select().from(coupons).where(eq(coupons.code, 'REPARE5'));
    expect(after[0]?.usageCount).toBe(before[0]?.usageCount);
    expect(after[0]?.updatedAt).toEqual(before[0]?.updatedAt);
  });

  it('limits validations per IP address (429 in French), not for other addresses', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < COUPON_VALIDATION_LIMIT.limit; i += 1) {
      expect((await validate({ code: 'INCONNU', items: [] }, address)).statusCode).toBe(422);
    }
    const limited = await validate({ code: 'BIENVENUE10', items: [line(mid, 3)] }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().message).toMatch(/Trop de codes promo essayés/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate({ code: 'REPARE5', items: [line(mid, 2)] }, '203.0.113.78')).statusCode).toBe(200);
  });
});

describe('GET /api/shop/shipping-methods', () => {
  it('offers pickup, both Colissimo and Chronopost with the issue 5 free thresholds (no relay before its picker)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop/shipping-methods' });
    expect(response.statusCode).toBe(200);
    const { data } = shippingMethodsResponseSchema.parse(response.json<{ success: true; data: ShippingMethod[] }>());
    expect(data.map((method) => [method.id, method.cost, method.kind, method.free_threshold, method.needs_address, method.needs_relay])).toEqual([
      ['local_pickup', '0.00', 'pickup', null, false, false],
      ['colissimo_no_sign', '6.90', 'standard', '50.00', true, false],
      ['colissimo_sign', '9.90', 'standard', '50.00', true, false],
      ['chronopost', '11.90', 'express', '100.00', true, false],
    ]);
    for (const method of data) expect(method.enabled).toBe(true);
  });
});

describe('GET /api/shop/payment-gateways', () => {
  it('lists only the enabled offline methods: bank transfer (with an IBAN) and pay in store (pickup only)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' });
    expect(response.statusCode).toBe(200);
    const { data } = paymentGatewaysResponseSchema.parse(response.json<{ success: true; data: PaymentGateway[] }>());
    const expected = defaultStoreProfile.bank.iban.trim() ? ['bacs', 'cod'] : ['cod'];
    expect(data.map((gateway) => gateway.id)).toEqual(expected);
    expect(data.find((gateway) => gateway.id === 'cod')).toMatchObject({
      title: 'Paiement en boutique au retrait',
      kind: 'offline',
      enabled: true,
      shipping_methods: ['local_pickup'],
    });
    expect(response.body).not.toMatch(/stripe|paypal|klarna/i);
  });
});
