import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSystemTheme } from '../../tests/fakes/system-theme.ts';
import { applyThemeChoice, followThemeChanges, readThemeChoice } from '../shared/theme.ts';
import { ThemeSwitch } from './theme-switch.tsx';

const shownTheme = () => document.documentElement.getAttribute('data-theme');

/** The page as main.tsx starts it: the stored choice applied, then followed. */
function startPage() {
  applyThemeChoice(readThemeChoice());
  const stop = followThemeChanges();
  render(<ThemeSwitch />);
  return stop;
}

describe('ThemeSwitch', () => {
  let stop = () => {};
  beforeEach(() => document.documentElement.removeAttribute('data-theme'));
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is a labelled group of System, Light and Dark, following the system until a person chooses', () => {
    fakeSystemTheme(true);
    stop = startPage();
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
    expect(shownTheme()).toBe('dark');
  });

  it('Light on a dark system shows light at once and is remembered in this browser', async () => {
    fakeSystemTheme(true);
    stop = startPage();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Light' }));
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem('nodr-theme')).toBe('light');
    // The next visit: the choice is there, and a change of the system no longer moves the theme.
    stop();
    document.body.innerHTML = '';
    const system = fakeSystemTheme(true);
    stop = startPage();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(shownTheme()).toBe('light');
    system.set(false);
    system.set(true);
    expect(shownTheme()).toBe('light');
  });

  it('is used with the keyboard: arrows move the choice', async () => {
    fakeSystemTheme(false);
    stop = startPage();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem('nodr-theme')).toBe('dark');
  });

  it('back on System: the stored choice is dropped and the theme follows the system as it changes', async () => {
    localStorage.setItem('nodr-theme', 'dark');
    const system = fakeSystemTheme(false);
    stop = startPage();
    expect(shownTheme()).toBe('dark');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem('nodr-theme')).toBeNull();
    expect(shownTheme()).toBe('light');
    system.set(true);
    expect(shownTheme()).toBe('dark');
  });

  it('follows a choice made in another tab', () => {
    fakeSystemTheme(false);
    stop = startPage();
    localStorage.setItem('nodr-theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'nodr-theme', newValue: 'dark' }));
    expect(shownTheme()).toBe('dark');
  });

  it('still switches when the browser refuses storage (private mode)', async () => {
    fakeSystemTheme(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    stop = startPage();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(shownTheme()).toBe('dark');
  });

  it('an unknown stored value counts as System', () => {
    localStorage.setItem('nodr-theme', 'purple');
    fakeSystemTheme(true);
    stop = startPage();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(shownTheme()).toBe('dark');
  });
});
