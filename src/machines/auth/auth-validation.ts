import { accountMessages, isEmail, isPasswordTooShort } from '../../../contracts/account-rules.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../../contracts/visible-text.ts';

/** spec 5: the exact texts of the sign-in and sign-up forms. */
export const authMessages = {
  required: 'Required field',
  loginEmail: accountMessages.invalidLoginEmail,
  email: accountMessages.invalidEmail,
  allRequired: 'All fields are required',
  minPassword: accountMessages.minPassword,
  mismatch: accountMessages.mismatch,
  incorrectCredentials: accountMessages.incorrectCredentials,
} as const;

/** Messages per field, plus `form` for a message about the whole form. No key: no error. */
export type FieldErrors<Field extends string> = Partial<Record<Field | 'form', string>>;

export const hasErrors = (errors: FieldErrors<string>): boolean => Object.keys(errors).length > 0;

/** Removes the message of one field and the form-level one, as a person edits (spec 5: cleared on edit). */
export function withoutError<Field extends string>(
  errors: FieldErrors<Field>,
  field: Field,
): FieldErrors<Field> {
  const { [field]: _field, form: _form, ...rest } = errors;
  return rest as FieldErrors<Field>;
}

function emailError(email: string, invalidText: string): string | undefined {
  if (email === '') return authMessages.required;
  if (!isEmail(email)) return invalidText;
  return undefined;
}

/** Drops undefined entries, so that `{}` means valid. */
function compact<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, text]) => text !== undefined),
  ) as FieldErrors<Field>;
}

/** spec 5, login: both empty -> 'All fields are required'; else per field. Inputs already trimmed. */
export function validateLogin(input: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  if (input.email === '' && input.password === '') return { form: authMessages.allRequired };
  return compact({
    email: emailError(input.email, authMessages.loginEmail),
    password: input.password === '' ? authMessages.required : undefined,
  });
}

/** spec 5, register and forgot password: 'Required field', 'invalid email'. */
export function validateEmail(input: { email: string }): FieldErrors<'email'> {
  return compact({ email: emailError(input.email, authMessages.email) });
}

/** spec 5, create and reset password. */
export function validateNewPassword(input: {
  password: string;
  confirm: string;
}): FieldErrors<'password' | 'confirm'> {
  if (input.password === '' && input.confirm === '') return { form: authMessages.allRequired };
  let password: string | undefined;
  if (input.password === '') password = authMessages.required;
  else if (isPasswordTooShort(input.password)) password = authMessages.minPassword;
  let confirm: string | undefined;
  if (input.confirm === '') confirm = authMessages.required;
  else if (input.password !== '' && input.confirm !== input.password) confirm = authMessages.mismatch;
  return compact({ password, confirm });
}

/** spec 5, create account: all three required. */
export function validateAccount(input: {
  name: string;
  surname: string;
  workspace: string;
}): FieldErrors<'name' | 'surname' | 'workspace'> {
  if (input.name === '' && input.surname === '' && input.workspace === '')
    return { form: authMessages.allRequired };
  const named = (value: string) =>
    value === ''
      ? authMessages.required
      : hasInvisibleCharacters(value)
        ? INVISIBLE_CHARACTERS.name.message
        : undefined;
  return compact({
    name: named(input.name),
    surname: named(input.surname),
    workspace: named(input.workspace),
  });
}
