/** The chart colours and type, read from the design tokens (src/styles/tokens.css) so charts follow light and dark. */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  border: string;
  surface: string;
  font: string;
  uplink: string;
  delivered: string;
  input: string;
  quality: string;
  ratio: string;
}

const FALLBACK: ChartTheme = {
  text: '#141a2e',
  muted: '#5b6478',
  grid: '#e2e5ee',
  border: '#c9cede',
  surface: '#ffffff',
  font: 'system-ui, sans-serif',
  uplink: '#4f46e5',
  delivered: '#0ea5a4',
  input: '#f59e0b',
  quality: '#0f8a5f',
  ratio: '#4f46e5',
};

/** Reads the tokens as they apply now; FALLBACK only where a token is missing (e.g. a test without the stylesheet). */
export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token('--color-text', FALLBACK.text),
    muted: token('--color-text-muted', FALLBACK.muted),
    grid: token('--color-border', FALLBACK.grid),
    border: token('--color-border-strong', FALLBACK.border),
    surface: token('--color-surface', FALLBACK.surface),
    font: token('--font-sans', FALLBACK.font),
    uplink: token('--color-chart-1', FALLBACK.uplink),
    delivered: token('--color-chart-2', FALLBACK.delivered),
    input: token('--color-chart-3', FALLBACK.input),
    quality: token('--color-success', FALLBACK.quality),
    ratio: token('--color-primary', FALLBACK.ratio),
  };
}

/**
 * A token colour at some opacity, for area fills. The chart library parses colours to rgb(a) only, so a hex token
 * becomes rgba() here (color-mix() would not parse); any other form is used as it is.
 */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return colour;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [red, green, blue] = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  return `rgba(${red}, ${green}, ${blue}, ${alpha})`;
}

/** The theme's series colours, by name. */
type ThemeSeriesColour = keyof Pick<ChartTheme, 'uplink' | 'delivered' | 'input' | 'quality' | 'ratio'>;

/** A series' colour: one of the theme's, or a node's own (nodeColour), already a hex colour. */
export type ChartColour = ThemeSeriesColour | `#${string}`;

/** The colour to paint: a node's as it is, a theme name as the theme has it now. */
export function paint(theme: ChartTheme, colour: ChartColour): string {
  return colour.startsWith('#') ? colour : theme[colour as ThemeSeriesColour];
}

/** The golden angle spreads the hues of consecutive ids far apart around the wheel. */
const GOLDEN_ANGLE = 137.508;

/**
 * A node's colour on the per-node charts, from its id (not its place in the selection), so that it stays the same
 * when other nodes are selected or not. A mid-lightness hue that reads on the light and the dark surface, as hex
 * because the chart library parses rgb only.
 */
export function nodeColour(id: number): `#${string}` {
  const hue = (id * GOLDEN_ANGLE) % 360;
  const saturation = 0.7;
  const lightness = 0.5;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (shift: number) => {
    const k = (shift + hue / 30) % 12;
    const value = lightness - (chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1))) / 2;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
