import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses a server-side fetch may connect to. Pure: it only reads address text.
 *
 * The rule is "public unicast only". Everything IANA's special-purpose registries mark as not
 * globally reachable is refused, and IPv6 forms that carry an IPv4 address (mapped, compatible,
 * translated, NAT64, 6to4) are judged by the IPv4 address inside, because that is where the
 * packets end up. IPv6 outside 2000::/3 is not allocated for unicast and is refused whole.
 */
export type AddressRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'shared'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved';

type Rule<T> = [prefix: T, bits: number, range: AddressRange];

// Order matters: the first matching rule names the range, so single addresses come before their blocks.
const ipv4Rules: Rule<number>[] = compile<number>(ipv4ToNumber, [
  ['169.254.169.254', 32, 'metadata'], // AWS, GCP, Azure, OpenStack instance metadata
  ['168.63.129.16', 32, 'metadata'], // Azure wire server (a public-looking address inside Azure)
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, 'unspecified'], // "this network"; Linux connects 0.0.0.0 to the local host
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT; Alibaba's metadata 100.100.100.200 is here
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // ECS task metadata 169.254.170.2 is here
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast, deprecated
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]);

const ipv6Rules: Rule<bigint>[] = compile<bigint>(
  (text) => ipv6(text),
  [
    ['::', 128, 'unspecified'],
    ['::1', 128, 'loopback'],
    ['fd00:ec2::254', 128, 'metadata'], // AWS instance metadata over IPv6
    ['64:ff9b:1::', 48, 'private'], // local-use NAT64
    ['100::', 64, 'reserved'], // discard-only
    ['2001::', 23, 'reserved'], // IETF protocol assignments, Teredo (2001::/32) included
    ['2001:db8::', 32, 'documentation'],
    ['3fff::', 20, 'documentation'],
    ['5f00::', 16, 'reserved'], // SRv6 segment ids
    ['fc00::', 7, 'private'], // unique local
    ['fe80::', 10, 'link-local'],
    ['fec0::', 10, 'private'], // site-local, deprecated
    ['ff00::', 8, 'multicast'],
  ],
);

/** IPv6 blocks whose low bits (or, for 6to4, bits 16–47) are an IPv4 address. */
const embeddedIpv4: { prefix: bigint; bits: number; shift: bigint; publicAllowed: boolean }[] = [
  { prefix: ipv6('::ffff:0:0'), bits: 96, shift: 0n, publicAllowed: true }, // IPv4-mapped
  { prefix: ipv6('::ffff:0:0:0'), bits: 96, shift: 0n, publicAllowed: true }, // IPv4-translated (SIIT)
  { prefix: ipv6('64:ff9b::'), bits: 96, shift: 0n, publicAllowed: true }, // NAT64 well-known prefix
  { prefix: ipv6('2002::'), bits: 16, shift: 80n, publicAllowed: true }, // 6to4
  { prefix: 0n, bits: 96, shift: 0n, publicAllowed: false }, // IPv4-compatible, deprecated: never public
];

const globalUnicast: [bigint, number] = [ipv6('2000::'), 3];

/**
 * Why an address may not be fetched, or undefined for a public unicast address. Text that is
 * not an IP address at all is refused as 'reserved' (fail closed).
 */
export function refusedRange(address: string): AddressRange | undefined {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(text)) return ipv4Range(ipv4ToNumber(text));
  // A zone id (fe80::1%eth0) only exists on link-local and multicast addresses; judge the address without it.
  const value = ipv6ToBigInt(text.split('%')[0] ?? '');
  return value === undefined ? 'reserved' : ipv6Range(value);
}

export function isLoopback(address: string): boolean {
  return refusedRange(address) === 'loopback';
}

function ipv4Range(value: number): AddressRange | undefined {
  for (const [prefix, bits, range] of ipv4Rules) {
    if (bits === 0 || value >>> (32 - bits) === prefix >>> (32 - bits)) return range;
  }
  return undefined;
}

function ipv6Range(value: bigint): AddressRange | undefined {
  for (const [prefix, bits, range] of ipv6Rules) {
    if (inPrefix(value, prefix, bits)) return range;
  }
  for (const { prefix, bits, shift, publicAllowed } of embeddedIpv4) {
    if (!inPrefix(value, prefix, bits)) continue;
    const range = ipv4Range(Number((value >> shift) & 0xffffffffn));
    return range ?? (publicAllowed ? undefined : 'reserved');
  }
  return inPrefix(value, ...globalUnicast) ? undefined : 'reserved';
}

/** An IPv6 constant of this file (a typo here is a bug, not a refusal). */
function ipv6(text: string): bigint {
  const value = ipv6ToBigInt(text);
  if (value === undefined) throw new Error(`not an IPv6 address: ${text}`);
  return value;
}

function compile<T>(parse: (text: string) => T, rules: Rule<string>[]): Rule<T>[] {
  return rules.map(([text, bits, range]) => [parse(text), bits, range]);
}

function inPrefix(value: bigint, prefix: bigint, bits: number): boolean {
  const shift = BigInt(128 - bits);
  return value >> shift === prefix >> shift;
}

function ipv4ToNumber(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** The 128-bit value of an IPv6 address in any valid spelling, or undefined. */
export function ipv6ToBigInt(text: string): bigint | undefined {
  if (!isIPv6(text)) return undefined;
  let body = text;
  // A trailing dotted quad (::ffff:127.0.0.1) stands for the last two groups.
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(body);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[0]);
    body = `${body.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = body.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  if (groups.length !== 8) return undefined;
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}
