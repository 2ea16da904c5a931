import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { boxed } from './boxed.ts';
import type { Clock } from './clock.ts';
import {
  claimDueMail,
  countSentSince,
  insertOutboxMail,
  markMailFailed,
  markMailSent,
} from './mail-outbox.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058) on alert mail. */
  headers?: Record<string, string>;
}

const RETRY_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
/** How long a claimed message is left to the process delivering it before another may try. */
const DELIVERY_LEASE_MS = 120_000;

/**
 * Queues every message in the database first, then delivers it: over SMTP when SMTP_URL is set, otherwise as an
 * .eml file in DATA_DIR/outbox with its links printed to the log. A failed delivery is retried with backoff, so
 * a broken SMTP server never fails the request that sent the mail and never loses the message.
 */
export class Mailer extends EventEmitter<{ delivered: [MailMessage]; failed: [Error] }> {
  private readonly transport;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private readonly deferred = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {
    super();
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  }

  /** Queues a message and starts delivering it without waiting. */
  async send(message: MailMessage, tx: Db = this.db): Promise<void> {
    // Due at the app clock's now (not the database's), so that a test's manual clock sees it as due.
    const now = this.clock.now();
    await insertOutboxMail(tx, {
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      headers: message.headers ? JSON.stringify(message.headers) : null,
      createdAt: now,
      nextAttemptAt: now,
    });
    queueMicrotask(() => void this.drain());
  }

  /**
   * Runs work that queues mail after the current answer has gone out: a call whose answer must
   * not tell whether an address has an account answers first, then does the lookup and the mail. A failure is logged;
   * drain() and stop() wait for such work first, so tests and shutdown see its mail.
   */
  defer(work: () => Promise<void>): void {
    const job: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'deferred mail work failed'))
      .finally(() => this.deferred.delete(job));
    this.deferred.add(job);
  }

  /**
   * Delivers every due message; resolves when the queue has been worked through once. A call made while a pass
   * is running asks for one more pass, so a message queued meanwhile is not left waiting for the timer.
   */
  drain(): Promise<void> {
    if (this.deferred.size > 0) return Promise.all(this.deferred).then(() => this.drain());
    if (this.draining) {
      this.drainAgain = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.drainAgain = false;
        await this.deliverDue();
      } while (this.drainAgain);
    })().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  start(intervalMs = 5_000): void {
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.deferred);
    await this.draining;
    this.transport?.close();
  }

  /** How many more messages may go out now under the hourly budget; the rest stays queued, never dropped. */
  private async budgetLeft(): Promise<number> {
    const hourAgo = new Date(this.clock.now().getTime() - 3_600_000);
    return Math.max(0, this.config.mailHourlyBudget - (await countSentSince(this.db, hourAgo)));
  }

  private async deliverDue(): Promise<void> {
    const budget = await this.budgetLeft();
    if (budget === 0) return;
    // Claimed with a lease: a message is delivered once, even with several server processes.
    const now = this.clock.now();
    const due = await claimDueMail(
      this.db,
      now,
      Math.min(50, budget),
      new Date(now.getTime() + DELIVERY_LEASE_MS),
    );
    for (const row of due) {
      const message: MailMessage = { to: row.recipient, subject: row.subject, text: row.body };
      if (row.headers) message.headers = JSON.parse(row.headers) as Record<string, string>;
      try {
        await this.deliver(row.id, message);
        await markMailSent(this.db, row.id, this.clock.now());
        this.emit('delivered', message);
      } catch (error) {
        const delay = RETRY_MS[Math.min(row.attempts, RETRY_MS.length - 1)] ?? 60_000;
        this.log.warn({ mailId: row.id, err: (error as Error).message }, 'mail delivery failed, will retry');
        this.emit('failed', error as Error);
        await markMailFailed(this.db, row.id, {
          attempts: row.attempts + 1,
          lastError: (error as Error).message.slice(0, 500),
          nextAttemptAt: new Date(this.clock.now().getTime() + delay),
        });
      }
    }
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...message });
      return;
    }
    const folder = path.join(this.config.dataDir, 'outbox');
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, `${String(id).padStart(6, '0')}.eml`);
    const eml = [
      `From: ${this.config.mailFrom}`,
      `To: ${message.to}`,
      `Subject: ${message.subject}`,
      ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      '',
      message.text,
    ].join('\r\n');
    await fs.writeFile(file, eml);
    // Without SMTP the person trying the product locally follows the links from the log.
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    if (this.config.logLevel !== 'silent' && links.length > 0)
      console.info(
        boxed([`Mail for ${message.to}: ${message.subject}`, ...links.map((link) => `  ${link}`)]),
      );
  }
}
