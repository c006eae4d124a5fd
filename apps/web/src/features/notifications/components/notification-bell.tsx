import { Suspense, useSyncExternalStore } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { readItem, subscribeToKey } from '../../../lib/storage';

/**
 * The header's bell, as little as possible in the entry bundle: the stored user (lib/session
 * keeps it under "user", in local or session storage) tells whether anyone may be signed in;
 * only then does the live bell (session check, polling, badge) load. Visitors download nothing.
 */
const USER_KEY = 'user';

const LiveBell = lazyComponent(() => import('./live-bell').then((m) => ({ default: m.LiveBell })));

function subscribe(onChange: () => void): () => void {
  return subscribeToKey(USER_KEY, onChange);
}

const hasStoredUser = () => readItem(USER_KEY, 'local') !== null || readItem(USER_KEY, 'session') !== null;

export function NotificationBell() {
  const maybeSignedIn = useSyncExternalStore(subscribe, hasStoredUser, () => false);
  if (!maybeSignedIn) return null;
  return (
    <Suspense fallback={null}>
      <LiveBell />
    </Suspense>
  );
}
