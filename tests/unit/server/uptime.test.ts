import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, UPTIME_DAYS } from '../../../contracts/node-uptime.ts';
import {
  type HealthChange,
  nodeUptime,
  type UptimeHistory,
  uptimeFraction,
  uptimeTime,
} from '../../../server/nodes/uptime.ts';

const HORIZON = 10_000;

/** A history inside [0, HORIZON): activity and health changes, each list in time order. */
const historyArb: fc.Arbitrary<UptimeHistory> = fc
  .record({
    activity: fc.array(fc.record({ at: fc.integer({ min: 0, max: HORIZON }), active: fc.boolean() })),
    health: fc.array(fc.record({ at: fc.integer({ min: 0, max: HORIZON }), online: fc.boolean() })),
  })
  .map(({ activity, health }) => ({
    activity: [...activity].sort((a, b) => a.at - b.at),
    health: [...health].sort((a, b) => a.at - b.at),
  }));

const spanArb = fc
  .tuple(fc.integer({ min: -100, max: HORIZON + 100 }), fc.integer({ min: -100, max: HORIZON + 100 }))
  .map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

/** The online state the health list says at `ms` (online before the first transition). */
function onlineAt(health: readonly HealthChange[], ms: number): boolean {
  let online = true;
  for (const change of health) if (change.at <= ms) online = change.online;
  return online;
}

