import type { PublicEstimate } from '@erepare/shared/schemas/estimates';

export type JourneyPanelsProps = {
  estimate: PublicEstimate;
  /** The secret link's token (the booking and the deposit payment are proven by it too). */
  token: string;
};

/**
 * THE PLACE FOR THE NEXT STEPS OF THE REPAIR JOURNEY (issue 24 §3 and §4), under an estimate:
 * « Prendre rendez-vous pour le dépôt » (bookings) and the deposit payment (repair payments) are
 * added here by their features, shown once the estimate is accepted. Renders nothing for now.
 */
export function EstimateJourneyPanels(_props: JourneyPanelsProps) {
  return null;
}
