import { array, is, type Struct, union } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorStruct,
  OkStruct,
  PasswordStepStruct,
  TeamRenderStruct,
  TeamStruct,
  TeamUserStruct,
  UserStruct,
} from '../../src/api/auth.ts';
import {
  CheckStruct,
  ConfigStruct,
  DictionariesStruct,
  NodeHealthAnswerStruct,
  NodeStruct,
  ToggleResultStruct,
} from '../../src/api/nodes.ts';
import { NotificationSettingsStruct } from '../../src/api/notifications.ts';
import { ActivityEntryStruct, RevokedStruct, SignedInBrowserStruct } from '../../src/api/sessions.ts';
import { PrecheckStruct } from '../../src/api/settings.ts';
import { StatSettingsStruct, StatsResponseStruct } from '../../src/api/stats.ts';
import {
  RecoveryCodesStruct,
  TwoFactorSetUpStruct,
  TwoFactorStatusStruct,
} from '../../src/api/two-factor.ts';
import { AppConfigStruct } from '../../src/shared/app-config.ts';
import { sample, type Variant } from '../helpers/schema-samples.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: a table of structs of every shape
type AnyStruct = Struct<any, any>;

const profile = '/auth/v1/profile_settings';
const team = '/api/v1/nodres/team/:teamId';
/** Each answer the web app reads, by route and status, and the struct it reads it with. */
const readers: [route: string, status: number, struct: AnyStruct][] = [
  ['POST /auth/guest/register', 200, OkStruct],
  ['POST /auth/guest/auth', 200, PasswordStepStruct],
  ['POST /auth/guest/set-new-password', 200, PasswordStepStruct],
  ['POST /auth/guest/auth/two-factor', 200, PasswordStepStruct],
  ['POST /auth/guest/recovery-password', 200, OkStruct],
  ['POST /auth/guest/auth', 400, ErrorStruct],
  ['GET /auth/v1/check', 200, UserStruct],
  ['GET /auth/v1/logout', 200, OkStruct],
  ['POST /auth/v1/user', 200, array(TeamUserStruct)],
  ['GET /auth/v1/user/:id', 200, UserStruct],
  ['PUT /auth/v1/user/:id', 200, UserStruct],
  ['POST /auth/v1/teams', 200, array(TeamRenderStruct)],
  ['GET /auth/v1/teams/:id', 200, TeamStruct],
  ['PUT /auth/v1/teams/:id', 200, TeamStruct],
  [`POST ${profile}/user/:user_id/team/:team_id/change_password`, 200, UserStruct],
  [`POST ${profile}/user/:user_id/team/:team_id/change_email`, 200, UserStruct],
  [`POST ${profile}/change_email/accept`, 200, OkStruct],
  [`POST ${profile}/change_email/cancel`, 200, OkStruct],
  [`POST ${profile}/user/:id/change_email/resend`, 200, UserStruct],
  [`POST ${profile}/user/:id/change_email/revoke`, 200, UserStruct],
  ['POST /auth/v1/user/:id/info_delete', 200, PrecheckStruct],
  // 400: blocked (the pre-check) or a bad request (the error body); the settings screen tells them apart.
  ['POST /auth/v1/user/:id/info_delete', 400, union([PrecheckStruct, ErrorStruct])],
  ['DELETE /auth/v1/user/:id', 200, UserStruct],
  ['DELETE /auth/v1/user/accept', 200, OkStruct],
  ['POST /auth/v1/user/:id/resend', 200, UserStruct],
  ['POST /auth/v1/user/:id/revoke', 200, UserStruct],
  ['GET /auth/v1/sessions', 200, array(SignedInBrowserStruct)],
  ['DELETE /auth/v1/sessions/others', 200, RevokedStruct],
  ['DELETE /auth/v1/sessions/:id', 200, RevokedStruct],
  ['GET /auth/v1/activity', 200, array(ActivityEntryStruct)],
  ['GET /auth/v1/two-factor', 200, TwoFactorStatusStruct],
  ['POST /auth/v1/two-factor/setup', 200, TwoFactorSetUpStruct],
  ['POST /auth/v1/two-factor/enable', 200, RecoveryCodesStruct],
  ['POST /auth/v1/two-factor/disable', 200, OkStruct],
  ['GET /auth/v1/notifications', 200, NotificationSettingsStruct],
  ['PUT /auth/v1/notifications', 200, NotificationSettingsStruct],
  [`POST ${team}`, 200, array(NodeStruct)],
  [`POST ${team}/set_public_key/config/:configId`, 201, NodeStruct],
  [`GET ${team}/:id`, 200, NodeStruct],
  [`GET ${team}/:nodrId/health`, 200, NodeHealthAnswerStruct],
  [`PUT ${team}/:id/maintenance`, 200, NodeStruct],
  [`DELETE ${team}/:id/maintenance`, 200, NodeStruct],
  [`DELETE ${team}/:id`, 200, ToggleResultStruct],
  [`PUT ${team}/nodr/:id`, 200, NodeStruct],
  [`PUT ${team}/reset_settings_nodr/:id`, 200, NodeStruct],
  [`PUT ${team}/update_active_nodres/:id`, 200, ToggleResultStruct],
  ['POST /api/v1/configs', 200, array(ConfigStruct)],
  ['GET /api/dictionaries/:locale', 200, DictionariesStruct],
  ['POST /api/v1/statistic/settings/get/user/:user_id/team/:team_id', 200, StatSettingsStruct],
  ['POST /api/v1/statistic/settings/put/user/:user_id/team/:team_id', 200, StatSettingsStruct],
  ['POST /api/node/v1/check', 200, CheckStruct],
  ['POST /stats/v1/nodr/day', 200, StatsResponseStruct],
  ['POST /stats/v1/nodr/week', 200, StatsResponseStruct],
  ['POST /stats/v1/nodr/month', 200, StatsResponseStruct],
  ['GET /app-config.json', 200, AppConfigStruct],
];

describe("the web app's structs agree with the documented answers", () => {
  let server: TestServer;
  let schemaOf: (route: string, status: number) => object | undefined;

  beforeAll(async () => {
    server = await startTestServer({}, { webRoot: '/nonexistent-web-root' });
    const table = new Map(
      server.app.routeTable.routes().map((route) => [`${route.method} ${route.url}`, route.schema]),
    );
    schemaOf = (route, status) => {
      const responses = table.get(route)?.response as Record<string, object> | undefined;
      const documented = responses?.[String(status)] ?? responses?.[`${Math.floor(status / 100)}xx`];
      // An answer in several media types (the statistics call's JSON or CSV): the web app reads the JSON one.
      const content = (documented as { content?: Record<string, { schema: object }> } | undefined)?.content;
      return content ? content['application/json']?.schema : documented;
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(readers)('%s %i', (route, status, struct) => {
    const schema = schemaOf(route, status);
    expect(schema, 'documented').toBeDefined();
    for (const variant of ['lean', 'full'] as Variant[]) {
      const answer = sample(schema as object, variant);
      expect(is(answer, struct), `${variant}: ${JSON.stringify(answer).slice(0, 400)}`).toBe(true);
    }
  });

  it('a struct that wants more than the document promises is caught', () => {
    const schema = schemaOf('GET /auth/v1/teams/:id', 200) as object;
    expect(is(sample(schema, 'lean'), UserStruct)).toBe(false);
  });
});
