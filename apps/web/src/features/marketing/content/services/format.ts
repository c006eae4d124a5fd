const NBSP = '\u00a0';

// Thousands grouped as everywhere on the site (issue 22 §4.6): "1 200 €", a narrow no-break space
// between the groups, as Intl writes them.
const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const euroCentsFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** A price in euros, French style: "80 €", "19,90 €", "1 200 €" (non-breaking spaces). */
export function euros(amount: number): string {
  return Number.isInteger(amount) ? euroFormat.format(amount) : euroCentsFormat.format(amount);
}

/** A price range: "50 € – 800 €". */
export function euroRange(min: number, max: number): string {
  return `${euros(min)} – ${euros(max)}`;
}

/** A percentage with the French non-breaking space: "90 %". */
export function percent(value: number | string): string {
  return `${value}${NBSP}%`;
}
