/**
 * Which network addresses a supplier-controlled download (feed, feed image) may reach
 * (docs/security.md, "Outbound fetches and imports"): only public ones. Loopback, private,
 * link-local, shared (CGNAT), multicast, reserved and unspecified addresses are refused, in IPv4
 * and IPv6, including IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) and Teredo. An operator can let chosen hosts,
 * addresses or ranges through with OUTBOUND_ALLOW (parseAllowList). Pure functions, no I/O.
 */
import { isIP } from 'node:net';

/** [first address as a number, prefix length] of the IPv4 ranges that are not the public internet. */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function v4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function inV4Range(value: number, base: string, prefix: number): boolean {
  const size = 2 ** (32 - prefix);
  const start = v4Number(base);
  return value >= start && value < start + size;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    if (isIP(dotted[1]) !== 4) return null;
    const v = v4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v >>> 16).toString(16)}:${(v & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : Number.NaN)));
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

function v4FromGroups(high: number, low: number): string {
  return [high >>> 8, high & 0xff, low >>> 8, low & 0xff].join('.');
}

function isBlockedV4(address: string): boolean {
  const value = v4Number(address);
  return BLOCKED_V4.some(([base, prefix]) => inV4Range(value, base, prefix));
}

function isBlockedV6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) return isBlockedV4(v4FromGroups(g6, g7)); // mapped, compatible
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isBlockedV4(v4FromGroups(g6, g7)); // NAT64
  if (g0 === 0x2002) return isBlockedV4(v4FromGroups(g1, g2)); // 6to4
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo: the IPv4 end point is hidden, refuse it
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True when the address is not on the public internet (or is not an IP address at all). */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare.split('%')[0] ?? '');
  if (family === 4) return isBlockedV4(bare);
  if (family === 6) {
    const groups = ipv6Groups(bare);
    return groups === null || isBlockedV6(groups);
  }
  return true;
}

// ---- The operator's allow-list (OUTBOUND_ALLOW) ----

interface AllowedHost {
  kind: 'host';
  /** A host name (lower case) or an IP address as written. */
  host: string;
  /** Only this port, when given. */
  port: number | null;
}

interface AllowedRange {
  kind: 'range';
  family: 4 | 6;
  /** IPv4: 32 bits; IPv6: 8 groups, compared bit by bit up to prefix. */
  bits: number[];
  prefix: number;
}

export type AllowEntry = AllowedHost | AllowedRange;

export interface AllowList {
  entries: readonly AllowEntry[];
}

export const EMPTY_ALLOW_LIST: AllowList = { entries: [] };

function bitsOf(address: string, family: 4 | 6): number[] {
  if (family === 4) return address.split('.').flatMap((part) => Array.from({ length: 8 }, (_, i) => (Number(part) >> (7 - i)) & 1));
  return (ipv6Groups(address) ?? []).flatMap((group) => Array.from({ length: 16 }, (_, i) => (group >> (15 - i)) & 1));
}

/**
 * OUTBOUND_ALLOW: entries separated by commas or spaces, each a host name (`feeds.lan`), an IP
 * address (`192.168.1.20`, `[fd00::5]`), either with a port (`feeds.lan:8080`, `127.0.0.1:9000`),
 * or a range (`10.20.0.0/16`, `fd00::/8`). Throws with a message naming the bad entry.
 */
export function parseAllowList(value: string | undefined): AllowList {
  const entries: AllowEntry[] = [];
  for (const raw of (value ?? '').split(/[\s,]+/)) {
    const item = raw.trim().toLowerCase();
    if (item === '') continue;
    const bad = () => new Error(`OUTBOUND_ALLOW: '${raw}' is not a host name, IP address, host:port or address range`);
    const range = /^\[?([0-9a-f:.]+)\]?\/(\d{1,3})$/.exec(item);
    if (range?.[1] && range[2]) {
      const family = isIP(range[1]);
      const prefix = Number(range[2]);
      if ((family !== 4 && family !== 6) || prefix > (family === 4 ? 32 : 128)) throw bad();
      entries.push({ kind: 'range', family, bits: bitsOf(range[1], family), prefix });
      continue;
    }
    const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(item);
    const plain = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(item);
    const bareV6 = isIP(item) === 6 ? item : null;
    const host = bareV6 ?? bracketed?.[1] ?? plain?.[1];
    const portText = bareV6 ? undefined : (bracketed?.[2] ?? plain?.[2]);
    if (!host || (bracketed && isIP(host) !== 6)) throw bad();
    const port = portText === undefined ? null : Number(portText);
    if (port !== null && (port < 1 || port > 65_535)) throw bad();
    entries.push({ kind: 'host', host, port });
  }
  return { entries };
}

function sameAddress(a: string, b: string): boolean {
  const family = isIP(a);
  if (family !== isIP(b)) return false;
  if (family === 6) return (ipv6Groups(a) ?? []).join(':') === (ipv6Groups(b) ?? []).join(':');
  return a === b;
}

/** True when the URL's host (and port) is on the allow-list by name or literal address. */
export function allowsHost(list: AllowList, hostname: string, port: number): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return list.entries.some(
    (entry) => entry.kind === 'host' && (entry.port === null || entry.port === port) && (entry.host === host || sameAddress(entry.host, host)),
  );
}

/** True when a resolved address lies in one of the allow-list's ranges (or equals a listed address). */
export function allowsAddress(list: AllowList, address: string, port: number): boolean {
  const family = isIP(address);
  if (family !== 4 && family !== 6) return false;
  return list.entries.some((entry) => {
    if (entry.kind === 'host') return (entry.port === null || entry.port === port) && sameAddress(entry.host, address);
    if (entry.family !== family) return false;
    const bits = bitsOf(address, family);
    for (let i = 0; i < entry.prefix; i += 1) if (bits[i] !== entry.bits[i]) return false;
    return true;
  });
}
