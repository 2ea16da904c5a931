import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FOCUS_RECHECK_MIN_MS, useRecheckOnFocus } from './recheck-on-focus.ts';

function Probe({ recheck, now }: { recheck: () => void; now: () => number }) {
  useRecheckOnFocus(recheck, now);
  return null;
}

describe('session check when the tab comes back', () => {
  it('rechecks on focus and on becoming visible, at most once every 10 s', () => {
    let time = 0;
    const now = () => time;
    const recheck = vi.fn();
    render(<Probe recheck={recheck} now={now} />);
    const focus = () => act(() => void window.dispatchEvent(new Event('focus')));
    const visible = () => act(() => void document.dispatchEvent(new Event('visibilitychange')));

    time = FOCUS_RECHECK_MIN_MS - 1;
    focus();
    expect(recheck).not.toHaveBeenCalled();
    time = FOCUS_RECHECK_MIN_MS;
    focus();
    expect(recheck).toHaveBeenCalledOnce();
    visible();
    expect(recheck).toHaveBeenCalledOnce();
    time += FOCUS_RECHECK_MIN_MS;
    visible();
    expect(recheck).toHaveBeenCalledTimes(2);
  });

  it('does nothing while the tab is hidden', () => {
    let time = 0;
    const recheck = vi.fn();
    render(<Probe recheck={recheck} now={() => time} />);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    time = FOCUS_RECHECK_MIN_MS * 2;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(recheck).not.toHaveBeenCalled();
    hidden.mockRestore();
  });
});
