import { describe, expect, it } from 'vitest';
import {
  BASE_PRICE,
  chooseMicroSd,
  computeQuote,
  EXPRESS_DELAY,
  initialCalculatorState,
  isOptionSelected,
  microSdCards,
  serviceOptions,
  STANDARD_DELAY,
  toggleOption,
  visibleOptions,
} from './price-calculator';

describe('Switch chip price calculator (spec 3 §4, §9)', () => {
  it('starts at the base price of 80 € with the mandatory Picofly installation included at 0 €', () => {
    expect(BASE_PRICE).toBe(80);
    const quote = computeQuote(initialCalculatorState);
    expect(quote.total).toBe(80);
    expect(quote.lines).toEqual([
      { label: 'Prix de base', price: 80 },
      { label: 'Installation Picofly', price: 0 },
    ]);
    expect(quote.delay).toBe(STANDARD_DELAY);
    expect(STANDARD_DELAY).toBe('5 à 7 jours');
  });

  it('has the options and prices of the spec', () => {
    expect(serviceOptions.map((option) => [option.label, option.price, option.mandatory, option.visible])).toEqual([
      ['Installation Picofly', 0, true, true],
      ['Préparation microSD', 15, false, true],
      ['Express 48h', 25, false, true],
      ['Collecte & Livraison', 30, false, true],
      ['Garantie étendue', 20, false, false],
    ]);
    expect(microSdCards.map((card) => [card.label, card.price, card.recommended])).toEqual([
      ['128 Go', 20, false],
      ['256 Go', 30, true],
      ['512 Go', 60, false],
    ]);
  });

  it('never lets the mandatory installation be toggled off', () => {
    const state = toggleOption(initialCalculatorState, 'picofly');
    expect(state).toBe(initialCalculatorState);
    expect(isOptionSelected(state, 'picofly')).toBe(true);
    // Even a state that does not list it counts it.
    expect(computeQuote({ options: [], microSd: null }).lines.map((line) => line.label)).toContain('Installation Picofly');
  });

  it('toggles optional services on and off and adds their prices', () => {
    let state = toggleOption(initialCalculatorState, 'microsd-prep');
    expect(computeQuote(state).total).toBe(95);
    state = toggleOption(state, 'express');
    expect(computeQuote(state).total).toBe(120);
    expect(computeQuote(state).delay).toBe(EXPRESS_DELAY);
    state = toggleOption(state, 'collect-delivery');
    expect(computeQuote(state).total).toBe(150);
    state = toggleOption(state, 'express');
    expect(computeQuote(state).total).toBe(125);
    expect(computeQuote(state).delay).toBe(STANDARD_DELAY);
    state = toggleOption(toggleOption(state, 'microsd-prep'), 'collect-delivery');
    expect(computeQuote(state).total).toBe(80);
  });

  it('chooses one microSD card at a time and removes it when chosen again', () => {
    let state = chooseMicroSd(initialCalculatorState, '256');
    expect(computeQuote(state).total).toBe(110);
    state = chooseMicroSd(state, '512');
    expect(state.microSd).toBe('512');
    expect(computeQuote(state).total).toBe(140);
    expect(computeQuote(state).lines.at(-1)).toEqual({ label: 'Carte microSD 512 Go', price: 60 });
    state = chooseMicroSd(state, '512');
    expect(state.microSd).toBeNull();
    expect(computeQuote(state).total).toBe(80);
    expect(computeQuote(chooseMicroSd(initialCalculatorState, '128')).total).toBe(100);
  });

  it('keeps the extended warranty in the model but does not offer it', () => {
    expect(visibleOptions().map((option) => option.id)).not.toContain('extended-warranty');
    const state = toggleOption(initialCalculatorState, 'extended-warranty');
    expect(computeQuote(state).total).toBe(100);
  });

  it('adds everything up', () => {
    let state = initialCalculatorState;
    for (const id of ['microsd-prep', 'express', 'collect-delivery'] as const) state = toggleOption(state, id);
    state = chooseMicroSd(state, '256');
    expect(computeQuote(state).total).toBe(80 + 15 + 25 + 30 + 30);
  });
});
