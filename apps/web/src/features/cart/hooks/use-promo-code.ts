import { useCallback, useEffect, useState } from 'react';
import { couponMessages, normaliseCouponCode } from '@erepare/shared/shop';
import { onCouponDropped, readCart, setAppliedCoupon, setPromoDraft } from '../../../lib/cart-store';
import { validateCoupon } from '../../../lib/shop-api';
import { toastSuccess } from '../../../lib/toast';

export type PromoMessage = { tone: 'success' | 'error'; text: string } | null;

/**
 * Applying and removing the cart's promo code (spec 2 §2, §8): upper case, empty input ignored,
 * "Code {code} appliqué ! -{amount}€" or "❌ {error}", "Code promo retiré". Shared by the promo box
 * and the banner's "Utiliser" buttons.
 */
export function usePromoCode() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<PromoMessage>(null);

  // A code dropped because the cart changed says why, where the customer looks for it.
  useEffect(() => onCouponDropped(({ error }) => setMessage({ tone: 'error', text: `❌ ${error}` })), []);

  const apply = useCallback(async (input: string): Promise<boolean> => {
    const code = normaliseCouponCode(input);
    if (!code) return false;
    setBusy(true);
    setMessage(null);
    try {
      const items = readCart().items.map((item) => ({ product_id: item.product_id, quantity: item.quantity }));
      const result = await validateCoupon(code, items);
      if (result.status === 'valid') {
        const applied = normaliseCouponCode(result.code);
        setAppliedCoupon({ code: applied, discountCents: result.discountCents });
        setPromoDraft(null);
        setMessage({ tone: 'success', text: couponMessages.appliedCart(applied, result.discountCents) });
        return true;
      }
      setMessage({ tone: 'error', text: `❌ ${result.error}` });
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const remove = useCallback(() => {
    setAppliedCoupon(null);
    setMessage(null);
    toastSuccess(couponMessages.removed, { id: 'coupon' });
  }, []);

  return { apply, remove, busy, message };
}
