import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_ROLE } from '../../contracts/account-codes.ts';
import {
  type Dictionaries,
  DictionariesSchema,
  type DictionaryEntry,
} from '../../contracts/dictionaries.schema.ts';
import { DICTIONARY_LOCALE } from '../../contracts/dictionaries.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { answers } from '../lib/answer-schemas.ts';
import { notFound } from '../lib/errors.ts';
import { safeString, strictObject } from '../lib/input-schema.ts';
import { requireSession } from '../plugins/session.ts';

const entries = (pairs: [number, string][]): DictionaryEntry[] =>
  pairs.map(([value, name]) => ({ value, name }));

// ISO 3166-1 alpha-2, officially assigned codes (249); names come from the runtime's CLDR data.
const COUNTRY_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA ' +
  'CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA ' +
  'GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS ' +
  'MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS ' +
  'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

function isoList(codes: string[], type: 'region' | 'currency'): DictionaryEntry[] {
  const names = new Intl.DisplayNames('en', { type });
  return codes.map((code) => ({ value: code, name: names.of(code) ?? code }));
}

function buildDictionaries(): Dictionaries {
  const keySettings: [number, string][] = [
    [0, 'Off'],
    [1, 'On'],
  ];
  return {
    user_status: entries([
      [1, 'Awaiting confirmation'],
      [10, 'Active'],
      [20, 'Deletion pending'],
      [50, 'Deleted'],
    ]),
    // spec 6: 10 is Admin; anything else is shown as Viewer.
    user_roles_in_team: entries([
      [ADMIN_ROLE, 'Admin'],
      [20, 'Viewer'],
    ]),
    team_statuses: entries([
      [10, 'Active'],
      [20, 'Closure pending'],
      [50, 'Closed'],
    ]),
    spy_users: entries([
      [0, 'Off'],
      [10, 'On'],
    ]),
    key_types: entries([
      [10, 'Standard'],
      [20, 'Trial'],
    ]),
    key_subdomains: entries([
      [10, 'Provider subdomain'],
      [20, 'Custom domain'],
    ]),
    key_statuses: entries([
      [10, 'Active'],
      [20, 'Inactive'],
      [30, 'Suspended'],
      [50, 'Deleted'],
    ]),
    key_setting_13: entries(keySettings),
    key_setting_12: entries(keySettings),
    key_setting_101: entries(keySettings),
    invitation_statuses: entries([
      [1, 'Sent'],
      [10, 'Accepted'],
      [20, 'Declined'],
      [30, 'Expired'],
      [50, 'Revoked'],
    ]),
    domain_verification_methods: entries([
      [10, 'DNS TXT record'],
      [20, 'HTML file'],
      [30, 'Meta tag'],
    ]),
    domain_verification: entries([
      [0, 'Not verified'],
      [10, 'Verified'],
    ]),
    domain_statuses: entries([
      [1, 'Pending'],
      [10, 'Active'],
      [20, 'Inactive'],
      [50, 'Deleted'],
    ]),
    currency_ISO: isoList(Intl.supportedValuesOf('currency'), 'currency'),
    countries_ISO: isoList(COUNTRY_CODES.split(' '), 'region'),
    available_key_settings: entries([
      [12, 'Peer-to-peer delivery'],
      [13, 'Edge caching'],
      [101, 'Quality analytics'],
    ]),
    // spec 4 and 9.
    nodr_status: entries([
      [NODE_STATUS.configuring, 'Being configured'],
      [NODE_STATUS.active, 'Active'],
      [NODE_STATUS.inactive, 'Inactive'],
      [NODE_STATUS.inactiveVariant30, 'Inactive'],
      [NODE_STATUS.inactiveVariant40, 'Inactive'],
      [NODE_STATUS.deleted, 'Deleted'],
    ]),
  };
}

/** GET dictionaries/{locale} (spec 3, 7): every dictionary as a list of { value, name }; sign-in required. */
export const dictionariesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const dictionaries = buildDictionaries();
  app.get(
    '/dictionaries/:locale',
    {
      preValidation: requireSession,
      schema: {
        summary: 'Every dictionary as a list of { value, name }',
        params: strictObject({ locale: safeString({ maxLength: 16 }) }),
        response: answers({ 200: DictionariesSchema }),
      },
    },
    async (request, reply) => {
      if (request.params.locale !== String(DICTIONARY_LOCALE))
        throw notFound('No dictionaries for this locale.');
      reply.header('cache-control', 'private, max-age=3600');
      return dictionaries;
    },
  );
};
