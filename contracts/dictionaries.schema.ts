import { type Static, Type } from 'typebox';
import { closed } from './wire.schema.ts';

/** One value of a dictionary and its name (spec 3; the locale: contracts/dictionaries.ts). */
export const DictionaryEntrySchema = Type.Object(
  { value: Type.Union([Type.Number(), Type.String()]), name: Type.String() },
  closed,
);
export type DictionaryEntry = Static<typeof DictionaryEntrySchema>;

const dictionary = Type.Array(DictionaryEntrySchema);

/** GET dictionaries/{locale} (spec 3, 7): every dictionary of the locale by name, each a list of entries. */
export const DictionariesSchema = Type.Object(
  {
    user_status: dictionary,
    user_roles_in_team: dictionary,
    team_statuses: dictionary,
    spy_users: dictionary,
    key_types: dictionary,
    key_subdomains: dictionary,
    key_statuses: dictionary,
    key_setting_13: dictionary,
    key_setting_12: dictionary,
    key_setting_101: dictionary,
    invitation_statuses: dictionary,
    domain_verification_methods: dictionary,
    domain_verification: dictionary,
    domain_statuses: dictionary,
    currency_ISO: dictionary,
    countries_ISO: dictionary,
    available_key_settings: dictionary,
    nodr_status: dictionary,
  },
  closed,
);
export type Dictionaries = Static<typeof DictionariesSchema>;
