/**
 * Without Stripe's configuration (or for a method left out of STRIPE_METHODS) the endpoints exist
 * and answer the French 404 notConfigured, and checkout does not offer the method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@erepare/shared/payments';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startStripeTestBed, type ErrorAnswer, type StripeTestBed } from '../../test/stripe-test-bed.js';

const ENDPOINTS = [
  '/api/woocommerce-payments/create-payment-intent',
  '/api/woocommerce-payments/stripe/confirm-payment',
  '/api/woocommerce-payments/stripe/webhook',
  '/api/woocommerce-payments/klarna/create-session',
  '/api/woocommerce-payments/klarna/create-checkout-session',
  '/api/woocommerce-payments/klarna/confirm',
];

const body = { orderId: 1, order_key: 'wc_order_x', paymentIntentId: 'pi_123', session_id: 'cs_test_123', plan: 'pay_in_3' };

describe('Stripe not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every endpoint answers 404 notConfigured, and checkout lists none of its methods', async () => {
    for (const url of ENDPOINTS) {
      const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'stripe-signature': 't=1,v1=00' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<ErrorAnswer>()).toMatchObject({ success: false, message: paymentMessages.notConfigured, code: 'PAYMENT_NOT_CONFIGURED' });
    }
    const gateways = await t.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' });
    const ids = gateways.json<{ data: Array<{ id: string }> }>().data.map((gateway) => gateway.id);
    expect(ids).not.toContain('stripe');
    expect(ids).not.toContain('klarna');
    expect(ids).not.toContain('revolut_pay');
    expect(ids).toContain('cod');
  });
});

describe('Stripe configured for the card only', () => {
  let bed: StripeTestBed;
  beforeAll(async () => {
    bed = await startStripeTestBed({ STRIPE_METHODS: 'card' });
  });
  afterAll(async () => {
    await bed.close();
  });

  it('Klarna’s endpoints answer 404 notConfigured; checkout offers the card only', async () => {
    for (const url of ENDPOINTS.filter((path) => path.includes('klarna'))) {
      const response = await bed.t.app.inject({ method: 'POST', url, payload: body });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<ErrorAnswer>().message).toBe(paymentMessages.notConfigured);
    }
    const gateways = await bed.t.app.inject({ method: 'GET', url: '/api/shop/payment-gateways' });
    const ids = gateways.json<{ data: Array<{ id: string }> }>().data.map((gateway) => gateway.id);
    expect(ids).toContain('stripe');
    expect(ids).not.toContain('klarna');
    expect(ids).not.toContain('revolut_pay');
    expect(bed.fake.requests).toHaveLength(0);
  });
});
