import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, form, startTestServer, type TestServer } from '../helpers/server.ts';

const installer = path.resolve(import.meta.dirname, '../../installer/nodr-install.sh');

function runInstaller(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('/bin/sh', [installer, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The public key as a person would copy it from the installer's output: the BEGIN line to the END line. */
function printedKey(stdout: string): string {
  const match = /-----BEGIN PUBLIC KEY-----\n[^-]*-----END PUBLIC KEY-----/.exec(stdout);
  if (!match) throw new Error(`no public key in:\n${stdout}`);
  return match[0];
}

describe('the node installer', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-installer-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes shellcheck', () => {
    expect(() => execFileSync('shellcheck', [installer], { encoding: 'utf8' })).not.toThrow();
  });

  it('creates the key pair without root and prints a key the add-node endpoint accepts', async () => {
    const keyDir = path.join(dir, 'first', 'keys');
    const run = runInstaller(['--key-dir', keyDir]);
    expect(run.code, run.stderr).toBe(0);
    const key = printedKey(run.stdout);
    // spec 5: a BEGIN line, 64 base64 characters, 60 base64 characters, an END line.
    const lines = key.split('\n');
    expect(lines.map((line) => line.length)).toEqual([26, 64, 60, 24]);
    expect(fs.statSync(path.join(keyDir, 'private.pem')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(keyDir).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(path.join(keyDir, 'public.pem'), 'utf8').trim()).toBe(key);
    const privateKey = createPrivateKey(fs.readFileSync(path.join(keyDir, 'private.pem')));
    expect(privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString().trim()).toBe(key);
    // The next step is explained: the compose file from the dashboard, beside the key folder.
    expect(run.stdout).toContain('docker-compose.yml');
    expect(run.stdout).toContain(`cd ${path.dirname(keyDir)} && docker compose up -d`);

    const user = await createSignedInUser(server);
    const body = form({ teamId: user.teamId, configId: 1, publicKey: key });
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}/set_public_key/config/1`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().publicKey.trim()).toBe(key);
  });

  it('is safe to re-run: the existing key is kept and printed again', () => {
    const keyDir = path.join(dir, 'rerun', 'keys');
    const first = runInstaller([], { NODR_KEY_DIR: keyDir });
    expect(first.code, first.stderr).toBe(0);
    const privateBefore = fs.readFileSync(path.join(keyDir, 'private.pem'), 'utf8');
    const second = runInstaller(['--key-dir', keyDir]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('already exists');
    expect(printedKey(second.stdout)).toBe(printedKey(first.stdout));
    expect(fs.readFileSync(path.join(keyDir, 'private.pem'), 'utf8')).toBe(privateBefore);
    expect(fs.readdirSync(keyDir).sort()).toEqual(['private.pem', 'public.pem']);
  });

  it('never replaces a private key it cannot read', () => {
    const keyDir = path.join(dir, 'broken', 'keys');
    fs.mkdirSync(keyDir, { recursive: true });
    fs.writeFileSync(path.join(keyDir, 'private.pem'), 'not a key');
    const run = runInstaller(['--key-dir', keyDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('left untouched');
    expect(fs.readFileSync(path.join(keyDir, 'private.pem'), 'utf8')).toBe('not a key');
  });

  /**
   * A PATH holding only what the script needs, with `uname -s` answering `system`: another system simulated on
   * this one, and no Docker, whatever this machine has.
   */
  function systemPath(system: string): string {
    const bin = fs.mkdtempSync(path.join(dir, 'bin-'));
    fs.writeFileSync(path.join(bin, 'uname'), `#!/bin/sh\necho ${system}\n`, { mode: 0o755 });
    for (const tool of ['openssl', 'id', 'dirname', 'basename', 'chmod', 'mkdir', 'ln', 'rm', 'cat']) {
      const found = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
      fs.symlinkSync(found, path.join(bin, tool));
    }
    return bin;
  }

  it('makes the keys on macOS too, and says Docker Desktop is what runs the node there', () => {
    const keyDir = path.join(dir, 'mac', 'keys');
    const run = runInstaller(['--key-dir', keyDir], { PATH: systemPath('Darwin') });
    expect(run.code, run.stderr).toBe(0);
    const key = printedKey(run.stdout);
    expect(key.split('\n').map((line) => line.length)).toEqual([26, 64, 60, 24]);
    expect(fs.statSync(path.join(keyDir, 'private.pem')).mode & 0o777).toBe(0o600);
    expect(run.stdout).toContain(`cd ${path.dirname(keyDir)} && docker compose up -d`);
    expect(run.stdout).toContain('Install Docker Desktop for Mac before step 3.');
  });

  it('on Windows outside WSL, says to run it inside WSL and touches nothing', () => {
    const run = runInstaller(['--key-dir', path.join(dir, 'windows', 'keys')], {
      PATH: systemPath('MINGW64_NT-10.0-19045'),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('on Windows, run this script inside WSL');
    expect(fs.existsSync(path.join(dir, 'windows'))).toBe(false);
  });

  it('refuses other systems with a clear message', () => {
    const run = runInstaller(['--key-dir', path.join(dir, 'bsd', 'keys')], { PATH: systemPath('FreeBSD') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('runs on Linux, macOS or Windows (in WSL); this system is FreeBSD');
    expect(fs.existsSync(path.join(dir, 'bsd'))).toBe(false);
  });

  it('is served at a stable path as a shell script', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/install/nodr-install.sh' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/x-shellscript');
    expect(response.body).toBe(fs.readFileSync(installer, 'utf8'));
  });
});
