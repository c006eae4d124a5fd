import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import { StripeLoadError } from '../../../lib/load-stripe';
import { klarnaErrorMessage, paymentAlertText, paymentErrorMessage } from './payment-errors';

describe('payment error texts (spec 2 §8)', () => {
  it('the server refused with a message: its message', () => {
    expect(paymentErrorMessage(new ApiError(409, 'Cette commande n’est plus en attente de paiement.'), 'intent')).toBe(
      'Cette commande n’est plus en attente de paiement.',
    );
    expect(paymentErrorMessage(new ApiError(402, 'Le paiement a été refusé.'), 'capture')).toBe('Le paiement a été refusé.');
  });

  it('an error answer without a message: "Erreur HTTP {status}"', () => {
    expect(paymentErrorMessage(new ApiError(502, UNAVAILABLE_MESSAGE), 'intent')).toBe('Erreur HTTP 502');
    expect(paymentErrorMessage(new ApiError(500, UNAVAILABLE_MESSAGE), 'confirm')).toBe('Erreur HTTP 500');
  });

  it('a 2xx answer that is not what was expected: the text of the step', () => {
    expect(paymentErrorMessage(new ApiError(200, UNAVAILABLE_MESSAGE), 'intent')).toBe('Erreur lors de la création du Payment Intent');
    expect(paymentErrorMessage(new ApiError(200, UNAVAILABLE_MESSAGE), 'confirm')).toBe('Erreur lors de la confirmation du paiement');
    expect(paymentErrorMessage(new ApiError(200, UNAVAILABLE_MESSAGE), 'capture')).toBe('Erreur lors de la capture du paiement PayPal');
  });

  it('Stripe.js not loaded, a network failure, anything else', () => {
    expect(paymentErrorMessage(new StripeLoadError(), 'intent')).toBe('Impossible de charger Stripe');
    expect(paymentErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE), 'confirm')).toBe(NETWORK_ERROR_MESSAGE);
    expect(paymentErrorMessage(new TypeError('x is undefined'), 'confirm')).toBe('Une erreur est survenue lors du paiement');
  });

  it('Klarna: the order refusals keep the server words, the rest is "Service Klarna temporairement indisponible…"', () => {
    const unavailable = 'Service Klarna temporairement indisponible. Veuillez utiliser le paiement par carte bancaire.';
    expect(klarnaErrorMessage(new ApiError(503, unavailable))).toBe(unavailable);
    expect(klarnaErrorMessage(new ApiError(500, 'Une erreur interne est survenue. Veuillez réessayer plus tard.'))).toBe(unavailable);
    expect(klarnaErrorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(unavailable);
    expect(klarnaErrorMessage(new ApiError(200, UNAVAILABLE_MESSAGE))).toBe(unavailable);
    expect(klarnaErrorMessage(new ApiError(409, 'Cette commande n’est plus en attente de paiement.'))).toBe('Cette commande n’est plus en attente de paiement.');
  });

  it('the page alert has the provider variants', () => {
    expect(paymentAlertText('stripe', 'Votre carte a été refusée.')).toBe('Erreur de paiement: Votre carte a été refusée.');
    expect(paymentAlertText('klarna', 'x')).toBe('Erreur de paiement Klarna: x');
    expect(paymentAlertText('paypal', 'x')).toBe('Erreur de paiement PayPal: x');
    expect(paymentAlertText('revolut_pay', 'x')).toBe('Erreur de paiement Revolut Pay: x');
  });
});
