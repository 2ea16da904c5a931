import { describe, expect, it } from 'vitest';
import { isOlderVersion, VERSION_PATTERN } from '../../../contracts/node-versions.ts';

describe('isOlderVersion', () => {
  it('compares dotted numbers as numbers, a missing part as 0', () => {
    expect(isOlderVersion('1.4.1', '1.4.2')).toBe(true);
    expect(isOlderVersion('1.4.10', '1.4.9')).toBe(false);
    expect(isOlderVersion('1.9', '1.10.0')).toBe(true);
    expect(isOlderVersion('1.4', '1.4.0')).toBe(false);
    expect(isOlderVersion('2.0.0', '1.99.99')).toBe(false);
    expect(isOlderVersion('1.4.2', '1.4.2')).toBe(false);
  });

  it('ranks a pre-release before its release, and a build as the release', () => {
    expect(isOlderVersion('1.4.2-rc.1', '1.4.2')).toBe(true);
    expect(isOlderVersion('1.4.2', '1.4.2-rc.1')).toBe(false);
    expect(isOlderVersion('1.4.2-rc.1', '1.4.1')).toBe(false);
    expect(isOlderVersion('1.4.2+build.7', '1.4.2')).toBe(false);
    expect(isOlderVersion('1.4.1+build.7', '1.4.2')).toBe(true);
  });

  it('has a pattern that takes versions and refuses anything else', () => {
    const pattern = new RegExp(VERSION_PATTERN);
    for (const good of ['1', '1.4.2', '10.0.0.1', '1.4.2-rc.1', '1.4.2+abc']) expect(good).toMatch(pattern);
    for (const bad of ['', 'v1.4', '1.4; rm', '1..4', '1.4.2\n']) expect(bad).not.toMatch(pattern);
  });
});
