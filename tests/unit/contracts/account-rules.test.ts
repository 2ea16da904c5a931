import { describe, expect, it } from 'vitest';
import {
  characterCount,
  isEmail,
  isPasswordTooShort,
  isPhone,
  isProfileFieldTooLong,
} from '../../../contracts/account-rules.ts';
import { isNodeNameTooLong } from '../../../contracts/node-rules.ts';
import { validateNewPassword } from '../../../src/machines/auth/auth-validation.ts';
import { profileMessages, validateProfile } from '../../../src/machines/settings/profile-rules.ts';

describe('account rules shared by the web app and the server', () => {
  it('counts characters as code points: an emoji is one, not two UTF-16 units', () => {
    expect(characterCount('😀')).toBe(1);
    expect('😀'.length).toBe(2);
    expect(characterCount('née')).toBe(3);
    expect(characterCount('')).toBe(0);
  });

  it('takes a profile field of 30 emoji and refuses 31, in the web app form as in the rule', () => {
    const emoji30 = '😀'.repeat(30);
    expect(isProfileFieldTooLong(emoji30)).toBe(false);
    expect(isProfileFieldTooLong(`${emoji30}😀`)).toBe(true);
    expect(validateProfile({ name: emoji30, surname: emoji30, phone: '1'.repeat(30) })).toEqual({});
    expect(validateProfile({ name: `${emoji30}x`, surname: 'x', phone: '' })).toEqual({
      name: profileMessages.tooLong,
    });
  });

  it('allows digits, spaces and + ( ) - in a phone, nothing else', () => {
    expect(isPhone('+44 (20) 7946-0958')).toBe(true);
    expect(isPhone('')).toBe(true);
    for (const phone of ['call me', '😀', '12\u000034', '1.2']) expect(isPhone(phone), phone).toBe(false);
    expect(validateProfile({ name: '', surname: '', phone: '😀' })).toEqual({ phone: profileMessages.phone });
  });

  it('takes an address with a local part of 1 to 64 characters, an @ and a dotted domain, 254 at most', () => {
    expect(isEmail('ada@example.com')).toBe(true);
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isEmail(`a@${'b'.repeat(248)}.com`)).toBe(true);
    expect(isEmail(`a@${'b'.repeat(249)}.com`)).toBe(false);
    for (const email of ['ada', 'ada@example', '@example.com', 'a b@example.com', 'a@b@example.com', ''])
      expect(isEmail(email), email).toBe(false);
  });

  it('counts the 6-character password minimum in code points', () => {
    expect(isPasswordTooShort('😀😀😀😀😀')).toBe(true);
    expect(isPasswordTooShort('😀😀😀😀😀😀')).toBe(false);
    expect(validateNewPassword({ password: '😀😀😀😀😀😀', confirm: '😀😀😀😀😀😀' })).toEqual({});
  });

  it('counts a node name of at most 320 characters in code points', () => {
    expect(isNodeNameTooLong('🛰'.repeat(320))).toBe(false);
    expect(isNodeNameTooLong('🛰'.repeat(321))).toBe(true);
  });
});
