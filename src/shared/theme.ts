/**
 * The colour theme. A person chooses System (the default: follow the operating system), Light
 * or Dark; the choice is kept in this browser's localStorage. The page always carries the theme it shows as
 * `<html data-theme="light|dark">`, which src/styles/tokens.css keys its colours on.
 *
 * Before the first paint public/theme-init.js (a blocking script in index.html's head, allowed by the CSP's
 * script-src 'self') applies the stored choice with the same key and attribute; tests/unit/theme-init.test.ts runs
 * that file against these functions so the two never disagree.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'nodr-theme';
export const THEME_ATTRIBUTE = 'data-theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

const isThemeChoice = (value: unknown): value is ThemeChoice =>
  THEME_CHOICES.some((choice) => choice === value);

/** The stored choice; 'system' when none is stored, it is unknown, or storage is unavailable (private mode). */
export function readThemeChoice(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ThemeChoice {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Keeps the choice; 'system' is stored as no choice at all. A storage that refuses it only loses the memory. */
export function storeThemeChoice(
  choice: ThemeChoice,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  try {
    if (choice === 'system') storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private browsing or a full quota: the theme still applies for this page.
  }
}

/** The theme a choice shows, given whether the system prefers dark. */
export const resolveTheme = (choice: ThemeChoice, systemDark: boolean): Theme =>
  choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;

const systemPrefersDark = (): boolean => globalThis.matchMedia?.(DARK_QUERY).matches ?? false;

/** Shows the theme of `choice` now: sets the attribute on <html> (tokens.css and the charts follow it). */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): Theme {
  const theme = resolveTheme(choice, systemPrefersDark());
  root.setAttribute(THEME_ATTRIBUTE, theme);
  return theme;
}

/**
 * Follows what can change the theme after the start: the system's preference while the choice is System, and a
 * choice made in another tab (the storage event). Returns the function that stops following.
 */
export function followThemeChanges(root: HTMLElement = document.documentElement): () => void {
  const query = globalThis.matchMedia?.(DARK_QUERY);
  const reapply = () => applyThemeChoice(readThemeChoice(), root);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) reapply();
  };
  query?.addEventListener('change', reapply);
  window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', reapply);
    window.removeEventListener('storage', onStorage);
  };
}
