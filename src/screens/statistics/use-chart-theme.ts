import { useEffect, useState } from 'react';
import { THEME_ATTRIBUTE } from '../../shared/theme.ts';
import { type ChartTheme, readChartTheme } from './chart-theme.ts';

/**
 * The chart theme from the design tokens, read again as soon as the page's theme changes (the person's
 * choice or the system's, both written to <html data-theme>); the charts then restyle with applyOptions.
 */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(readChartTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [THEME_ATTRIBUTE] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
