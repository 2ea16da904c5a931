import {
  isPhone,
  isProfileFieldTooLong,
  PROFILE_FIELDS,
  PROFILE_MAX,
} from '../../../contracts/account-rules.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../../contracts/visible-text.ts';

export const profileMessages = {
  tooLong: `Maximum ${PROFILE_MAX} symbols`,
  phone: 'Use digits, spaces and + ( ) - only',
  saved: 'Profile details saved',
} as const;

export interface ProfileDetails {
  name: string;
  surname: string;
  phone: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDetails, string>>;

/** Trimmed, as every input of the app (spec 5). */
export function trimProfile(details: ProfileDetails): ProfileDetails {
  return { name: details.name.trim(), surname: details.surname.trim(), phone: details.phone.trim() };
}

/** spec 5: each field at most 30 characters; the phone only digits and phone punctuation. */
export function validateProfile(details: ProfileDetails): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const key of PROFILE_FIELDS) {
    if (isProfileFieldTooLong(details[key])) errors[key] = profileMessages.tooLong;
  }
  for (const key of ['name', 'surname'] as const) {
    if (!errors[key] && hasInvisibleCharacters(details[key])) errors[key] = INVISIBLE_CHARACTERS.name.message;
  }
  if (!errors.phone && !isPhone(details.phone)) errors.phone = profileMessages.phone;
  return errors;
}
