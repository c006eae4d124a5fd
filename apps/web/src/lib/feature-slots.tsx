import { createContext, useContext, type ComponentType } from 'react';
import type { SessionUser } from '@erepare/shared/schemas/auth';

/**
 * Places where one feature shows another feature's component without importing it (a feature
 * never imports another feature: DESIGN §2). The app fills the slots (app/providers.tsx); a slot
 * left empty (unit tests of a single feature) shows nothing or the host's own fallback.
 */
export type FeatureSlots = {
  /** The notification bell of the header (only shown to a signed-in user by the slot itself). */
  HeaderNotifications?: ComponentType;
  /** The content of the account's notifications tab. */
  AccountNotifications?: ComponentType<{ user: SessionUser }>;
  /** The "install the app" card of the notifications tab (the app's PWA work fills it). */
  AccountInstallCard?: ComponentType;
  /** « Mes devis » at the top of the account's repairs tab (the estimates feature, issue 24 §1). */
  AccountEstimates?: ComponentType<{ user: SessionUser }>;
  /** « Mes rendez-vous », the account's bookings tab (the bookings feature, issue 24 §3). */
  AccountBookings?: ComponentType<{ user: SessionUser }>;
};

const FeatureSlotsContext = createContext<FeatureSlots>({});

export const FeatureSlotsProvider = FeatureSlotsContext.Provider;

export function useFeatureSlots(): FeatureSlots {
  return useContext(FeatureSlotsContext);
}
