import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** Query cache: 5 minutes garbage collection and 3 retries (spec 1 §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { gcTime: 5 * 60_000, retry: 3, refetchOnWindowFocus: false } },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
