import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** One header by its name (any case), unfolded; '' when absent. */
  header: (name: string) => string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Splits a raw single-part message into headers and a decoded body. */
function parse(raw: string, to: string[]): CaughtMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to, subject: header('Subject'), text: body, header };
}

/** A real SMTP server on loopback that keeps every message it receives (smtp-server). */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits for the next mail to `address` that matches, newer than the `after`-th mail seen. */
  async function waitFor(
    address: string,
    match: (mail: CaughtMail) => boolean = () => true,
    timeoutMs = 15_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter((mail) => mail.to.includes(address.toLowerCase()) && match(mail)).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    /** The first link in the newest mail to `address` whose path starts with `pathPrefix`. */
    async linkFor(address: string, pathPrefix: string, timeoutMs?: number): Promise<string> {
      const mail = await waitFor(address, (m) => m.text.includes(pathPrefix), timeoutMs);
      const link = mail.text
        .match(/https?:\/\/\S+/g)
        ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
      if (!link) throw new Error(`No ${pathPrefix} link in: ${mail.text}`);
      return link;
    },
    /** Forgets received mail, so the next waitFor sees only new messages. */
    clear: () => {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
