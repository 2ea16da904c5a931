/**
 * The rule on invisible characters in names and e-mail addresses, one implementation for the web app's forms and
 * the server's checks. A bidirectional control can make a name read backwards in a member list or a mail, and a
 * zero-width or other invisible character makes two names or addresses look the same while they differ.
 */

/**
 * A zero-width joiner between two pictographs, with the emoji presentation selector or a skin tone on the first:
 * it joins emoji into one picture (a family, a rainbow flag), so it is taken as part of the emoji.
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** The tag characters after a black flag spell a subdivision's flag (England, Scotland, Wales). */
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/**
 * Controls (Cc), format characters (Cf: bidirectional controls, zero-width spaces and joiners, the soft hyphen, the
 * byte-order mark), line and paragraph separators, private-use characters, lone surrogates, and the letters and
 * marks that draw nothing (the Hangul fillers, the braille blank, the combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u115F\u1160\u2800\u3164\uFFA0]|\u034F/u;

/** Whether the text holds a character that shows nothing or reorders what is shown; emoji sequences are visible. */
export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text.replace(EMOJI_JOINER, '').replace(FLAG_TAGS, ''));
}

/** The refusals, the same in the server's `{ error, message }` and under the web app's fields. */
export const INVISIBLE_CHARACTERS = {
  name: {
    error: 'invisible_characters',
    message:
      'Names cannot contain invisible or control characters, such as zero-width spaces or direction marks.',
  },
  email: {
    error: 'invisible_characters',
    message:
      'E-mail addresses cannot contain invisible or control characters, such as zero-width spaces or direction marks.',
  },
} as const;
