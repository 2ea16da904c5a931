/**
 * Measures, with the real product and the real agent, the time from a node agent's death (SIGKILL) to the admin's
 * offline e-mail at an SMTP catcher, and from its restart to the back-online e-mail. The agent heartbeats
 * once a minute, so the threshold must exceed a minute: NODE_OFFLINE_AFTER_S (default here 70). Figures are
 * printed, never asserted; a run takes about two minutes.
 *
 * Usage: `npx tsx bench/alert-latency.ts`
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUpViaApi, startServer } from '../tests/e2e/harness.ts';

const threshold = process.env.NODE_OFFLINE_AFTER_S ?? '70';
const server = await startServer({ NODE_OFFLINE_AFTER_S: threshold });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-alert-latency-'));
let agent: ChildProcess | undefined;
try {
  const account = await signUpViaApi(server);
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const response = await fetch(`${server.url}/api/v1/nodres/team/${account.teamId}/set_public_key/config/1`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })) }),
  });
  const node = (await response.json()) as { id: number; licenseKey: string };
  const keyFile = path.join(dir, 'private.pem');
  fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  const startAgent = () =>
    spawn(
      process.execPath,
      ['--import', 'tsx', 'agent/main.ts', '--server', `${server.url}/`, '--key', keyFile, '--simulate'],
      {
        env: { ...process.env, NODR_LICENSE_KEY: node.licenseKey, NODR_STATE_DIR: path.join(dir, 'state') },
        stdio: 'ignore',
      },
    );
  const status = async () => {
    const list = await fetch(`${server.url}/api/v1/nodres/team/${account.teamId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
    return ((await list.json()) as { status: number; online: boolean | null }[])[0];
  };

  agent = startAgent();
  for (let tries = 0; (await status())?.status !== 10; tries += 1) {
    if (tries > 100) throw new Error('the node never became active');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const died = Date.now();
  agent.kill('SIGKILL');
  await server.mail.waitFor(account.email, (mail) => mail.subject.endsWith('is offline'), 300_000);
  const offlineMailS = (Date.now() - died) / 1000;

  const restarted = Date.now();
  agent = startAgent();
  await server.mail.waitFor(account.email, (mail) => mail.subject.endsWith('is back online'), 120_000);
  const backMailS = (Date.now() - restarted) / 1000;
  console.info(`NODE_OFFLINE_AFTER_S=${threshold}, the real agent with --simulate:`);
  console.info(`  agent killed -> offline e-mail at the SMTP catcher: ${offlineMailS.toFixed(1)} s`);
  console.info(`  agent restarted -> back-online e-mail: ${backMailS.toFixed(1)} s`);
} finally {
  agent?.kill('SIGKILL');
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
