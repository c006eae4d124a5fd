import { describe, expect, it } from 'vitest';
import {
  bonusCategoryFor,
  bonusFor,
  findRepairBonusCategory,
  isRepairBonusCategoryId,
  maxRepairBonusCents,
  repairBonusCategories,
  repairBonusCents,
  repairBonusLabel,
} from './repair-bonus.js';

describe('repair bonus (QualiRépar)', () => {
  it('keeps the official amounts of spec 3 §9, in cents', () => {
    expect(repairBonusCategories.map((category) => [category.label, category.amountCents])).toEqual([
      ['Smartphones', 2500],
      ['Tablettes', 2500],
      ['Ordinateurs portables', 5000],
      ['Téléviseurs', 6000],
      ['Enceintes', 2000],
      ['Vidéoprojecteurs', 3000],
    ]);
    expect(maxRepairBonusCents).toBe(6000);
    expect(isRepairBonusCategoryId('smartphone')).toBe(true);
    expect(isRepairBonusCategoryId('console')).toBe(false);
    expect(findRepairBonusCategory('televiseur')?.label).toBe('Téléviseurs');
  });

  it('maps the quote catalogue categories: phones, tablets and laptops qualify, consoles and watches never', () => {
    expect(bonusCategoryFor('telephone')).toBe('smartphone');
    expect(bonusCategoryFor('tablette')).toBe('tablette');
    expect(bonusCategoryFor('ordinateur', { deviceLabel: 'Apple MacBook Air' })).toBe('ordinateur-portable');
    expect(bonusCategoryFor('ordinateur', { deviceLabel: 'PC fixe (tour) PC de bureau' })).toBeNull();
    expect(bonusCategoryFor('ordinateur', { deviceLabel: 'Apple iMac' })).toBeNull();
    expect(bonusCategoryFor('console', { deviceLabel: 'Nintendo Switch' })).toBeNull();
    expect(bonusCategoryFor('montre')).toBeNull();
    expect(bonusCategoryFor('autre', { deviceLabel: 'Enceinte JBL Charge 5' })).toBe('enceinte');
    expect(bonusCategoryFor('autre', { deviceLabel: 'Téléviseur Samsung 55"' })).toBe('televiseur');
    expect(bonusCategoryFor('autre', { deviceLabel: 'Vidéoprojecteur Epson' })).toBe('videoprojecteur');
    expect(bonusCategoryFor('autre', { deviceLabel: 'Drone DJI' })).toBeNull();
  });

  it('never qualifies a mere diagnosis, and never exceeds the price of the repair', () => {
    expect(bonusFor('telephone', { diagnosticOnly: true })).toBeNull();
    expect(bonusFor('telephone', { totalCents: 0 })).toBeNull();
    expect(bonusFor('telephone', { totalCents: 8900 })).toEqual({ category: 'smartphone', amountCents: 2500 });
    expect(bonusFor('ordinateur', { totalCents: 3000, deviceLabel: 'Dell XPS' })).toEqual({ category: 'ordinateur-portable', amountCents: 3000 });
    expect(repairBonusCents('televiseur', 12000)).toBe(6000);
    expect(repairBonusCents('unknown', 12000)).toBe(0);
    expect(repairBonusCents(null, 12000)).toBe(0);
  });

  it('labels the deduction line', () => {
    expect(repairBonusLabel('smartphone')).toBe('Bonus réparation QualiRépar (Smartphones)');
    expect(repairBonusLabel(null)).toBe('Bonus réparation QualiRépar');
  });
});
