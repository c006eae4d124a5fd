import { describe, expect, it } from 'vitest';
import { z } from '@erepare/shared/zod';
import { NETWORK_ERROR_MESSAGE } from './api-client';
import { lazyZodResolver } from './lazy-resolver';

type Values = { email: string };
const schema = z.object({ email: z.string().trim().min(1, { error: 'L’adresse e-mail est requise' }) });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads the schema once, at the first validation, and answers as zodResolver does', async () => {
    let loads = 0;
    const { resolver } = lazyZodResolver<Values>(async () => {
      loads += 1;
      return schema;
    });
    expect(loads).toBe(0);
    const refused = await resolver({ email: '  ' }, undefined, options);
    expect(refused.errors).toMatchObject({ email: { message: 'L’adresse e-mail est requise' } });
    const accepted = await resolver({ email: ' lea@example.fr ' }, undefined, options);
    expect(accepted).toEqual({ values: { email: 'lea@example.fr' }, errors: {} });
    expect(loads).toBe(1);
  });

  it('a load that failed (a network hiccup) is a French root error, and is tried again at the next validation', async () => {
    let loads = 0;
    const { resolver, preload } = lazyZodResolver<Values>(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    preload();
    await expect(resolver({ email: 'a' }, undefined, options)).resolves.toEqual({
      values: {},
      errors: { root: { type: 'network', message: NETWORK_ERROR_MESSAGE } },
    });
    await expect(resolver({ email: 'a' }, undefined, options)).resolves.toEqual({ values: { email: 'a' }, errors: {} });
    expect(loads).toBe(2);
  });
});
