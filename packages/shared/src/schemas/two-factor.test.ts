import { describe, expect, it } from 'vitest';
import { groupKey, normaliseRecoveryCode, secondFactorCodeSchema, totpCodeSchema, twoFactorMessages } from './two-factor.js';

describe('second-factor codes as typed', () => {
  it('reads a 6-digit code with spaces, and nothing else, as a TOTP code', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(totpCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(twoFactorMessages.totpFormat);
    expect(totpCodeSchema.safeParse('').error?.issues[0]?.message).toBe(twoFactorMessages.codeRequired);
  });

  it('reads a recovery code whatever its case, spaces and hyphen, and 0/1 as o/l', () => {
    expect(normaliseRecoveryCode(' JC2L-LHK2 ')).toBe('jc2llhk2');
    expect(normaliseRecoveryCode('jc21 1hk2')).toBe('jc2llhk2');
    expect(normaliseRecoveryCode('q0bm-oidc')).toBe('qobmoidc');
    expect(secondFactorCodeSchema.parse('Q0BM OIDC')).toBe('qobmoidc');
    expect(secondFactorCodeSchema.parse('123 456')).toBe('123456');
    expect(secondFactorCodeSchema.safeParse('abcd-efg').error?.issues[0]?.message).toBe(twoFactorMessages.codeFormat);
    expect(secondFactorCodeSchema.safeParse('abcd-efg8').success).toBe(false);
  });

  it('groups a base32 key by 4 for typing it by hand', () => {
    expect(groupKey('726FFNNFZEEFOXY7XDUG6YSOIEBDTKVR')).toBe('726F FNNF ZEEF OXY7 XDUG 6YSO IEBD TKVR');
  });
});
