import { useEffect, useState } from 'react';
import { type ChartTheme, readChartTheme } from './chart-theme.ts';

/** The chart theme from the design tokens, read again when the colour scheme changes (tokens.css has both). */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setTheme(readChartTheme());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return theme;
}
