import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './rate-limit.js';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, mapped or not', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('limits IPv6 by /64: every address of one line shares a key', () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:DB8:1:2::1')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(clientAddressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
  });
});
