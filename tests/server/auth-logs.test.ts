import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import type { MailMessage } from '../../server/lib/mail.ts';
import { freshDatabase } from '../helpers/database.ts';
import { form, linkIn } from '../helpers/server.ts';

describe('structured logs', () => {
  const lines: string[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    // Without SMTP the mailer prints mail links for a person trying the product locally; that print
    // is by design and is not the structured log checked here.
    vi.spyOn(console, 'info').mockImplementation(() => {});
    database = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-logs-'));
    const config = testConfig({ dataDir, logLevel: 'info' });
    app = await buildApp({ config, database, logStream: { write: (line: string) => void lines.push(line) } });
    app.deps.mailer.on('delivered', (mail) => mails.push(mail));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const body = form(fields);
    return app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  it('never writes tokens, passwords or link hashes', async () => {
    const email = 'logged@example.com';
    const secrets: string[] = ['Pa55word-one', 'Pa55word-two'];
    await post('/auth/guest/register', { login: email, offer: 'true', subscription: 'true' });
    await app.deps.mailer.drain();
    const createHash = linkIn(mails.at(-1), '/createPassword/').split('/').at(-1)!;
    const created = await post('/auth/guest/set-new-password', {
      hash: createHash,
      password: secrets[0]!,
      confirm: secrets[0]!,
    });
    const firstToken = created.json().access_token;
    const auth = { authorization: `Bearer ${firstToken}` };
    await app.inject({ method: 'GET', url: '/auth/v1/check', headers: auth });
    await app.inject({ method: 'GET', url: `/createPassword/${createHash}` });
    await post('/auth/guest/auth', { login: email, password: 'wrong-password' });
    await post('/auth/guest/recovery-password', { login: email });
    await app.deps.mailer.drain();
    const resetHash = linkIn(mails.at(-1), '/resPassword/').split('/').at(-1)!;
    const reset = await post('/auth/guest/set-new-password', {
      hash: resetHash,
      password: secrets[1]!,
      confirm: secrets[1]!,
    });
    const signedIn = await post('/auth/guest/auth', { login: email, password: secrets[1]! });
    await app.inject({
      method: 'GET',
      url: '/auth/v1/logout',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    secrets.push(
      createHash,
      resetHash,
      firstToken,
      reset.json().access_token,
      signedIn.json().access_token,
      'wrong-password',
    );

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('"url":"/auth/guest/set-new-password"');
    expect(log).toContain('/createPassword/[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
