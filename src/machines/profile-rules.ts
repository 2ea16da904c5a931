/** spec 5/9: profile name, surname and phone are at most 30 characters each. */
export const PROFILE_MAX = 30;

/** The characters a phone number may hold, as the server accepts them. */
const PHONE = /^[0-9 +()-]*$/;

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
  for (const key of ['name', 'surname', 'phone'] as const) {
    if ([...details[key]].length > PROFILE_MAX) errors[key] = profileMessages.tooLong;
  }
  if (!errors.phone && !PHONE.test(details.phone)) errors.phone = profileMessages.phone;
  return errors;
}
