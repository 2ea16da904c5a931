import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initials } from './avatar.tsx';

describe('avatar initials', () => {
  it('takes the first character of the first two words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace   brewster hopper ')).toBe('GB');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('keeps a character made of several code points whole: a combining accent, an emoji with a skin tone, a flag', () => {
    expect(initials('E\u0301mile Zola')).toBe('E\u0301Z');
    expect(initials('👩🏽‍💻 Ops')).toBe('👩🏽‍💻O');
    expect(initials('🇵🇱 Team')).toBe('🇵🇱T');
  });

  it('never leaves a lone surrogate, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (name) => {
        // A lone surrogate is half of a character outside the basic plane.
        expect(initials(name)).not.toMatch(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
        );
      }),
    );
  });
});
