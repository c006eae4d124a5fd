import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address the unpaid-orders limit counts by: an IPv4 address as is (an IPv4-mapped IPv6
 * address as its IPv4 one), an IPv6 address as its /64 ("2001:db8:0:1::/64"), since one
 * subscriber usually holds a whole /64. '' when the address is not an IP address.
 */
export function ipKeyOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return '';
  let text = address;
  // An embedded IPv4 tail ("64:ff9b::192.0.2.1") counts as its two last groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array.from({ length: rest === undefined ? 0 : missing }, () => '0'), ...tailGroups];
  if (groups.length !== 8) return '';
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
