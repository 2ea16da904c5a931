import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmail } from '../../../contracts/account-rules.ts';
import { hasInvisibleCharacters } from '../../../contracts/visible-text.ts';
import { validateProfile } from '../../../src/machines/settings/profile-rules.ts';

describe('hasInvisibleCharacters', () => {
  it.each([
    ['a right-to-left override', 'abc\u202Eexe.pdf'],
    ['a left-to-right isolate', '\u2066Ada'],
    ['a zero-width space', 'Ada\u200B'],
    ['a zero-width non-joiner', 'A\u200Cda'],
    ['a joiner between letters', 'A\u200Dda'],
    ['a joiner that starts the text', '\u200D👍'],
    ['a soft hyphen', 'Ada\u00AD'],
    ['a byte-order mark', 'Ada\uFEFF'],
    ['a control character', 'Ada\u0007'],
    ['a C1 control', 'Ada\u0085'],
    ['a line separator', 'Ada\u2028'],
    ['a private-use character', 'Ada\uE000'],
    ['a Hangul filler', '\u3164'],
    ['the braille blank', '\u2800'],
    ['a combining grapheme joiner', 'A\u034Fda'],
    ['tag characters outside a flag', 'Ada\u{E0067}\u{E007F}'],
  ])('finds %s', (_what, text) => {
    expect(hasInvisibleCharacters(text)).toBe(true);
  });

  it.each([
    'Ada Lovelace',
    'Zoë Ørsted-Łukasiewicz',
    'مرحبا',
    '東京チーム',
    '👨‍👩‍👧‍👦',
    '👩🏽‍💻',
    '🏳️‍🌈',
    '❤️',
    '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
    '1️⃣',
  ])('takes %s', (text) => {
    expect(hasInvisibleCharacters(text)).toBe(false);
  });

  it('finds an invisible character wherever it is put into visible text', () => {
    const invisible = fc.constantFrom('\u200B', '\u202E', '\u2066', '\u00AD', '\uFEFF', '\u0000', '\u200D');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), invisible, fc.nat(), (text, hidden, at) => {
        const cut = at % (text.length + 1);
        expect(hasInvisibleCharacters(`${text.slice(0, cut)}${hidden}${text.slice(cut)}`)).toBe(true);
      }),
    );
  });

  it('is the rule of e-mail addresses and of the profile form too', () => {
    expect(isEmail('ada\u200B@example.com')).toBe(false);
    expect(isEmail('ada@example.com')).toBe(true);
    expect(validateProfile({ name: 'A\u200Bda', surname: 'Lovelace', phone: '' }).name).toBeDefined();
    expect(validateProfile({ name: '👩🏽‍💻', surname: 'Lovelace', phone: '' })).toEqual({});
  });
});
