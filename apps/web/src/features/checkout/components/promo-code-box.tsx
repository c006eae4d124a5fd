import { Tag, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { notify, toastSuccess } from '../../../lib/toast';
import { formatCents } from '@erepare/shared/format';
import { couponMessages, normaliseCouponCode } from '@erepare/shared/shop';
import { Button } from '../../../components/ui/button';
import { onCouponDropped, setAppliedCoupon, type AppliedCoupon, type CartState } from '../../../lib/cart-store';
import { validateCoupon } from '../../../lib/shop-api';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/**
 * Promo code of checkout (spec 2 §5, §8): checked by the server for the current cart, shared with
 * the cart page through cart-store. The input is locked while a code is applying.
 */
export function PromoCodeBox({ cart, coupon }: { cart: CartState; coupon: AppliedCoupon | null }) {
  const ids = useId();
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  // A code dropped because the cart changed: say why.
  useEffect(() => onCouponDropped((event) => setFeedback({ kind: 'error', text: event.error })), []);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (applying) return;
    const normalised = normaliseCouponCode(code);
    if (!normalised) {
      setFeedback({ kind: 'error', text: couponMessages.empty });
      return;
    }
    setApplying(true);
    setFeedback(null);
    try {
      const result = await validateCoupon(
        normalised,
        cart.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
      );
      if (result.status === 'valid') {
        setAppliedCoupon({ code: result.code, discountCents: result.discountCents });
        const text = couponMessages.appliedCheckout(normaliseCouponCode(result.code), result.discountCents);
        setFeedback({ kind: 'success', text });
        setCode('');
        toastSuccess(text);
      } else {
        setFeedback({ kind: 'error', text: result.error || couponMessages.invalidFallback });
      }
    } catch {
      setFeedback({ kind: 'error', text: couponMessages.failure });
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setAppliedCoupon(null);
    setFeedback({ kind: 'success', text: couponMessages.removed });
    notify('message', couponMessages.removed);
  };

  const feedbackId = `${ids}-feedback`;
  return (
    <div>
      {coupon ? (
        <div className="flex items-center justify-between gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-1 text-sm dark:border-emerald-800 dark:bg-emerald-950">
          <span className="flex min-w-0 items-center gap-2 text-emerald-900 dark:text-emerald-100">
            <Tag aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">
              <span className="font-semibold">{coupon.code}</span>
              {coupon.pending ? ' (vérification…)' : `\u00a0: −${formatCents(coupon.discountCents)}`}
            </span>
          </span>
          <button
            type="button"
            onClick={remove}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 font-medium text-emerald-900 hover:bg-emerald-100 dark:text-emerald-100 dark:hover:bg-emerald-900"
          >
            <X aria-hidden="true" className="size-4" />
            Retirer<span className="sr-only"> le code promo {coupon.code}</span>
          </button>
        </div>
      ) : (
        <form onSubmit={(event) => void apply(event)} noValidate className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${ids}-code`} className="mb-1 block text-sm font-medium">
              Code promo
            </label>
            <input
              id={`${ids}-code`}
              value={code}
              onChange={(event) => {
                setCode(event.target.value.toUpperCase());
                if (feedback?.kind === 'error') setFeedback(null);
              }}
              readOnly={applying}
              aria-busy={applying}
              aria-invalid={feedback?.kind === 'error' ? true : undefined}
              aria-describedby={feedback ? feedbackId : undefined}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={50}
              className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base uppercase text-slate-900 read-only:bg-slate-100 dark:bg-ink-900 dark:text-slate-100 dark:read-only:bg-ink-800 ${
                feedback?.kind === 'error' ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'
              }`}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={applying}>
            {applying ? 'Application…' : 'Appliquer'}
          </Button>
        </form>
      )}
      <p
        id={feedbackId}
        role="status"
        className={`mt-1 text-sm font-medium empty:hidden ${
          feedback?.kind === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'
        }`}
      >
        {feedback?.text ?? ''}
      </p>
    </div>
  );
}
