import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../server/app.ts';
import { type Config, testConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { sessions, teamMembers, teams, users } from '../../server/db/schema.ts';
import { manualClock } from '../../server/lib/clock.ts';
import type { EventBus } from '../../server/lib/event-bus.ts';
import type { MailMessage } from '../../server/lib/mail.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import { freshDatabase } from './database.ts';
import { checkAnswers } from './response-check.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The real server (every service, real database, real mailer writing to a temporary outbox) for `app.inject()`
 * tests, with a clock the test moves by hand and every delivered mail recorded.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, 'webRoot' | 'bus' | 'logStream'> & {
    /** Routes a test adds to probe the app's plugins, registered before the app is ready. */
    probes?: (app: FastifyInstance) => void;
  } = {},
) {
  const database: Database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-test-'));
  // A test that reads the log gets it at level info; the others run without one.
  const logLevel = options.logStream ? { logLevel: 'info' } : {};
  const config = testConfig({ dataDir, ...logLevel, ...overrides });
  const clock = manualClock(new Date());
  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    webRoot: options.webRoot,
    bus: options.bus,
  });
  const answers = checkAnswers(app);
  options.probes?.(app);
  await app.ready();
  const mails: MailMessage[] = [];
  app.deps.mailer.on('delivered', (mail) => mails.push(mail));

  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    mails,
    /** Delivers queued mail and returns the newest message to `to`, or undefined. */
    async lastMailTo(to: string): Promise<MailMessage | undefined> {
      await app.deps.mailer.drain();
      return mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase()).at(-1);
    },
    /** Answers checked against their route's documented schema; close() fails on any mismatch. */
    answers,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (answers.mismatches.length > 0) {
        throw new Error(
          `Answers that differ from the OpenAPI document:\n${[...new Set(answers.mismatches)].join('\n')}`,
        );
      }
    },
  };
}

/**
 * Another replica of `server`: an app on the same database, clock and configuration (its own data folder), which
 * hears the first through `bus`, the bus `server` was started with.
 */
export async function startReplica(server: TestServer, bus: EventBus): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-replica-'));
  const config = { ...server.config, dataDir };
  const app = await buildApp({ config, database: server.database, clock: server.clock, logger: false, bus });
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

/** The first link in a mail's text whose path starts with `pathPrefix`, e.g. '/createPassword/'. */
export function linkIn(mail: MailMessage | undefined, pathPrefix: string): string {
  const link = mail?.text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in mail: ${mail?.text ?? '(no mail)'}`);
  return link;
}

export interface SignedInUser {
  userId: number;
  teamId: number;
  token: string;
  email: string;
  headers: { authorization: string };
}

let counter = 0;

/**
 * A fixture for tests of features behind sign-in: a user with a team (its admin) and a live session, written
 * straight to the database. The sign-up journey itself is tested through HTTP in the auth tests.
 */
export async function createSignedInUser(
  server: TestServer,
  options: { email?: string; teamId?: number; role?: number; teamName?: string } = {},
): Promise<SignedInUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${randomToken(4).toLowerCase()}@example.com`;
  const [user] = await server.db.insert(users).values({ email, name: 'Test', surname: 'User' }).returning();
  let teamId = options.teamId;
  if (teamId === undefined) {
    const [team] = await server.db
      .insert(teams)
      .values({ name: options.teamName ?? `Team ${counter}` })
      .returning();
    teamId = team!.id;
  }
  await server.db.insert(teamMembers).values({ teamId, userId: user!.id, role: options.role ?? 10 });
  const token = randomToken();
  await server.db.insert(sessions).values({
    userId: user!.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(server.clock.now().getTime() + 24 * 3600_000),
  });
  return { userId: user!.id, teamId, token, email, headers: { authorization: `Bearer ${token}` } };
}

/** URL-encodes a form body the way the web app sends it. */
export function form(fields: Record<string, string | number | boolean>): {
  payload: string;
  headers: { 'content-type': string };
} {
  const body = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  return { payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
