import { describe, expect, it } from 'vitest';
import { OS_NAMES } from '../../contracts/node-rules.ts';
import { checkJson, makeNode } from '../../tests/fixtures/node-fixtures.ts';
import {
  applyHealth,
  awaitsFirstCheck,
  CARD_STATUS_LABEL,
  cardStatus,
  isOffline,
  nodeDisplay,
  PARAMETER_TOO_LOW,
  summarizeNodes,
  summaryLine,
  verdicts,
} from './node-status.ts';

describe('what a node status reads as (spec 4)', () => {
  it.each([
    [1, null, 'Configuring hardware'],
    [1, checkJson(['os']), 'Misconfigured'],
    [1, checkJson(), 'Launching NODR app'],
    [1, '{not json', 'Configuring hardware'],
    [10, checkJson(), 'Active'],
    [20, checkJson(), 'Inactive'],
    [30, checkJson(), 'Inactive'],
    [40, checkJson(), 'Inactive'],
    [50, checkJson(), 'Deleted'],
    [60, checkJson(), 'Suspended'],
    [0, null, 'Suspended'],
  ])('status %d with check %s reads %s', (status, check, label) => {
    expect(CARD_STATUS_LABEL[cardStatus(makeNode({ status, check }))]).toBe(label);
  });

  it('reads Offline only for an active node whose health says offline', () => {
    expect(cardStatus(makeNode({ status: 10, online: false }))).toBe('offline');
    expect(CARD_STATUS_LABEL.offline).toBe('Offline');
    expect(cardStatus(makeNode({ status: 10, online: true }))).toBe('active');
    // A server without health sends no `online`: the node is taken as online.
    expect(cardStatus(makeNode({ status: 10 }))).toBe('active');
    expect(isOffline(makeNode({ status: 20, online: false }))).toBe(false);
    expect(nodeDisplay(makeNode({ status: 10, online: false }))).toBe('active');
  });

  it('waits for the first check only while configuring hardware and never seen', () => {
    expect(awaitsFirstCheck(makeNode())).toBe(true);
    expect(awaitsFirstCheck(makeNode({ lastSeenAt: '2026-11-22T14:00:00.000Z' }))).toBe(false);
    expect(awaitsFirstCheck(makeNode({ check: checkJson(['ram']) }))).toBe(false);
    expect(awaitsFirstCheck(makeNode({ check: checkJson() }))).toBe(false);
    expect(awaitsFirstCheck(makeNode({ status: 10, check: checkJson() }))).toBe(false);
  });
});

describe('the verification rows of a node (spec 2)', () => {
  it('awaits every row until the node reports', () => {
    expect(verdicts(null)).toEqual({
      storage: { state: 'awaiting' },
      ram: { state: 'awaiting' },
      ip: { state: 'awaiting' },
      os: { state: 'awaiting' },
      bandwidth: { state: 'awaiting' },
    });
  });

  it('marks each row passed or failed with the value the node reported', () => {
    const rows = verdicts(JSON.parse(checkJson(['ip', 'bandwidth'])));
    expect(rows).toEqual({
      storage: { state: 'passed', used: 3e12 },
      ram: { state: 'passed', used: 32e9 },
      ip: { state: 'failed', used: '203.0.113.7' },
      os: { state: 'passed', used: 10 },
      bandwidth: { state: 'failed', used: 2e9 },
    });
  });

  it.each([['storage'], ['ram'], ['ip'], ['os'], ['bandwidth']] as const)(
    'fails the %s row alone when only it fails',
    (parameter) => {
      const rows = verdicts(JSON.parse(checkJson([parameter])));
      for (const [name, row] of Object.entries(rows)) {
        expect(row.state).toBe(name === parameter ? 'failed' : 'passed');
      }
    },
  );
});

describe('the summary line above My NODR', () => {
  it('always names active, offline and configuring, even at zero', () => {
    expect(summaryLine([])).toBe('0 of 3 NODRs · 0 active · 0 offline · 0 configuring');
  });

  it('counts each group, names inactive and suspended only when there are some, and leaves deleted out', () => {
    const nodes = [
      makeNode({ status: 10, online: true }),
      makeNode({ status: 10, online: false }),
      makeNode({ status: 1, check: checkJson(['ram']) }),
    ];
    expect(summaryLine(nodes)).toBe('3 of 3 NODRs · 1 active · 1 offline · 1 configuring');
    const others = [
      makeNode({ status: 1 }),
      makeNode({ status: 1, check: checkJson() }),
      makeNode({ status: 20 }),
      makeNode({ status: 70 }),
      makeNode({ status: 50 }),
    ];
    expect(summarizeNodes(others)).toEqual({
      active: 0,
      offline: 0,
      configuring: 2,
      inactive: 1,
      suspended: 1,
    });
    expect(summaryLine(others)).toBe(
      '5 of 3 NODRs · 0 active · 0 offline · 2 configuring · 1 inactive · 1 suspended',
    );
  });
});

describe('a health event applied to a node', () => {
  it('marks it offline since the event, or back online with no offline time', () => {
    const node = makeNode({ status: 10, online: true, lastSeenAt: '2026-11-22T10:00:00.000Z' });
    const down = applyHealth(node, {
      nodeId: node.id,
      online: false,
      lastSeenAt: '2026-11-22T10:00:00.000Z',
      at: '2026-11-22T10:03:00.000Z',
    });
    expect(down).toMatchObject({ online: false, offlineSince: '2026-11-22T10:03:00.000Z', name: node.name });
    const up = applyHealth(down, {
      nodeId: node.id,
      online: true,
      lastSeenAt: '2026-11-22T10:05:00.000Z',
      at: '2026-11-22T10:05:00.000Z',
    });
    expect(up).toMatchObject({ online: true, offlineSince: null, lastSeenAt: '2026-11-22T10:05:00.000Z' });
  });
});

describe('the texts of the verification rows (spec 3 and 8)', () => {
  it('names the operating systems and a failed parameter as the spec does', () => {
    expect(OS_NAMES).toEqual({ 10: 'Linux', 20: 'Windows', 30: 'MacOS' });
    expect(PARAMETER_TOO_LOW).toBe('This parameter is lower than required minimum.');
  });
});
