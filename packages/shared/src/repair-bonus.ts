/**
 * The state repair bonus (« bonus réparation », QualiRépar label, issue 24 §2): one table of the
 * official amounts, used by the label page, the estimates, the invoices and their PDFs.
 *
 * The conditions we apply (decree 2022-1360 and the Ecosystem / Ecologic specifications):
 *   - the device belongs to one of the categories below (the eco-organisms' list; consoles,
 *     watches and desktop computers are not in it);
 *   - it is out of warranty (legal or commercial): a repair under warranty is free anyway;
 *   - the repairer is QualiRépar labelled (the shop is);
 *   - it is a repair, not a mere diagnosis, a software clean-up or a data recovery;
 *   - the bonus never exceeds the price of the repair (it is deducted from it, VAT staying computed
 *     on the full price, since the eco-organism pays the difference to the shop).
 * Only staff can see the device and know the warranty: `bonusFor` proposes, staff decide with a
 * tick box (and can pick another category).
 */

export const repairBonusCategoryIds = ['smartphone', 'tablette', 'ordinateur-portable', 'televiseur', 'enceinte', 'videoprojecteur'] as const;
export type RepairBonusCategoryId = (typeof repairBonusCategoryIds)[number];

export type RepairBonusCategory = { id: RepairBonusCategoryId; label: string; amountCents: number };

/** Official amounts (spec 3 §9, exact), in cents. */
export const repairBonusCategories: readonly RepairBonusCategory[] = [
  { id: 'smartphone', label: 'Smartphones', amountCents: 2500 },
  { id: 'tablette', label: 'Tablettes', amountCents: 2500 },
  { id: 'ordinateur-portable', label: 'Ordinateurs portables', amountCents: 5000 },
  { id: 'televiseur', label: 'Téléviseurs', amountCents: 6000 },
  { id: 'enceinte', label: 'Enceintes', amountCents: 2000 },
  { id: 'videoprojecteur', label: 'Vidéoprojecteurs', amountCents: 3000 },
];

export function isRepairBonusCategoryId(value: unknown): value is RepairBonusCategoryId {
  return typeof value === 'string' && (repairBonusCategoryIds as readonly string[]).includes(value);
}

export function findRepairBonusCategory(id: string | null | undefined): RepairBonusCategory | undefined {
  return repairBonusCategories.find((category) => category.id === id);
}

/** The largest bonus, in cents ("jusqu’à 60 €"). */
export const maxRepairBonusCents = Math.max(...repairBonusCategories.map((category) => category.amountCents));

/** The bonus deducted for `categoryId` from a repair costing `totalCents` (never more than the price). */
export function repairBonusCents(categoryId: string | null | undefined, totalCents: number): number {
  const category = findRepairBonusCategory(categoryId);
  if (!category) return 0;
  return Math.max(0, Math.min(category.amountCents, totalCents));
}

// Desktop computers are not in the bonus list: the quote catalogue's "ordinateur" covers both.
const desktopPattern = /\b(pc[ -]fixe|pc de bureau|pc de jeu|tour|imac|mac mini|mac studio|mac pro|all[- ]in[- ]one|unit[ée] centrale)\b/i;
const speakerPattern = /\b(enceinte|barre de son|speaker)/i;
const tvPattern = /(t[ée]l[ée]viseur|t[ée]l[ée]vision|\btv\b)/i;
const projectorPattern = /\b(vid[ée]oprojecteur|projecteur)/i;

export type BonusContext = {
  /** What the customer or staff wrote about the device ("Apple MacBook Air", "PC fixe (tour)"). */
  deviceLabel?: string;
  /** The repair is only a diagnosis (or software work): no bonus. */
  diagnosticOnly?: boolean;
  /** Price of the repair (TTC, cents): the bonus never exceeds it. */
  totalCents?: number;
};

/**
 * The bonus category a repair of a device of the quote catalogue's `deviceCategory` qualifies for,
 * or null: telephone → smartphone, tablette → tablette, ordinateur → laptops only; consoles and
 * watches never; "autre" when the description names a speaker, a TV or a projector.
 */
export function bonusCategoryFor(deviceCategory: string, context: BonusContext = {}): RepairBonusCategoryId | null {
  if (context.diagnosticOnly) return null;
  if (context.totalCents !== undefined && context.totalCents <= 0) return null;
  const label = context.deviceLabel ?? '';
  switch (deviceCategory) {
    case 'telephone':
      return 'smartphone';
    case 'tablette':
      return 'tablette';
    case 'ordinateur':
      return desktopPattern.test(label) ? null : 'ordinateur-portable';
    case 'autre':
      if (projectorPattern.test(label)) return 'videoprojecteur';
      if (speakerPattern.test(label)) return 'enceinte';
      if (tvPattern.test(label)) return 'televiseur';
      return null;
    default:
      return null;
  }
}

/** The proposed bonus (category and amount) for a repair, or null when it does not qualify. */
export function bonusFor(deviceCategory: string, context: BonusContext = {}): { category: RepairBonusCategoryId; amountCents: number } | null {
  const category = bonusCategoryFor(deviceCategory, context);
  if (!category) return null;
  const amountCents = context.totalCents === undefined ? findRepairBonusCategory(category)!.amountCents : repairBonusCents(category, context.totalCents);
  return { category, amountCents };
}

/** The line an invoice or an estimate shows: « Bonus réparation QualiRépar (Smartphones) ». */
export function repairBonusLabel(categoryId: string | null | undefined): string {
  const category = findRepairBonusCategory(categoryId);
  return category ? `Bonus réparation QualiRépar (${category.label})` : 'Bonus réparation QualiRépar';
}
