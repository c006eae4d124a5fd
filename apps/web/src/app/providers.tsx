import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useToasterWanted } from '../lib/toast';

/** Query cache: 5 minutes garbage collection and 3 retries (spec 1 §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { gcTime: 5 * 60_000, retry: 3, refetchOnWindowFocus: false } },
  });
}

// The toast area is loaded with the first toast (lib/toast.ts): most pages never toast.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
