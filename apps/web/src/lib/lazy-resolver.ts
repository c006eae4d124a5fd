import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from '@erepare/shared/zod';
import { NETWORK_ERROR_MESSAGE } from './api-client';

/**
 * A react-hook-form resolver whose zod schema (zod and the schema, ~30 kB gzip with what they
 * import) loads with the first validation instead of with the page. `preload` starts the loading
 * early (when the visitor enters the form), so the first submit does not wait for it. If the
 * checks cannot be fetched (the connection dropped since the page loaded), the form gets a root
 * error with the French network message, and the next validation tries again.
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<z.ZodType<Values, Values>>): {
  resolver: Resolver<Values>;
  preload: () => void;
} {
  let loading: Promise<Resolver<Values>> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()])
      .then(([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Values>)
      .catch((error: unknown) => {
        // Tried again on the next validation (a network hiccup while loading).
        loading = null;
        throw error;
      }));
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<Values>;
      try {
        resolve = await load();
      } catch {
        const errors = { root: { type: 'network', message: NETWORK_ERROR_MESSAGE } } as FieldErrors<Values>;
        return { values: {}, errors };
      }
      return resolve(values, context, options);
    },
    preload: () => void load().catch(() => undefined),
  };
}
