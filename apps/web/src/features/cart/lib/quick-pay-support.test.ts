import { afterEach, describe, expect, it } from 'vitest';
import {
  parseQuickPaySupport,
  QUICK_PAY_SUPPORT_KEY,
  QUICK_PAY_SUPPORT_TTL_MS,
  readQuickPaySupport,
  rememberQuickPaySupport,
  serializeQuickPaySupport,
  walletOf,
} from './quick-pay-support';

const checkedAt = new Date('2026-11-21T10:00:00.000Z');
const later = (ms: number) => new Date(checkedAt.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => localStorage.clear());

describe('quick pay support cache (spec 2 §4: cached for 7 days)', () => {
  it('gives back a fresh answer, supported or unsupported', () => {
    expect(parseQuickPaySupport(serializeQuickPaySupport('supported', checkedAt), later(0))).toBe('supported');
    expect(parseQuickPaySupport(serializeQuickPaySupport('unsupported', checkedAt), later(DAY))).toBe('unsupported');
    expect(parseQuickPaySupport(serializeQuickPaySupport('unsupported', checkedAt), later(QUICK_PAY_SUPPORT_TTL_MS - 1))).toBe('unsupported');
  });

  it('forgets the answer at 7 days', () => {
    expect(QUICK_PAY_SUPPORT_TTL_MS).toBe(7 * DAY);
    expect(parseQuickPaySupport(serializeQuickPaySupport('unsupported', checkedAt), later(7 * DAY))).toBeNull();
    expect(parseQuickPaySupport(serializeQuickPaySupport('supported', checkedAt), later(30 * DAY))).toBeNull();
  });

  it('ignores a corrupt, foreign or future-dated value', () => {
    for (const raw of [null, '', '{', 'null', '"supported"', '[]', '{"support":"maybe","checkedAt":"2026-11-21T10:00:00.000Z"}', '{"support":"supported"}', '{"support":"supported","checkedAt":"hier"}', '{"support":"supported","checkedAt":42}']) {
      expect(parseQuickPaySupport(raw, later(0)), String(raw)).toBeNull();
    }
    // A clock set back: the answer cannot be dated, it is checked again.
    expect(parseQuickPaySupport(serializeQuickPaySupport('unsupported', checkedAt), later(-DAY))).toBeNull();
  });

  it('is kept in local storage', () => {
    expect(readQuickPaySupport(checkedAt)).toBeNull();
    rememberQuickPaySupport('unsupported', checkedAt);
    expect(JSON.parse(localStorage.getItem(QUICK_PAY_SUPPORT_KEY) ?? '{}')).toEqual({ support: 'unsupported', checkedAt: '2026-11-21T10:00:00.000Z' });
    expect(readQuickPaySupport(later(DAY))).toBe('unsupported');
    expect(readQuickPaySupport(later(8 * DAY))).toBeNull();
    localStorage.setItem(QUICK_PAY_SUPPORT_KEY, 'pas du JSON');
    expect(readQuickPaySupport(later(DAY))).toBeNull();
  });
});

describe('walletOf (canMakePayment result)', () => {
  it('names the wallet, or null when none can pay', () => {
    expect(walletOf(null)).toBeNull();
    expect(walletOf(undefined)).toBeNull();
    expect(walletOf({ applePay: false, googlePay: false, link: false })).toBeNull();
    expect(walletOf({ applePay: true, googlePay: false })).toBe('Apple Pay');
    expect(walletOf({ applePay: false, googlePay: true, link: true })).toBe('Google Pay');
    expect(walletOf({ applePay: false, googlePay: false, link: true })).toBe('Link');
    expect(walletOf({ browserCard: true })).toBe('carte');
  });
});
