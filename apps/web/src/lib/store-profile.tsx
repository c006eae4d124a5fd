import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';

/**
 * The shop's identity (address, phone, legal details…) as the root loader gave it: the server's
 * HTML was rendered with the same profile, so the page hydrates without a mismatch. Without a
 * provider (unit tests), the default profile.
 */
type StoreProfileState = { profile: StoreProfile; replace: (profile: StoreProfile) => void };

const StoreProfileContext = createContext<StoreProfileState>({ profile: defaultStoreProfile, replace: () => undefined });

export function StoreProfileProvider({ initial, children }: { initial: StoreProfile; children: ReactNode }) {
  const [profile, replace] = useState(initial);
  const value = useMemo(() => ({ profile, replace }), [profile]);
  return <StoreProfileContext.Provider value={value}>{children}</StoreProfileContext.Provider>;
}

/** The shop's current profile. */
export function useStoreProfile(): StoreProfile {
  return useContext(StoreProfileContext).profile;
}

/** After staff save the profile: the open page shows the new one at once. */
export function useReplaceStoreProfile(): (profile: StoreProfile) => void {
  return useContext(StoreProfileContext).replace;
}
