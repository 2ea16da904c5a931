import { describe, expect, it } from 'vitest';
import type { HardwareReport } from '../../../contracts/node-protocol.schema.ts';
import { checkHardware, isAcceptableIp } from '../../../server/nodes/hardware-check.ts';
import type { ConfigRow } from '../../../server/nodes/nodes.repository.ts';

const config: ConfigRow = {
  id: 2,
  name: 'Standard',
  status: 10,
  storage: 2e12,
  ram: 16e9,
  bandwidth: 1e9,
  ipType: 'IPv4',
};

/** A report that meets the configuration exactly: every minimum is itself enough (spec 3). */
const exact: HardwareReport = { storage: 2e12, ram: 16e9, ip: '8.8.8.8', os: 10, bandwidth: 1e9 };

describe('the hardware check of spec 3', () => {
  it('passes a report that meets every minimum exactly', () => {
    expect(checkHardware(config, exact)).toEqual({
      result: true,
      check_config_nodr: {
        storage: { used: 2e12, result: true },
        ram: { used: 16e9, result: true },
        ip: { used: '8.8.8.8', result: true },
        os: { used: 10, result: true },
        bandwidth: { used: 1e9, result: true },
      },
    });
  });

  it.each<[keyof HardwareReport, HardwareReport[keyof HardwareReport]]>([
    ['storage', 2e12 - 1],
    ['ram', 16e9 - 1],
    ['ip', '10.0.0.8'],
    ['os', 20],
    ['bandwidth', 1e9 - 1],
  ])('fails the %s row alone, and the whole check, for %s', (field, value) => {
    const check = checkHardware(config, { ...exact, [field]: value });
    expect(check.result).toBe(false);
    for (const [name, verdict] of Object.entries(check.check_config_nodr)) {
      expect(verdict.result).toBe(name !== field);
    }
    expect(check.check_config_nodr[field].used).toBe(value);
  });
});

describe('which address a node may serve from', () => {
  it.each([
    ['8.8.8.8', 'IPv4', true],
    ['8.8.8.8', 'IPv4 + IPv6', true],
    ['8.8.8.8', 'IPv6', false],
    ['2a00:1450:4001:82b::200e', 'IPv6', true],
    ['2a00:1450:4001:82b::200e', 'IPv4 + IPv6', true],
    ['2a00:1450:4001:82b::200e', 'IPv4', false],
    ['10.1.2.3', 'IPv4', false],
    ['172.16.0.1', 'IPv4', false],
    ['192.168.1.1', 'IPv4', false],
    ['127.0.0.1', 'IPv4', false],
    ['100.64.0.1', 'IPv4', false],
    ['169.254.1.1', 'IPv4', false],
    ['203.0.113.7', 'IPv4', false],
    ['224.0.0.1', 'IPv4', false],
    ['::1', 'IPv6', false],
    ['fd00::1', 'IPv6', false],
    ['fe80::1', 'IPv6', false],
    ['2001:db8::1', 'IPv6', false],
    ['not an address', 'IPv4 + IPv6', false],
  ])('%s with type %s: %s', (ip, type, accepted) => {
    expect(isAcceptableIp(ip, type)).toBe(accepted);
  });
});
