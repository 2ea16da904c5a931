import type { Check, Config, Node } from '../api/nodes.ts';

/** Test data for the node machines and screens: shapes as the main API answers them (spec 3). */
export const configs: Config[] = [
  { id: 1, name: 'NODR Lite', status: 10, storage: 500e9, ram: 8e9, bandwidth: 500e6, ip_type: 'IPv4' },
  { id: 2, name: 'NODR Standard', status: 10, storage: 2e12, ram: 16e9, bandwidth: 1e9, ip_type: 'IPv4' },
  {
    id: 4,
    name: 'NODR Edge',
    status: 1,
    storage: 16e12,
    ram: 128e9,
    bandwidth: 25e9,
    ip_type: 'IPv4 + IPv6',
  },
];

export const PUBLIC_KEY =
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEJlcfdKL+Dq1EHX5+NZxGznLRFrzn\nQRcEmpAS6Xd0fLZV86RTi4bvaf6xdw0+aYwKULVm605SmnuOS0slbzbiLw==\n-----END PUBLIC KEY-----';
export const OTHER_PUBLIC_KEY =
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEK1qRBNH+kiR8qR70RL8QOyXGQbbi\nq3jJkeFNTkXsMLf5eNQqQFKjOB+dvL8tCLiDeINyZ+Xn57jUL52MdPuofw==\n-----END PUBLIC KEY-----';
export const LICENSE_KEY = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

/** A check JSON (spec 3): every value passes unless named in `failing`. */
export function checkJson(failing: (keyof Check['check_config_nodr'])[] = []): string {
  const verdict = <T>(name: keyof Check['check_config_nodr'], used: T) => ({
    used,
    result: !failing.includes(name),
  });
  const check: Check = {
    result: failing.length === 0,
    check_config_nodr: {
      storage: verdict('storage', 3e12),
      ram: verdict('ram', 32e9),
      ip: verdict('ip', '203.0.113.7'),
      os: verdict('os', 10),
      bandwidth: verdict('bandwidth', 2e9),
    },
  };
  return JSON.stringify(check);
}

export function makeNode(overrides: Partial<Node> = {}): Node {
  const config = configs[1]!;
  return {
    id: 7,
    teamId: 3,
    name: 'Frankfurt',
    status: 1,
    check: null,
    config_id: config.id,
    configId: config.id,
    config,
    publicKey: PUBLIC_KEY,
    licenseKey: LICENSE_KEY,
    domain: 'ab12cd34ef56ab78.nodr.example',
    createdAt: '2026-11-22T10:15:00.000Z',
    storage: null,
    ram: null,
    ipAddress: null,
    os: null,
    bandWidth: null,
    ...overrides,
  };
}

/** One node per status the screen tells apart (spec 4). */
export const nodesByDisplay = {
  hardware: makeNode(),
  misconfigured: makeNode({ check: checkJson(['ram']) }),
  launching: makeNode({ check: checkJson() }),
  active: makeNode({ status: 10, check: checkJson() }),
  inactive: makeNode({ status: 20, check: checkJson() }),
  suspended: makeNode({ status: 60, check: checkJson() }),
};
