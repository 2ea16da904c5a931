import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyThemeChoice,
  readThemeChoice,
  storeThemeChoice,
  THEME_CHOICES,
} from '../../src/shared/theme.ts';
import { fakeSystemTheme } from '../fakes/system-theme.ts';

// The script index.html runs before the first paint: it must pick the theme the app then keeps (src/shared/theme.ts).
const script = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');
const runInitScript = () => new Function(script)();
const shownTheme = () => document.documentElement.getAttribute('data-theme');

describe('public/theme-init.js', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.documentElement.removeAttribute('data-theme');
  });

  it.each(
    THEME_CHOICES.flatMap((choice) => [
      [choice, false],
      [choice, true],
    ]),
  )('stored %s, system dark %s: the same theme as the app applies', (choice, systemDark) => {
    fakeSystemTheme(systemDark as boolean);
    storeThemeChoice(choice);
    runInitScript();
    const before = shownTheme();
    expect(before).toBe(choice === 'system' ? (systemDark ? 'dark' : 'light') : choice);
    expect(applyThemeChoice(readThemeChoice())).toBe(before);
  });

  it('follows the system when storage throws or holds something else', () => {
    fakeSystemTheme(true);
    localStorage.setItem('nodr-theme', '"dark"');
    runInitScript();
    expect(shownTheme()).toBe('dark');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    fakeSystemTheme(false);
    runInitScript();
    expect(shownTheme()).toBe('light');
  });

  it('is a plain script that index.html loads synchronously (no module, no defer: it runs before the paint)', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).toMatch(/<script src="\/theme-init\.js"><\/script>/);
    expect(html.indexOf('theme-init.js')).toBeLessThan(html.indexOf('</head>'));
  });
});
