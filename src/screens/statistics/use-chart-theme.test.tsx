import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyThemeChoice } from '../../shared/theme.ts';
import { useChartTheme } from './use-chart-theme.ts';

function Probe() {
  const theme = useChartTheme();
  return <output aria-label="chart surface">{theme.surface}</output>;
}

describe('useChartTheme', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.style.removeProperty('--color-surface');
  });

  it('reads the tokens again as soon as the theme changes, so the charts restyle at once', async () => {
    document.documentElement.style.setProperty('--color-surface', '#ffffff');
    render(<Probe />);
    expect(screen.getByLabelText('chart surface')).toHaveTextContent('#ffffff');
    // tokens.css gives the dark surface under data-theme="dark"; jsdom has no stylesheet, so the test sets it.
    document.documentElement.style.setProperty('--color-surface', '#151a2e');
    await act(async () => {
      applyThemeChoice('dark');
      await Promise.resolve();
    });
    expect(screen.getByLabelText('chart surface')).toHaveTextContent('#151a2e');
  });
});
