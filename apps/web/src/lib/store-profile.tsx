import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { asStoreProfile, defaultStoreProfile, STORE_PROFILE_ELEMENT_ID, type StoreProfile } from '@erepare/shared/store-profile';

/**
 * The shop's identity (address, phone, legal details…) as the server sent it with the page
 * (STORE_PROFILE_ELEMENT_ID): the prerendered HTML was rendered with the same profile, so the
 * page hydrates without a mismatch. Without a provider (unit tests), the default profile.
 */
type StoreProfileState = { profile: StoreProfile; replace: (profile: StoreProfile) => void };

const StoreProfileContext = createContext<StoreProfileState>({ profile: defaultStoreProfile, replace: () => undefined });

/** The profile the server sent with the page, if any and well formed. */
export function embeddedStoreProfile(doc: Pick<Document, 'getElementById'>): StoreProfile | null {
  const text = doc.getElementById(STORE_PROFILE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return asStoreProfile(JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

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
