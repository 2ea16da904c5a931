import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { HardwareCheck } from '../../contracts/hardware-check.schema.ts';
import type { HardwareReport } from '../../contracts/node-protocol.schema.ts';
import { OS_CODE } from '../../contracts/node-rules.ts';
import type { ConfigRow } from './nodes.repository.ts';

// Addresses that cannot serve viewers from the internet: private, loopback, link-local, shared (CGNAT),
// multicast, reserved, documentation and benchmarking ranges.
const notPublic = new BlockList();
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
  notPublic.addSubnet(network, prefix, 'ipv4');
}
notPublic.addSubnet('2001:db8::', 32, 'ipv6');
// IPv6 on the internet is global unicast, 2000::/3; everything else (loopback, ULA, link-local, multicast,
// IPv4-mapped) is not reachable as a node address.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/**
 * Whether `ip` is a public address the configuration's IP type accepts: 'IPv4' takes IPv4, 'IPv6' takes IPv6, and a
 * type naming both ('IPv4 + IPv6') takes either.
 */
export function isAcceptableIp(ip: string, ipType: string): boolean {
  const type = ipType.toLowerCase();
  if (isIPv4(ip)) return type.includes('ipv4') && !notPublic.check(ip, 'ipv4');
  if (isIPv6(ip)) {
    return type.includes('ipv6') && globalUnicast.check(ip, 'ipv6') && !notPublic.check(ip, 'ipv6');
  }
  return false;
}

/** Compares a report with the node's configuration, value by value (spec 3 check JSON). */
export function checkHardware(config: ConfigRow, report: HardwareReport): HardwareCheck {
  const check_config_nodr: HardwareCheck['check_config_nodr'] = {
    storage: { used: report.storage, result: report.storage >= config.storage },
    ram: { used: report.ram, result: report.ram >= config.ram },
    ip: { used: report.ip, result: isAcceptableIp(report.ip, config.ipType) },
    // spec 3: the node software runs on Linux only.
    os: { used: report.os, result: report.os === OS_CODE.linux },
    bandwidth: { used: report.bandwidth, result: report.bandwidth >= config.bandwidth },
  };
  const result = Object.values(check_config_nodr).every((verdict) => verdict.result);
  return { result, check_config_nodr };
}
