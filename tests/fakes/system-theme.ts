import { vi } from 'vitest';

/** A stand-in for the operating system's colour preference: matchMedia('(prefers-color-scheme: dark)') and its change. */
export function fakeSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) =>
    media === query.media
      ? query
      : { matches: false, media, addEventListener() {}, removeEventListener() {} },
  );
  return {
    /** The system switches to dark or light, as when the operating system follows the time of day. */
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
    listeners: () => listeners.size,
  };
}
