import { isSettingUp } from '@erepare/shared/go-live';
import { usePublicOrigin } from '../lib/public-url';
import { useStoreProfile } from '../lib/store-profile';

/**
 * A real site whose store profile still holds example values (issue 23 §2) tells visitors, above
 * every page, that what they read is not final yet. The demo on this machine shows nothing.
 */
export function SetupBanner() {
  const profile = useStoreProfile();
  const origin = usePublicOrigin();
  if (!isSettingUp(profile, origin)) return null;
  return (
    <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
      Site en cours de mise en place&nbsp;: certaines informations (coordonnées, mentions légales) ne sont pas encore définitives.
    </p>
  );
}