describe('uptime arithmetic', () => {
  it('a node active and never offline is up the whole span', () => {
    const history = { activity: [{ at: 100, active: true }], health: [] };
    expect(uptimeTime(history, 200, 1200)).toEqual({ onlineMs: 1000, activeMs: 1000 });
    expect(uptimeFraction(uptimeTime(history, 200, 1200))).toBe(1);
  });

  it('counts offline time against active time', () => {
    const history = {
      activity: [{ at: 0, active: true }],
      health: [
        { at: 250, online: false },
        { at: 500, online: true },
      ],
    };
    expect(uptimeTime(history, 0, 1000)).toEqual({ onlineMs: 750, activeMs: 1000 });
    expect(uptimeFraction(uptimeTime(history, 0, 1000))).toBe(0.75);
  });

  it('the state before the window start holds into it', () => {
    const history = { activity: [{ at: 0, active: true }], health: [{ at: 10, online: false }] };
    expect(uptimeTime(history, 100, 200)).toEqual({ onlineMs: 0, activeMs: 100 });
  });

  it('changes after the window end are ignored', () => {
    const history = { activity: [{ at: 0, active: true }], health: [{ at: 300, online: false }] };
    expect(uptimeTime(history, 100, 200)).toEqual({ onlineMs: 100, activeMs: 100 });
    expect(uptimeTime(history, 100, 300)).toEqual({ onlineMs: 200, activeMs: 200 });
  });

  it('leaves out the time before the node became active (created mid-window) and while inactive', () => {
    const history = {
      activity: [
        { at: 400, active: true },
        { at: 600, active: false },
        { at: 800, active: true },
      ],
      health: [{ at: 650, online: false }],
    };
    // Active 400-600 online, 800-1000 offline (the transition during the inactive time holds).
    expect(uptimeTime(history, 0, 1000)).toEqual({ onlineMs: 200, activeMs: 400 });
  });

  it('a server stopped between two transitions: the last recorded state holds', () => {
    const history = {
      activity: [{ at: 0, active: true }],
      health: [
        { at: 100, online: false },
        { at: 900, online: true },
      ],
    };
    expect(uptimeTime(history, 0, 1000)).toEqual({ onlineMs: 200, activeMs: 1000 });
  });

  it('is null for a node never active in the span', () => {
    expect(uptimeFraction(uptimeTime({ activity: [], health: [] }, 0, 1000))).toBeNull();
    expect(uptimeFraction({ onlineMs: 0, activeMs: 0 })).toBeNull();
    expect(uptimeFraction({ onlineMs: 0, activeMs: 10 })).toBe(0);
  });

  it('nodeUptime answers the three windows and one figure per UTC day, today last and so far', () => {
    const now = Date.UTC(2026, 10, 27, 6, 0);
    const history = {
      activity: [{ at: now - 2 * DAY_MS, active: true }],
      health: [
        { at: Date.UTC(2026, 10, 26, 12, 0), online: false },
        { at: Date.UTC(2026, 10, 26, 18, 0), online: true },
        { at: Date.UTC(2026, 10, 27, 3, 0), online: false },
      ],
    };
    const uptime = nodeUptime(history, now);
    expect(uptime.days).toHaveLength(UPTIME_DAYS);
    // Active from 25 Nov 06:00: that day 18 h online; 26 Nov offline 12:00-18:00; 27 Nov offline since 03:00.
    expect(uptime.days.slice(-3)).toEqual([1, 0.75, 0.5]);
    expect(uptime.days.slice(0, -3).every((day) => day === null)).toBe(true);
    // The last 24 h (from 26 Nov 06:00): online 06:00-12:00 and 18:00-03:00, 15 h. Active 48 h, online 30 + 9 h.
    expect(uptime.day).toBe(15 / 24);
    expect(uptime.week).toBe(39 / 48);
    expect(uptime.month).toBe(39 / 48);
  });

  it('property: the result is in [0, 1] or null', () => {
    fc.assert(
      fc.property(historyArb, spanArb, (history, [from, to]) => {
        const fraction = uptimeFraction(uptimeTime(history, from, to));
        return fraction === null || (fraction >= 0 && fraction <= 1);
      }),
    );
  });

  it('property: a node never offline is always at 1 while active', () => {
    fc.assert(
      fc.property(historyArb, spanArb, (history, [from, to]) => {
        const allOnline = {
          ...history,
          health: history.health.map((change) => ({ ...change, online: true })),
        };
        const fraction = uptimeFraction(uptimeTime(allOnline, from, to));
        return fraction === null || fraction === 1;
      }),
    );
  });

  it('property: splitting a span (into days) and adding the parts gives the whole', () => {
    fc.assert(
      fc.property(
        historyArb,
        spanArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (history, [from, to], t) => {
          const middle = Math.round(from + (to - from) * t);
          const first = uptimeTime(history, from, middle);
          const second = uptimeTime(history, middle, to);
          expect(uptimeTime(history, from, to)).toEqual({
            onlineMs: first.onlineMs + second.onlineMs,
            activeMs: first.activeMs + second.activeMs,
          });
        },
      ),
    );
  });

  it('property: an inactive period changes nothing, whatever health changes it holds', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.integer({ min: 0, max: HORIZON }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 999 }), online: fc.boolean() })),
        (history, cut, gap, inside) => {
          // The node is switched off at `cut` for `gap` ms; everything after moves by `gap`.
          const later = <T extends { at: number }>(list: readonly T[]) =>
            list.map((change) => (change.at > cut ? { ...change, at: change.at + gap } : change));
          const activeAtCut = history.activity.filter((change) => change.at <= cut).at(-1)?.active ?? false;
          const gapped: UptimeHistory = {
            activity: [
              ...later(history.activity).filter((change) => change.at <= cut),
              { at: cut, active: false },
              { at: cut + gap, active: activeAtCut },
              ...later(history.activity).filter((change) => change.at > cut),
            ],
            health: [
              ...later(history.health).filter((change) => change.at <= cut),
              ...inside
                .filter((change) => change.offset < gap)
                .sort((a, b) => a.offset - b.offset)
                .map((change) => ({ at: cut + change.offset, online: change.online })),
              { at: cut + gap, online: onlineAt(history.health, cut) },
              ...later(history.health).filter((change) => change.at > cut),
            ],
          };
          expect(uptimeTime(gapped, -1, HORIZON + gap + 1)).toEqual(uptimeTime(history, -1, HORIZON + 1));
        },
      ),
    );
  });

  it('property: adding an online span never lowers the result', () => {
    fc.assert(
      fc.property(historyArb, spanArb, spanArb, (history, [from, to], [start, end]) => {
        const health = [
          ...history.health.filter((change) => change.at < start),
          { at: start, online: true },
          { at: end, online: onlineAt(history.health, end) },
          ...history.health.filter((change) => change.at > end),
        ];
        const before = uptimeFraction(uptimeTime(history, from, to));
        const after = uptimeFraction(uptimeTime({ ...history, health }, from, to));
        return before === null ? after === null : after !== null && after >= before;
      }),
    );
  });
});
