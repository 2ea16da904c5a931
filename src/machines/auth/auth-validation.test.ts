import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmail, PASSWORD_MIN } from '../../../contracts/account-rules.ts';
import { INVISIBLE_CHARACTERS } from '../../../contracts/visible-text.ts';
import {
  authMessages,
  hasErrors,
  validateAccount,
  validateEmail,
  validateLogin,
  validateNewPassword,
  withoutError,
} from './auth-validation.ts';

/** An address of exactly `length` characters: a short local part and a dotted domain padded to size. */
function addressOfLength(length: number): string {
  const local = 'op';
  const tld = '.io';
  return `${local}@${'d'.repeat(length - local.length - 1 - tld.length)}${tld}`;
}

describe('what counts as an e-mail address (spec 5)', () => {
  it('takes 254 characters and refuses 255', () => {
    expect(isEmail(addressOfLength(254))).toBe(true);
    expect(isEmail(addressOfLength(255))).toBe(false);
  });

  it('takes a local part of 64 characters and refuses 65', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it.each([
    ['no local part', '@example.com'],
    ['no @', 'operator.example.com'],
    ['two @', 'op@erator@example.com'],
    ['an undotted domain', 'operator@localhost'],
    ['an empty top-level part', 'operator@example.'],
    ['a space inside', 'oper ator@example.com'],
    ['text before a valid address', 'Name <op@example.com'],
    ['text after a valid address', 'op@example.com trailing'],
    ['a second line', 'op@example.com\nop@example.org'],
  ])('refuses %s', (_, text) => {
    expect(isEmail(text)).toBe(false);
  });

  it('takes ordinary addresses', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('first.last+tag@mail.example.org')).toBe(true);
  });
});

describe('the sign-in form (spec 5)', () => {
  it('says every field is required when both are empty, and nothing else', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ form: 'All fields are required' });
  });

  it('names each empty or wrong field with the login texts', () => {
    expect(validateLogin({ email: '', password: 'secret' })).toEqual({ email: 'Required field' });
    expect(validateLogin({ email: 'op@example.com', password: '' })).toEqual({ password: 'Required field' });
    expect(validateLogin({ email: 'nope', password: 'secret' })).toEqual({ email: 'Invalid e-mail' });
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: 'Invalid e-mail',
      password: 'Required field',
    });
  });

  it('finds nothing wrong with an address and any password', () => {
    const errors = validateLogin({ email: 'op@example.com', password: 'x' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
});

describe('the register and forgot-password forms (spec 5)', () => {
  it('uses the lower-case texts', () => {
    expect(validateEmail({ email: '' })).toEqual({ email: 'Required field' });
    expect(validateEmail({ email: 'nope' })).toEqual({ email: 'invalid email' });
    expect(validateEmail({ email: 'op@example.com' })).toEqual({});
  });
});

describe('the create and reset password forms (spec 5)', () => {
  it('says every field is required when both are empty', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toEqual({ form: 'All fields are required' });
  });

  it('counts characters, not UTF-16 units, for the 6-symbol minimum', () => {
    expect(validateNewPassword({ password: '12345', confirm: '12345' })).toEqual({
      password: 'Minimum 6 symbols are required',
    });
    expect(validateNewPassword({ password: '123456', confirm: '123456' })).toEqual({});
    // Five emoji are ten UTF-16 units but five characters.
    const five = '😀'.repeat(5);
    expect(validateNewPassword({ password: five, confirm: five })).toEqual({
      password: 'Minimum 6 symbols are required',
    });
  });

  it('names an empty field, and a confirmation that differs', () => {
    expect(validateNewPassword({ password: '', confirm: 'abcdef' })).toEqual({ password: 'Required field' });
    expect(validateNewPassword({ password: 'abcdef', confirm: '' })).toEqual({ confirm: 'Required field' });
    expect(validateNewPassword({ password: 'abcdef', confirm: 'abcdeg' })).toEqual({
      confirm: 'Passwords do not match',
    });
  });
});

describe('the create-account form (spec 5)', () => {
  it('refuses names holding invisible characters, and takes emoji sequences', () => {
    expect(
      validateAccount({ name: 'A\u200Bda', surname: 'Love\u202Elace', workspace: '👨‍👩‍👧 Team' }),
    ).toEqual({
      name: INVISIBLE_CHARACTERS.name.message,
      surname: INVISIBLE_CHARACTERS.name.message,
    });
  });

  it('says every field is required when all three are empty', () => {
    expect(validateAccount({ name: '', surname: '', workspace: '' })).toEqual({
      form: 'All fields are required',
    });
  });

  it('names each empty field when some are filled', () => {
    expect(validateAccount({ name: 'Ada', surname: '', workspace: '' })).toEqual({
      surname: 'Required field',
      workspace: 'Required field',
    });
    expect(validateAccount({ name: '', surname: 'Lovelace', workspace: 'Team' })).toEqual({
      name: 'Required field',
    });
    expect(validateAccount({ name: '', surname: 'Lovelace', workspace: '' })).toEqual({
      name: 'Required field',
      workspace: 'Required field',
    });
    expect(validateAccount({ name: '', surname: '', workspace: 'Team' })).toEqual({
      name: 'Required field',
      surname: 'Required field',
    });
    expect(validateAccount({ name: 'Ada', surname: 'Lovelace', workspace: 'Team' })).toEqual({});
  });
});

describe('clearing a message as a person edits (spec 5)', () => {
  it('drops that field and the form-level message, keeping the others', () => {
    const errors = { email: 'Invalid e-mail', password: 'Required field', form: 'All fields are required' };
    expect(withoutError(errors, 'email')).toEqual({ password: 'Required field' });
    expect(hasErrors(withoutError({ email: 'x' }, 'email'))).toBe(false);
    expect(hasErrors({ form: 'x' })).toBe(true);
  });
});

describe('validation rules as properties', () => {
  const nonEmpty = fc.string({ minLength: 1, maxLength: 40 });

  it('never lets a field be both valid and named, and names fields only with the spec texts', () => {
    const texts = new Set<string>(Object.values(authMessages));
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 20 }), (email, password) => {
        const errors = validateLogin({ email, password });
        for (const text of Object.values(errors)) expect(texts.has(text)).toBe(true);
        expect('email' in errors).toBe(
          email !== '' && !isEmail(email) ? true : email === '' && password !== '',
        );
        expect('password' in errors).toBe(password === '' && email !== '');
      }),
      { numRuns: 200 },
    );
  });

  it('refuses every address over 254 characters, even with a valid local part and domain', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.integer({ min: 255, max: 400 }), (email, length) => {
        // Pads the domain, so that only the length rule can refuse it.
        const at = email.lastIndexOf('@');
        const pad = 'd'.repeat(Math.max(0, length - email.length));
        const padded = `${email.slice(0, at + 1)}${pad}${email.slice(at + 1)}`;
        expect(isEmail(padded)).toBe(false);
        expect(validateEmail({ email: padded })).toEqual({ email: 'invalid email' });
      }),
      { numRuns: 100 },
    );
  });

  it('takes a password exactly when it has at least 6 characters and the confirmation matches', () => {
    fc.assert(
      fc.property(nonEmpty, fc.boolean(), (password, same) => {
        const confirm = same ? password : `${password}x`;
        const errors = validateNewPassword({ password, confirm });
        const long = [...password].length >= PASSWORD_MIN;
        expect(errors.password).toBe(long ? undefined : 'Minimum 6 symbols are required');
        expect(errors.confirm).toBe(same ? undefined : 'Passwords do not match');
      }),
      { numRuns: 200 },
    );
  });
});
