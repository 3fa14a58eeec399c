import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach: this machine, private and shared networks, link-local (the
 * cloud metadata service at 169.254.169.254), documentation, benchmarking, multicast and reserved
 * ranges (RFC 6890), in IPv4 and IPv6. IPv4-mapped and NAT64 IPv6 forms are checked as their IPv4.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one stands for (::ffff:a.b.c.d, 64:ff9b::/96), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one a webhook may not reach (see INTERNAL). */
export function isInternalAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return INTERNAL.check(address, 'ipv4');
  if (version !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 !== null ? INTERNAL.check(ipv4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (as the system resolver answers; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export class NonPublicAddressError extends Error {
  override name = 'NonPublicAddressError';
}

/**
 * The addresses a webhook host resolves to, refused (NonPublicAddressError) when it resolves to
 * nothing or to any internal address and `allowInternal` is off. Called when an endpoint is saved
 * and again for every delivery, whose connection then goes to the very address checked, so a
 * DNS answer that changes in between (DNS rebinding) cannot steer a delivery inside.
 */
export async function resolvePublicAddresses(
  hostname: string,
  options: { allowInternal: boolean; resolve: HostResolver },
): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  let addresses: ResolvedAddress[];
  if (version !== 0) addresses = [{ address: bare, family: version === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await options.resolve(bare);
    } catch (error) {
      throw new NonPublicAddressError(`${hostname} does not resolve: ${(error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new NonPublicAddressError(`${hostname} does not resolve`);
  if (!options.allowInternal) {
    const internal = addresses.find(({ address }) => isInternalAddress(address));
    if (internal) throw new NonPublicAddressError(`${hostname} resolves to ${internal.address}, which is not public`);
  }
  return addresses;
}
