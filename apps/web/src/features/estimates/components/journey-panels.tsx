import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import { BookingCta } from '../../../components/booking-cta';

export type JourneyPanelsProps = {
  estimate: PublicEstimate;
  /** The secret link's token (the booking and the deposit payment are proven by it too). */
  token: string;
};

/**
 * The next steps of the repair journey under an accepted estimate (issue 24 §3, §4): book the
 * drop-off (the booking is tied to the estimate by its link) and, when the shop asked for one,
 * pay the deposit. Nothing before the customer has accepted, nor after a refusal.
 */
export function EstimateJourneyPanels({ estimate, token }: JourneyPanelsProps) {
  if (estimate.status !== 'accepted') return null;
  return (
    <section aria-labelledby="estimate-next-steps" className="mt-8 rounded-2xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="estimate-next-steps" className="text-lg font-semibold">
        Prochaine étape : déposer votre appareil
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Choisissez le créneau qui vous convient pour nous confier votre appareil&nbsp;: nous vous attendrons.
      </p>
      <div className="mt-4">
        <BookingCta estimateToken={token} label="Prendre rendez-vous pour le dépôt" />
      </div>
    </section>
  );
}
