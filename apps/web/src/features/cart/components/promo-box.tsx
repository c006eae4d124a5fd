import { Tag, X } from 'lucide-react';
import { useId, useState } from 'react';
import { formatCents } from '@erepare/shared/format';
import type { AppliedCoupon } from '../../../lib/cart-store';
import { readPromoDraft } from '../../../lib/cart-store';
import type { PromoMessage } from '../hooks/use-promo-code';

type PromoBoxProps = {
  coupon: AppliedCoupon | null;
  busy: boolean;
  message: PromoMessage;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
};

/** Promo code entry (spec 2 §2): upper case as typed, empty ignored, locked while checking. */
export function PromoBox({ coupon, busy, message, onApply, onRemove }: PromoBoxProps) {
  const id = useId();
  // Pre-filled with the code of a /boutique?promo= link.
  const [code, setCode] = useState(() => readPromoDraft());
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-ink-900">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold">
        <Tag aria-hidden="true" className="size-4" />
        Code promo
      </h2>
      {coupon ? (
        <div className="mt-3 flex items-center justify-between gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
          <p className="text-sm">
            <span className="font-mono font-bold">{coupon.code}</span>{' '}
            {coupon.pending ? <span>(vérification…)</span> : <span>: -{formatCents(coupon.discountCents)}</span>}
          </p>
          <button
            type="button"
            onClick={onRemove}
            className="-mr-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold hover:bg-emerald-100 dark:hover:bg-emerald-900"
          >
            <X aria-hidden="true" className="size-4" />
            Retirer <span className="sr-only">le code {coupon.code}</span>
          </button>
        </div>
      ) : (
        <form
          className="mt-3 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void onApply(code).then((applied) => {
              if (applied) setCode('');
            });
          }}
        >
          <label htmlFor={`${id}-input`} className="sr-only">
            Code promo
          </label>
          <input
            id={`${id}-input`}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            readOnly={busy}
            aria-describedby={message?.tone === 'error' ? `${id}-error` : undefined}
            aria-invalid={message?.tone === 'error' ? true : undefined}
            placeholder="Votre code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={50}
            className="block min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 font-mono text-base tracking-wider text-slate-900 uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case placeholder:text-slate-500 dark:border-slate-600 dark:bg-ink-950 dark:text-slate-100"
          />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-100 dark:text-ink-950 dark:hover:bg-white"
          >
            {busy ? 'Vérification…' : 'Appliquer'}
          </button>
        </form>
      )}
      {/* Two live regions that stay in the page: the text written into them is what gets announced. */}
      <p role="status" className={`text-sm font-medium text-emerald-800 dark:text-emerald-300 ${message?.tone === 'success' ? 'mt-2' : ''}`}>
        {message?.tone === 'success' ? message.text : ''}
      </p>
      <p id={`${id}-error`} role="alert" className={`text-sm font-medium text-red-700 dark:text-red-300 ${message?.tone === 'error' ? 'mt-2' : ''}`}>
        {message?.tone === 'error' ? message.text : ''}
      </p>
    </section>
  );
}
