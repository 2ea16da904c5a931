import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, simulatedHost, simulatedMinute } from './traffic.ts';

const DAY = 86_400;
// Monday 2026-03-02 00:00 UTC
const MONDAY = Date.UTC(2026, 2, 2) / 1000;
const profile = { ...DEFAULT_PROFILE, utcOffsetHours: 0 };

describe('simulated traffic', () => {
  const week = Array.from({ length: 7 * 1440 }, (_, index) => simulatedMinute(MONDAY + index * 60, profile));

  it('is consistent: delivered = input + peer-to-peer uplink, whole bytes, minute aligned', () => {
    const broken = week.filter(
      (point) =>
        point.delivered !== point.input + point.uplink ||
        point.ts % 60 !== 0 ||
        ![point.uplink, point.delivered, point.input, point.viewers].every(
          (n) => Number.isInteger(n) && n >= 0,
        ) ||
        !(point.quality >= 0 && point.quality <= 100),
    );
    expect(broken).toEqual([]);
  });

  it('follows a daily curve: the evening peak is several times the night', () => {
    const at = (hour: number) =>
      week
        .filter((point) => Math.floor(((point.ts - MONDAY) % DAY) / 3600) === hour)
        .reduce((s, p) => s + p.viewers, 0);
    expect(at(21)).toBeGreaterThan(4 * at(4));
    expect(at(13)).toBeGreaterThan(at(4));
    const peak = Math.max(...week.map((point) => point.viewers));
    expect(peak).toBeGreaterThan(profile.peakViewers * 0.8);
    expect(peak).toBeLessThan(profile.peakViewers * 1.6);
  });

  it('shares more peer-to-peer traffic with a larger audience, and never exceeds 85 %', () => {
    const share = (p: { uplink: number; delivered: number }) => p.uplink / p.delivered;
    const busy = week.filter((p) => p.viewers > profile.peakViewers * 0.8);
    const quiet = week.filter((p) => p.viewers > 0 && p.viewers < profile.peakViewers * 0.2);
    const mean = (list: typeof week) => list.reduce((s, p) => s + share(p), 0) / list.length;
    expect(mean(busy)).toBeGreaterThan(mean(quiet));
    expect(week.every((p) => p.delivered === 0 || share(p) <= 0.86)).toBe(true);
  });

  it('is a pure function of the minute and the profile', () => {
    expect(simulatedMinute(MONDAY + 600, profile)).toEqual(simulatedMinute(MONDAY + 600, profile));
    expect(simulatedMinute(MONDAY + 630, profile).ts).toBe(MONDAY + 600);
    expect(simulatedMinute(MONDAY + 600, { ...profile, seed: 2 })).not.toEqual(
      simulatedMinute(MONDAY + 600, profile),
    );
  });

  it('simulates a host above every offered configuration', () => {
    const host = simulatedHost();
    expect(host).toMatchObject({ os: 10, ip: '81.2.69.160' });
    expect(host.storage).toBeGreaterThanOrEqual(8e12);
    expect(host.ram).toBeGreaterThanOrEqual(64e9);
    expect(host.bandwidth).toBeGreaterThanOrEqual(10e9);
    expect(simulatedHost('203.0.113.9').ip).toBe('203.0.113.9');
  });
});
