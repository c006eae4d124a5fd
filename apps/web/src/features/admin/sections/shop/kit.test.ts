import { describe, expect, it, vi } from 'vitest';
import { ticketPatchSchema } from '@erepare/shared/schemas/admin-repair';
import { applyIssues } from './kit';

describe('applyIssues', () => {
  it('puts each issue of a shared schema on its form field, renamed where the form differs', () => {
    const setError = vi.fn();
    const parsed = ticketPatchSchema.safeParse({ devices: [{ name: '', fault: 'x', priceCents: -1 }] });
    expect(parsed.success).toBe(false);
    applyIssues(setError, parsed.error?.issues ?? [], (key) => key.replace(/^devices\.(\d+)\.priceCents$/, 'devices.$1.price'));
    const fields = setError.mock.calls.map(([field]) => field as string);
    expect(fields).toContain('devices.0.name');
    expect(fields).toContain('devices.0.price');
  });

  it('sends issues about a whole object (unknown keys) to the form’s root, where the form shows them', () => {
    const setError = vi.fn();
    const parsed = ticketPatchSchema.safeParse({ devices: [{ name: 'a', fault: 'b', status: 'En cours' }] });
    applyIssues(setError, parsed.error?.issues ?? []);
    expect(setError).toHaveBeenCalledWith('root', expect.objectContaining({ message: expect.any(String) as unknown }));
  });
});
