import { readItem, writeItem } from '../../../lib/storage';

/**
 * Quick pay support (spec 2 §4: "supported or unsupported, cached for 7 days"). Whether this
 * browser has a wallet able to pay (Apple Pay, Google Pay, Link) is only known after Stripe.js has
 * loaded and `canMakePayment()` answered: the answer is kept so that a browser without a wallet does
 * not download Stripe.js on every visit of the cart. Only a real answer is kept: a script that failed
 * to load says nothing about the browser and is not recorded.
 */
export const QUICK_PAY_SUPPORT_KEY = 'erepare_quick_pay_support';
export const QUICK_PAY_SUPPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type QuickPaySupport = 'supported' | 'unsupported';

type StoredSupport = { support: QuickPaySupport; checkedAt: string };

/**
 * The cached answer, or null when there is none, it is 7 days old or more, it is dated in the
 * future (clock changed) or it cannot be read.
 */
export function parseQuickPaySupport(raw: string | null, now: Date): QuickPaySupport | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { support, checkedAt } = value as Partial<Record<keyof StoredSupport, unknown>>;
  if (support !== 'supported' && support !== 'unsupported') return null;
  if (typeof checkedAt !== 'string') return null;
  const checked = Date.parse(checkedAt);
  if (Number.isNaN(checked)) return null;
  const age = now.getTime() - checked;
  if (age < 0 || age >= QUICK_PAY_SUPPORT_TTL_MS) return null;
  return support;
}

export function serializeQuickPaySupport(support: QuickPaySupport, now: Date): string {
  const stored: StoredSupport = { support, checkedAt: now.toISOString() };
  return JSON.stringify(stored);
}

export function readQuickPaySupport(now: Date = new Date()): QuickPaySupport | null {
  return parseQuickPaySupport(readItem(QUICK_PAY_SUPPORT_KEY), now);
}

export function rememberQuickPaySupport(support: QuickPaySupport, now: Date = new Date()): void {
  writeItem(QUICK_PAY_SUPPORT_KEY, serializeQuickPaySupport(support, now));
}

/**
 * Runs `task` once the page is idle (requestIdleCallback, at the latest after `timeoutMs`), or
 * after a short delay where the browser has no idle callback (Safari). Returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

export type QuickPayWallet = 'Apple Pay' | 'Google Pay' | 'Link' | 'carte';

/**
 * The wallet `canMakePayment()` found ({applePay: true, …}), or null when none can pay: null means
 * "unsupported". A browser card without a named wallet is 'carte'.
 */
export function walletOf(result: Record<string, boolean> | null | undefined): QuickPayWallet | null {
  if (!result) return null;
  if (result.applePay) return 'Apple Pay';
  if (result.googlePay) return 'Google Pay';
  if (result.link) return 'Link';
  return Object.values(result).some(Boolean) ? 'carte' : null;
}
