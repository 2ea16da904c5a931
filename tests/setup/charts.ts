/**
 * What lightweight-charts needs in jsdom, for the Statistics tests only (imported by them, not by tests/setup):
 * a canvas (vitest-canvas-mock), matchMedia and ResizeObserver.
 */
import 'vitest-canvas-mock';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
