import { CircleCheck } from 'lucide-react';
import { formatCentsShort } from '@erepare/shared/format';
import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import { BookingCta } from '../../../components/booking-cta';
import { DepositPayment } from '../../../components/deposit-payment';

export type JourneyPanelsProps = {
  estimate: PublicEstimate;
  /** The secret link's token (the booking and the deposit payment are proven by it too). */
  token: string;
  /** The deposit was paid online already (the server says so with the estimate). */
  depositPaid?: boolean;
};

/**
 * The next steps of the repair journey under an accepted estimate (issue 24 §3, §4): book the
 * drop-off (the booking is tied to the estimate by its link) and, when the shop asked for one,
 * pay the deposit. Nothing before the customer has accepted, nor after a refusal.
 */
export function EstimateJourneyPanels({ estimate, token, depositPaid = false }: JourneyPanelsProps) {
  if (estimate.status !== 'accepted') return null;
  return (
    <section aria-labelledby="estimate-next-steps" className="mt-8 space-y-6 rounded-2xl border border-slate-200 p-5 dark:border-slate-700">
      <div>
        <h2 id="estimate-next-steps" className="text-lg font-semibold">
          Prochaine étape&nbsp;: déposer votre appareil
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Choisissez le créneau qui vous convient pour nous confier votre appareil&nbsp;: nous vous attendrons.</p>
        <div className="mt-4">
          <BookingCta estimateToken={token} label="Prendre rendez-vous pour le dépôt" />
        </div>
      </div>
      {estimate.depositCents > 0 &&
        (depositPaid ? (
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            Acompte de <span className="whitespace-nowrap">{formatCentsShort(estimate.depositCents)}</span> réglé&nbsp;: merci&nbsp;!
          </p>
        ) : (
          <DepositPayment estimateToken={token} depositCents={estimate.depositCents} />
        ))}
    </section>
  );
}
