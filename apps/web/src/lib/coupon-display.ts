import { formatCents } from '@erepare/shared/format';
import { decimalToCents } from '@erepare/shared/shop';
import type { Coupon } from '@erepare/shared/schemas/shop';

/** "-10 %", "-5,00 €", "-2,00 € par article". */
export function couponValueLabel(coupon: Pick<Coupon, 'amount' | 'discount_type'>): string {
  const cents = decimalToCents(coupon.amount) ?? 0;
  if (coupon.discount_type === 'percent') return `-${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(cents / 100)} %`;
  if (coupon.discount_type === 'fixed_product') return `-${formatCents(cents)} par article`;
  return `-${formatCents(cents)}`;
}

/** "Dès 30,00 € d'achat", or null without a minimum. */
export function couponMinimumLabel(coupon: Pick<Coupon, 'minimum_amount'>): string | null {
  const cents = decimalToCents(coupon.minimum_amount) ?? 0;
  return cents > 0 ? `Dès ${formatCents(cents)} d’achat` : null;
}
