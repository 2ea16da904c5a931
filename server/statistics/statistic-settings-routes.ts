import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatSettingsSaveSchema, StatSettingsSchema } from '../../contracts/stats-settings.schema.ts';
import { STAT_SETTINGS_LIMIT } from '../../contracts/stats-settings.ts';
import { answers } from '../lib/answer-schemas.ts';
import { requireSelf } from '../lib/authenticate.ts';
import { HttpError } from '../lib/errors.ts';
import { idSchema, noBody, strictObject } from '../lib/input-schema.ts';
import { READ_ONLY_POST, requireTeamMember } from '../plugins/session.ts';
import { findStatSettings, saveStatSettings } from './settings.repository.ts';

const params = strictObject({ user_id: idSchema, team_id: idSchema });
const saved = answers({ 200: StatSettingsSchema });

/**
 * spec 4 and 7: the statistics configuration list, a JSON blob per user and team. Both calls answer
 * `{ text }`, the saved JSON as a string ('{}' until something is saved).
 */
export const statisticSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The team is checked before validation (403 before 400); the user id after it, so a malformed one is a 400.
  const member = requireTeamMember('team_id');
  app.post(
    '/v1/statistic/settings/get/user/:user_id/team/:team_id',
    {
      // A read sent as POST by the spec: a read-only API token may call it; the save below is a write and may not.
      config: READ_ONLY_POST,
      preValidation: member,
      schema: { summary: 'Read the statistics screen settings', params, body: noBody, response: saved },
    },
    async (request) => {
      const { db } = app.deps;
      requireSelf(request.caller, request.params.user_id);
      return { text: (await findStatSettings(db, request.params.user_id, request.params.team_id)) ?? '{}' };
    },
  );

  app.post(
    '/v1/statistic/settings/put/user/:user_id/team/:team_id',
    // Any JSON object: the blob is the web app's own; its depth is capped by the JSON parser (server/lib/json-body.ts).
    {
      preValidation: member,
      schema: {
        summary: 'Save the statistics screen settings',
        params,
        body: StatSettingsSaveSchema,
        response: saved,
      },
      bodyLimit: STAT_SETTINGS_LIMIT.bytes,
    },
    async (request) => {
      const { db, clock } = app.deps;
      requireSelf(request.caller, request.params.user_id);
      const text = JSON.stringify(request.body);
      if (Buffer.byteLength(text) > STAT_SETTINGS_LIMIT.bytes) {
        throw new HttpError(413, 'too_large', STAT_SETTINGS_LIMIT.message);
      }
      await saveStatSettings(db, request.params.user_id, request.params.team_id, text, clock.now());
      return { text };
    },
  );
};
