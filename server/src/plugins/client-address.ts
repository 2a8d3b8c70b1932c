import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key that per-client limits count under: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's network; an attacker holding a /64 has 2^64 addresses to rotate through).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) counts as two groups; only the first four groups matter here.
  const missing = 8 - headGroups.length - tailGroups.length - (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups = ip.includes('::') ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
