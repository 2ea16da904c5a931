import { describe, expect, it } from 'vitest';
import { nodeColour, paint, readChartTheme } from './chart-theme.ts';

describe('nodeColour', () => {
  it('is a hex colour that depends on the node id alone', () => {
    expect(nodeColour(42)).toMatch(/^#[0-9a-f]{6}$/);
    expect(nodeColour(42)).toBe(nodeColour(42));
  });

  it('gives twenty consecutive ids twenty different colours', () => {
    const colours = Array.from({ length: 20 }, (_, index) => nodeColour(index + 1));
    expect(new Set(colours).size).toBe(20);
  });

  it('is painted as it is, where a theme name is looked up in the theme', () => {
    const theme = readChartTheme();
    expect(paint(theme, nodeColour(3))).toBe(nodeColour(3));
    expect(paint(theme, 'uplink')).toBe(theme.uplink);
  });
});
