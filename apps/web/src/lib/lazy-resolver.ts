import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from '@erepare/shared/zod';

/**
 * A react-hook-form resolver whose zod schema (zod and the schema, ~30 kB gzip with what they
 * import) loads with the first validation instead of with the page. `preload` starts the loading
 * early (when the visitor enters the form), so the first submit does not wait for it.
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
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => undefined),
  };
}
