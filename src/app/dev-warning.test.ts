import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchForDevTools } from './dev-warning.ts';

describe('the developer warning (spec 1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns once when docked developer tools shrink the page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const win = new EventTarget() as unknown as Window & { outerWidth: number; innerWidth: number };
    Object.assign(win, { outerWidth: 1400, innerWidth: 1400, outerHeight: 900, innerHeight: 820 });
    const stop = watchForDevTools(win);
    expect(warn).not.toHaveBeenCalled();

    win.innerWidth = 900;
    win.dispatchEvent(new Event('resize'));
    win.dispatchEvent(new Event('resize'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('This browser feature is for developers');
    stop();
  });

  it('warns when an open console inspects the logged probe', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const win = new EventTarget() as unknown as Window;
    Object.assign(win, { outerWidth: 1000, innerWidth: 1000, outerHeight: 800, innerHeight: 800 });
    watchForDevTools(win)();
    const probe = info.mock.calls[0]?.[1] as { id: unknown };
    expect(warn).not.toHaveBeenCalled();
    void probe.id;
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
