import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { mailOutbox, nodeLiveness } from '../../server/db/schema.ts';
import type { MailMessage } from '../../server/lib/mail.ts';
import { passingReport, registerNode, signedNodeCall } from '../helpers/nodes.ts';
import type { SignedInUser, TestServer } from '../helpers/server.ts';

/** A node taken through check and heartbeat to status 10, as a real agent does. */
export async function activeNode(server: TestServer, user: SignedInUser) {
  const { node, keys } = await registerNode(server, user);
  const check = await signedNodeCall(server, 'v1/check', node, keys.privateKey, passingReport);
  if (check.statusCode !== 200) throw new Error(`check failed: ${check.body}`);
  const beat = await signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey);
  if (beat.json().status !== 10) throw new Error(`not active: ${beat.body}`);
  return {
    node,
    keys,
    heartbeat: () => signedNodeCall(server, 'v1/heartbeat', node, keys.privateKey),
  };
}

/** Seconds past the offline threshold: the next sweep sees every silent node as offline. */
export const pastThreshold = (server: TestServer) => (server.config.nodeOfflineAfterS + 1) * 1000;

/** One sweep, then the mail it queued delivered; returns the mails delivered to `to` by this pass. */
export async function sweepAndMails(server: TestServer, to: string): Promise<MailMessage[]> {
  const before = server.mails.length;
  await server.app.deps.health.sweep();
  await server.app.deps.mailer.drain();
  return server.mails.slice(before).filter((mail) => mail.to === to);
}

/** Every message queued in the outbox for `to`, delivered or not (what two racing processes would both see). */
export async function outboxFor(server: TestServer, to: string) {
  return server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
}

export async function setLastSeen(server: TestServer, nodeId: number, at: Date) {
  await server.db
    .insert(nodeLiveness)
    .values({ nodeId, lastSeenAt: at })
    .onConflictDoUpdate({ target: nodeLiveness.nodeId, set: { lastSeenAt: at } });
}

/** The token of an alert mail's unsubscribe link. */
export function unsubscribeTokenIn(mail: MailMessage | undefined): string {
  const match = mail?.text.match(/\/unsubscribe\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no unsubscribe link in ${mail?.text ?? '(no mail)'}`);
  return match[1];
}

/**
 * Another server process on the same database, with the same clock: what a restart (a new process, fresh grace)
 * or a second process on one PostgreSQL looks like. Close it before the first.
 */
export async function anotherProcess(server: TestServer) {
  const app = await buildApp({
    config: server.config,
    database: server.database,
    clock: server.clock,
    logger: false,
  });
  await app.ready();
  return app;
}
