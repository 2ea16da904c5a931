import { hasInvisibleCharacters } from './visible-text.ts';

/**
 * spec 5 and 9: the rules an account's fields follow, one implementation each. The web app checks them before it
 * sends; the server checks them again and refuses with its own `{ error, message }`.
 */

/**
 * How the spec's "characters" are counted: Unicode code points, so an emoji is one character on both sides of the
 * wire (a JavaScript string's `length` would count it as two UTF-16 units).
 */
export const characterCount = (text: string): number => [...text].length;

/**
 * spec 5 and 8: the texts of these rules and of a refused password, the same on screen and in the server's
 * `{ error, message }`.
 */
export const accountMessages = {
  /** spec 5: 'invalid email' on registration and recovery, 'Invalid e-mail' on sign-in and e-mail change. */
  invalidEmail: 'invalid email',
  invalidLoginEmail: 'Invalid e-mail',
  minPassword: 'Minimum 6 symbols are required',
  mismatch: 'Passwords do not match',
  incorrectCredentials: 'Incorrect e-mail or password',
  incorrectPassword: 'Incorrect password',
} as const;

/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX = 254;

// A local part of 1 to 64 characters, an @, and a dotted domain; no spaces and no second @.
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/**
 * An address the server will take: none holding an invisible character (contracts/visible-text.ts), which would make
 * it look like another. Callers trim (and the server lower-cases) before asking.
 */
export const isEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) && !hasInvisibleCharacters(email);

/** spec 9: minimum password length. */
export const PASSWORD_MIN = 6;

/** The longest password any call takes; a longer one is a 400. */
export const PASSWORD_MAX = 1024;

export const isPasswordTooShort = (password: string): boolean => characterCount(password) < PASSWORD_MIN;

/** spec 5/9: profile name, surname and phone are at most 30 characters each. */
export const PROFILE_MAX = 30;

export const PROFILE_FIELDS = ['name', 'surname', 'phone'] as const;

export const isProfileFieldTooLong = (value: string): boolean => characterCount(value) > PROFILE_MAX;

// Digits and the punctuation people write phone numbers with.
const PHONE_PATTERN = /^[0-9 +()-]*$/;

/** Whether a (trimmed) phone holds only digits, spaces and + ( ) -; the empty phone is allowed. */
export const isPhone = (phone: string): boolean => PHONE_PATTERN.test(phone);
