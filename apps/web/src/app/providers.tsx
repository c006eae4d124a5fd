import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { FeatureSlotsProvider, type FeatureSlots } from '../lib/feature-slots';
import { PublicUrlProvider } from '../lib/public-url';
import { StoreProfileProvider } from '../lib/store-profile';
import { useToasterWanted } from '../lib/toast';

/** Query cache: 5 minutes garbage collection and 3 retries (spec 1 §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { gcTime: 5 * 60_000, retry: 3, refetchOnWindowFocus: false } },
  });
}

// The toast area is loaded with the first toast (lib/toast.ts): most pages never toast.
const Toaster = lazyComponent(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * What features show of each other (lib/feature-slots): the header's bell is tiny (it loads the
 * rest when someone may be signed in); the account's notifications tab loads with the tab.
 */
const featureSlots: FeatureSlots = {
  HeaderNotifications: NotificationBell,
  AccountNotifications: lazyComponent(() =>
    import('../features/notifications/components/account-notifications').then((m) => ({ default: m.AccountNotifications })),
  ),
  AccountInstallCard: lazyComponent(() => import('../features/install/install-card').then((m) => ({ default: m.InstallAppCard }))),
  AccountEstimates: lazyComponent(() => import('../features/estimates/components/account-estimates').then((m) => ({ default: m.AccountEstimates }))),
  AccountBookings: lazyComponent(() => import('../features/bookings/components/account-bookings').then((m) => ({ default: m.AccountBookings }))),
};

export function Providers({ client, storeProfile, publicUrl = '', children }: { client: QueryClient; storeProfile: StoreProfile; publicUrl?: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <StoreProfileProvider initial={storeProfile}>
        <PublicUrlProvider value={publicUrl}>
          <FeatureSlotsProvider value={featureSlots}>{children}</FeatureSlotsProvider>
        </PublicUrlProvider>
      </StoreProfileProvider>
      <LazyToaster />
    </QueryClientProvider>
  );
}
