import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether HOST keeps the server to this machine: `localhost`, 127.0.0.0/8 or ::1 (also
 * written in full, bracketed, or IPv4-mapped). Anything else, `0.0.0.0` and `::` above
 * all, or a name that may resolve anywhere, is reachable from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost') return true;
  const family = isIP(name);
  if (family === 0) return false;
  return LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}
