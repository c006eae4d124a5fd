import { describe, expect, it } from 'vitest';
import { isKlarnaPlanOffered, klarnaPlans, KLARNA_FINANCING_ABOVE_CENTS, paymentMessages, splitInstalments } from './payments.js';

describe('splitInstalments', () => {
  it.each([
    [10_000, 3, [3_334, 3_333, 3_333]],
    [9_990, 3, [3_330, 3_330, 3_330]],
    [4_990, 4, [1_249, 1_247, 1_247, 1_247]],
    [1, 3, [1, 0, 0]],
  ])('%i cents in %i instalments → %j (they add up exactly)', (total, count, expected) => {
    const parts = splitInstalments(total, count);
    expect(parts).toEqual(expected);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
  });
});

describe('klarnaPlans (spec 2 §9)', () => {
  it('offers 3 instalments, 4 instalments and 30 days, with the amounts in the texts', () => {
    const plans = klarnaPlans(14_990);
    expect(plans.map((plan) => plan.id)).toEqual(['pay_in_3', 'pay_in_4', 'pay_later']);
    expect(plans[0]).toEqual({
      id: 'pay_in_3',
      title: 'Payer en 3 fois',
      description: "49,98\u00a0€ aujourd'hui, puis 49,96\u00a0€ à 30 jours et 49,96\u00a0€ à 60 jours, sans frais.",
    });
    expect(plans[1]?.description).toBe("37,49\u00a0€ aujourd'hui, puis 37,47\u00a0€ toutes les 2 semaines (4 paiements), sans frais.");
    expect(plans[2]?.description).toBe('149,90\u00a0€ à régler dans 30 jours, sans frais.');
  });

  it('offers financing only strictly above 200 €, from amount / 12 a month', () => {
    expect(klarnaPlans(KLARNA_FINANCING_ABOVE_CENTS).map((plan) => plan.id)).not.toContain('financing');
    const plans = klarnaPlans(KLARNA_FINANCING_ABOVE_CENTS + 1);
    expect(plans.at(-1)).toEqual({
      id: 'financing',
      title: 'Financement de 6 à 36 mois',
      description: "À partir de 16,67\u00a0€ par mois, sous réserve d'acceptation par Klarna.",
    });
    expect(isKlarnaPlanOffered('financing', 20_001)).toBe(true);
    expect(isKlarnaPlanOffered('financing', 20_000)).toBe(false);
    expect(isKlarnaPlanOffered('pay_in_3', 4_990)).toBe(true);
    expect(isKlarnaPlanOffered('pay_in_10', 99_999)).toBe(false);
    expect(isKlarnaPlanOffered('', 4_990)).toBe(false);
  });
});

describe('paymentMessages (spec 2 §8)', () => {
  it('words the alerts as the spec does', () => {
    expect(paymentMessages.paymentError('Carte refusée')).toBe('Erreur de paiement: Carte refusée');
    expect(paymentMessages.httpError(502)).toBe('Erreur HTTP 502');
    expect(paymentMessages.paypalError('INSTRUMENT_DECLINED')).toBe('Erreur PayPal: INSTRUMENT_DECLINED');
    expect(paymentMessages.klarnaUnavailable).toBe('Service Klarna temporairement indisponible. Veuillez utiliser le paiement par carte bancaire.');
    expect(paymentMessages.klarnaPlanRequired).toBe('Veuillez sélectionner un plan de paiement Klarna');
  });
});
