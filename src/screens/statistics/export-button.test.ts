import { describe, expect, it } from 'vitest';
import { EXPORT_TEXT, exportUnavailable } from './export-button.tsx';

describe('exportUnavailable', () => {
  it('says the statistics are loading while a load runs, whatever is chosen', () => {
    expect(exportUnavailable({ sample: false, loading: true, failed: false })).toBe(EXPORT_TEXT.loading);
    expect(exportUnavailable({ sample: true, loading: true, failed: false })).toBe(EXPORT_TEXT.loading);
  });

  it('says the load failed after a failure, not that no NODR is chosen', () => {
    expect(exportUnavailable({ sample: false, loading: false, failed: true })).toBe(EXPORT_TEXT.notLoaded);
  });

  it('asks for a NODR while the sample data shows, and says nothing when it can export', () => {
    expect(exportUnavailable({ sample: true, loading: false, failed: false })).toBe(EXPORT_TEXT.unavailable);
    expect(exportUnavailable({ sample: false, loading: false, failed: false })).toBeNull();
  });
});
