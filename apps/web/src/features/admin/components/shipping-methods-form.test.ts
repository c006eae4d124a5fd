import { describe, expect, it } from 'vitest';
import type { AdminShippingMethod } from '@erepare/shared/schemas/admin-shop';
import { buildShippingUpdate } from './shipping-methods-form';

const method = (over: Partial<AdminShippingMethod>): AdminShippingMethod => ({
  id: 'colissimo_no_sign',
  title: 'Colissimo',
  description: '',
  kind: 'standard',
  needsRelay: false,
  needsAddress: true,
  costCents: 490,
  freeThresholdCents: 5000,
  enabled: true,
  offered: true,
  defaults: { costCents: 490, freeThresholdCents: 5000 },
  ...over,
});
const pickup = method({ id: 'local_pickup', kind: 'pickup', costCents: 0, freeThresholdCents: null, needsAddress: false });
const colissimo = method({});

describe('buildShippingUpdate', () => {
  it('sends only the changed methods and fields, in cents; an empty threshold means never free', () => {
    const result = buildShippingUpdate([pickup, colissimo], {
      local_pickup: { enabled: false, cost: '0,00', threshold: '' },
      colissimo_no_sign: { enabled: true, cost: '5,90', threshold: '' },
    });
    expect(result.errors).toEqual({});
    expect(result.body).toEqual({
      methods: [
        { id: 'local_pickup', enabled: false },
        { id: 'colissimo_no_sign', costCents: 590, freeThresholdCents: null },
      ],
    });
  });
  it('refuses amounts that are not prices, in French, per field', () => {
    const result = buildShippingUpdate([colissimo], { colissimo_no_sign: { enabled: true, cost: 'gratuit', threshold: '-3' } });
    expect(result.body).toBeNull();
    expect(result.errors.colissimo_no_sign).toEqual({ cost: 'Prix invalide (par exemple 4,90)', threshold: 'Seuil invalide (par exemple 50,00, ou vide)' });
  });
  it('says when nothing changed', () => {
    const result = buildShippingUpdate([colissimo], { colissimo_no_sign: { enabled: true, cost: '4,90', threshold: '50,00' } });
    expect(result.body).toBeNull();
    expect(result.formError).toBe('Aucune modification à enregistrer.');
  });
});
