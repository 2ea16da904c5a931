import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { ALERT_CHANNEL_ERRORS } from '../../contracts/alert-channels.ts';
import { HttpError } from '../lib/errors.ts';

/**
 * Where an alert may be sent (docs/alerts.md, "Outbound safety"): an http(s) URL whose host resolves to public
 * addresses only, so a channel cannot make the server call its own network, a neighbour or a cloud's metadata service.
 * Checked on save and again at each delivery, on the addresses the connection really uses.
 */
const refused = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, and the 169.254.169.254 metadata service of most clouds
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (192.0.0.192 is Oracle Cloud's metadata)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  refused.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local, and AWS's fd00:ec2::254 metadata service
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001:db8::', 32], // documentation
] as const)
  refused.addSubnet(address, prefix, 'ipv6');

/** IPv4 written inside IPv6 (::ffff:10.0.0.1, ::10.0.0.1, 64:ff9b::10.0.0.1) is judged as the IPv4 it carries. */
function embeddedIpv4(address: string): string | undefined {
  const dotted = address.match(/^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (dotted) return dotted;
  const hex = address.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const version = net.isIP(address);
  if (version === 0) return false;
  const inner = version === 6 ? embeddedIpv4(address.toLowerCase()) : undefined;
  if (inner) return isPublicAddress(inner);
  return !refused.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

const privateTarget = () =>
  new HttpError(400, ALERT_CHANNEL_ERRORS.privateTarget.error, ALERT_CHANNEL_ERRORS.privateTarget.message);

/** The URL, parsed, if it is an http(s) URL without credentials; 400 invalid_target otherwise. */
export function parseTargetUrl(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new HttpError(400, ALERT_CHANNEL_ERRORS.badUrl.error, ALERT_CHANNEL_ERRORS.badUrl.message);
  }
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** On save: a clear 400 for a URL that is not http(s), does not resolve, or resolves to a refused address. */
export async function checkTarget(text: string, allowPrivate: boolean): Promise<void> {
  const url = parseTargetUrl(text);
  if (allowPrivate) return;
  const host = bareHost(url);
  const addresses = net.isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  if (addresses.length === 0) {
    throw new HttpError(400, ALERT_CHANNEL_ERRORS.unresolved.error, ALERT_CHANNEL_ERRORS.unresolved.message);
  }
  if (!addresses.every(isPublicAddress)) throw privateTarget();
}

/** Refuses an IP-literal host at delivery (Node connects to those without a lookup). */
export function refuseLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = bareHost(url);
  if (!allowPrivate && net.isIP(host) && !isPublicAddress(host)) throw privateTarget();
}

/**
 * The DNS lookup of a delivery's connection: the addresses it connects to are the ones checked, so a name that
 * resolved to a public address on save cannot point the delivery at a private one later.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }).then(
      (found) => {
        const allowed = found.filter((entry) => allowPrivate || isPublicAddress(entry.address));
        const first = allowed[0];
        if (!first) {
          callback(privateTarget(), '', 4);
          return;
        }
        if (options.all) callback(null, allowed);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
