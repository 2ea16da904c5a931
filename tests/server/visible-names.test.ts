import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { users } from '../../server/db/schema.ts';
import { registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

// Names other people read (member lists, mails, node cards) refuse characters that show nothing or reorder the text.

const invisible = {
  'a right-to-left override': 'Node\u202Egnp.exe',
  'a zero-width space': 'Ada\u200BLovelace',
  'a zero-width joiner between letters': 'Ad\u200Da',
  'a byte-order mark inside': 'Ada\uFEFFLovelace',
  'a soft hyphen': 'Ada\u00ADLovelace',
  'a Hangul filler': '\u3164',
  'a line separator': 'Ada\u2028Lovelace',
};
const visible = [
  'Zoë Ørsted',
  '👨‍👩‍👧 Family',
  '🏳️‍🌈 Team',
  '❤️ Nodes',
  '👩🏽‍💻 Dev',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Glasgow',
  'مرحبا',
  '東京',
];

const PASSWORD = 'correct horse battery';

let server: TestServer;
let owner: SignedInUser;
let nodeId: number;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createSignedInUser(server);
  // Creating an API token asks for the current password.
  await server.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, owner.userId));
  nodeId = (await registerNode(server, owner)).node.id;
});
afterAll(() => server.close());

/** Each name a person gives, through the call that sets it. */
const setters: Record<string, (name: string) => Promise<{ statusCode: number; json(): unknown }>> = {
  'node name': (name) =>
    server.app.inject({
      method: 'PUT',
      url: `/api/v1/nodres/team/${owner.teamId}/nodr/${nodeId}`,
      headers: owner.headers,
      payload: { name },
    }),
  'team (workspace) name': (name) =>
    server.app.inject({
      method: 'PUT',
      url: `/auth/v1/teams/${owner.teamId}`,
      headers: owner.headers,
      payload: { name },
    }),
  'API token name': (name) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/v1/tokens',
      headers: owner.headers,
      payload: { name, teamId: owner.teamId, scope: 'read', password: PASSWORD },
    }),
  'profile first name': (name) =>
    server.app.inject({
      method: 'PUT',
      url: `/auth/v1/user/${owner.userId}`,
      headers: owner.headers,
      payload: { name },
    }),
  'profile last name': (name) =>
    server.app.inject({
      method: 'PUT',
      url: `/auth/v1/user/${owner.userId}`,
      headers: owner.headers,
      payload: { surname: name },
    }),
};

describe.each(Object.entries(setters))('the %s', (_field, set) => {
  it.each(Object.entries(invisible))('refuses %s with a clear 400', async (_what, name) => {
    const refused = await set(name);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(INVISIBLE_CHARACTERS.name);
  });

  it('takes accented letters, other scripts and emoji with joiners and variation selectors', async () => {
    for (const name of visible) expect((await set(name)).statusCode, name).toBeLessThan(300);
  });
});
