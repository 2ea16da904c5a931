import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { PRIVATE_KEY_REASON } from '../../contracts/public-key-diagnosis.ts';
import {
  type ApiAccount,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInThroughUi,
  signUpViaApi,
  startServer,
  viewports,
} from './harness.ts';

/** A node's key pair, as the installer makes it: ECDSA P-256, the public half as SPKI PEM. */
function nodeKeys(): { publicPem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { publicPem: String(publicKey.export({ type: 'spki', format: 'pem' })), privateKey };
}

interface NodeJson {
  id: number;
  name: string;
  status: number;
  licenseKey: string;
}

describe('My NODR in Chromium against the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;
  let page: Page;
  let lastSignedAt = 0;
  /** The first node's license key and private key, for its signed reports. */
  const state = {} as { licenseKey: string; privateKey: KeyObject };

  async function api<T>(method: string, path: string, form?: Record<string, string>): Promise<T> {
    const response = await fetch(`${server.url}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${account.token}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  const listNodes = () => api<NodeJson[]>('POST', `v1/nodres/team/${account.teamId}`);

  /** A signed node-protocol request (docs/node-protocol.md), each with a newer timestamp than the last. */
  async function nodeRequest(path: string, licenseKey: string, privateKey: KeyObject, body: unknown) {
    lastSignedAt = Math.max(Date.now(), lastSignedAt + 1);
    const raw = JSON.stringify(body);
    const response = await fetch(`${server.url}/api/node/${path}`, {
      method: 'POST',
      headers: nodeRequestHeaders(licenseKey, privateKey, raw, lastSignedAt),
      body: raw,
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  }

  /** Waits for the finite animations (a modal fading in) to end, so axe sees the final colours. */
  async function settled(label: string) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    await expectNoAxeViolations(page, label);
  }

  /** Screenshots at desktop and phone width, the page (or open modal) as it is. */
  async function shoot(name: string) {
    await screenshot(page, name);
    await page.setViewportSize(viewports.phone);
    await screenshot(page, name);
    await page.setViewportSize(viewports.desktop);
  }

  const card = (name: string): Locator => page.getByRole('article', { name: `NODR ${name}` });
  const dialog = (name: string): Locator => page.getByRole('dialog', { name });
  const statusOf = (node: Locator, label: string) => node.getByText(label, { exact: true });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server);
    page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInThroughUi(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts empty and adds a node in three steps with a key made here', async () => {
    await page.getByRole('heading', { name: "You haven't added any NODR yet" }).waitFor();
    await settled('My NODR, empty');
    await shoot('my-nodr-empty');

    await page.getByRole('button', { name: 'Add my first NODR', exact: true }).click();
    await page.waitForURL(`${server.url}/addNodr`);
    await page.getByRole('radio', { name: /NODR Lite/ }).waitFor({ state: 'attached' });
    expect(await page.getByRole('radio', { name: /NODR Edge/ }).isDisabled()).toBe(true);
    await page.getByText('NODR Lite', { exact: true }).click();
    await settled('add flow, step 1');
    await shoot('add-nodr-step-1');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Copy command', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toMatch(
      /^curl -fsSLO http\S+\/nodr-install\.sh && chmod \+x nodr-install\.sh && \.\/nodr-install\.sh$/,
    );
    await settled('add flow, step 2');
    await shoot('add-nodr-step-2');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await page
      .getByLabel('Public key')
      .fill('-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----');
    await confirm.click();
    await page.getByText('Incorrect format public key. Please check your key and try again').waitFor();
    // The private key pasted by mistake: the spec message, and under it what to do.
    const keys = nodeKeys();
    await page
      .getByLabel('Public key')
      .fill(String(keys.privateKey.export({ type: 'pkcs8', format: 'pem' })));
    await confirm.click();
    const reason = page.getByText(PRIVATE_KEY_REASON, { exact: true });
    await reason.waitFor();
    expect(await page.getByLabel('Public key').getAttribute('aria-describedby')).toContain(
      await reason.getAttribute('id'),
    );
    await settled('add flow, a private key refused');
    await page.setViewportSize(viewports.phone);
    await expectNoAxeViolations(page, 'add flow, a private key refused (phone)');
    await page.setViewportSize(viewports.desktop);
    await shoot('add-nodr-key-private');
    // Copied from a terminal: spaces and tabs around the lines and Windows line ends; accepted as the key.
    const pasted = keys.publicPem
      .trim()
      .split('\n')
      .map((line) => `  ${line}\t`)
      .join('\r\n');
    await page.getByLabel('Public key').fill(pasted);
    expect(await page.getByRole('alert').count()).toBe(0);
    await settled('add flow, step 3');
    await shoot('add-nodr-step-3');
    await confirm.click();
    await page.waitForURL(`${server.url}/myNodr`);
    await statusOf(card('Untitled'), 'Configuring hardware').waitFor();

    const [node] = await listNodes();
    expect(node).toMatchObject({ status: 1, name: '' });
    // The key of the node, for the signed reports below.
    Object.assign(state, { licenseKey: node!.licenseKey, privateKey: keys.privateKey });
  });

  it('follows the hardware verification live, without a reload, until the node is active', async () => {
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const node = card('Untitled');
    await node.getByRole('button', { name: 'Show details', exact: true }).click();
    expect(await node.getByText('awaiting...').count()).toBe(5);

    // 100 GB of storage is below the 500 GB of NODR Lite.
    const report = { storage: 100e9, ram: 16e9, ip: '93.184.216.34', os: 10, bandwidth: 1e9 };
    await nodeRequest('v1/check', state.licenseKey, state.privateKey, report);
    await statusOf(node, 'Misconfigured').waitFor();
    expect(await node.getByText('This parameter is lower than required minimum.').count()).toBe(1);
    await settled('My NODR, misconfigured node expanded');
    await shoot('my-nodr-misconfigured');

    await nodeRequest('v1/check', state.licenseKey, state.privateKey, { ...report, storage: 2e12 });
    await statusOf(node, 'Launching NODR app').waitFor();
    await nodeRequest('v1/heartbeat', state.licenseKey, state.privateKey, {});
    await statusOf(node, 'Active').waitFor();
    expect(await node.getByText('This parameter is lower than required minimum.').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await settled('My NODR, active node expanded');
    await shoot('my-nodr-expanded');
  });

  it('renames, deactivates with the confirm and activates again', async () => {
    const name = card('Untitled').getByRole('textbox', { name: 'NODR name' });
    await name.fill('Lisbon');
    await name.press('Enter');
    await card('Lisbon').waitFor();
    expect((await listNodes())[0]?.name).toBe('Lisbon');

    const node = card('Lisbon');
    await node.getByRole('button', { name: 'Deactivate NODR', exact: true }).click();
    const confirm = dialog('Deactivate this NODR?');
    await confirm.waitFor();
    await settled('deactivate modal');
    await shoot('modal-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await statusOf(node, 'Inactive').waitFor();
    expect((await listNodes())[0]?.status).toBe(20);

    await node.getByRole('button', { name: 'Activate NODR', exact: true }).click();
    await statusOf(node, 'Active').waitFor();
    expect(await dialog('Deactivate this NODR?').count()).toBe(0);
    expect((await listNodes())[0]?.status).toBe(10);
  });

  it('downloads the compose file as docker-compose.yml and shows the key', async () => {
    const node = card('Lisbon');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      node.getByRole('button', { name: 'Download docker-compose.yml', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('docker-compose.yml');
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text).toContain(state.licenseKey);

    await node.getByRole('button', { name: 'Show key', exact: true }).click();
    const keyView = dialog('Public key');
    await keyView.waitFor();
    await settled('public key modal');
    await shoot('modal-public-key');
    await keyView.getByRole('button', { name: 'Copy key', exact: true }).click();
    await keyView.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('-----BEGIN PUBLIC KEY-----');
    await page.keyboard.press('Escape');
    await keyView.waitFor({ state: 'detached' });
  });

  it('reconfigures by typing the license key, then offers the config update', async () => {
    const node = card('Lisbon');
    await node.getByRole('button', { name: 'Reconfigure NODR', exact: true }).click();
    const modal = dialog('Reconfigure NODR');
    await modal.waitFor();
    const button = modal.getByRole('button', { name: 'Reconfigure', exact: true });
    await modal.getByLabel('License key').fill(state.licenseKey.slice(0, -1));
    expect(await button.isDisabled()).toBe(true);
    await settled('reconfigure modal');
    await shoot('modal-reconfigure');
    await modal.getByLabel('License key').fill(state.licenseKey);
    expect(await button.isEnabled()).toBe(true);
    await button.click();

    const update = dialog('Update configuration');
    await update.waitFor();
    await statusOf(node, 'Configuring hardware').waitFor();
    await settled('config update modal');
    await shoot('modal-config-update');
    await update.getByText('NODR Standard', { exact: true }).click();
    await update.getByRole('button', { name: 'Save', exact: true }).click();
    await update.waitFor({ state: 'detached' });
    expect((await listNodes())[0]).toMatchObject({ status: 1, configId: 2 });
  });

  it('adds nodes up to 3, then shows the soon modal; deletes one', async () => {
    for (const _ of [1, 2]) {
      await api('POST', `v1/nodres/team/${account.teamId}/set_public_key/config/1`, {
        teamId: String(account.teamId),
        configId: '1',
        publicKey: nodeKeys().publicPem,
      });
    }
    // The two new nodes arrive through the live updates.
    await page.getByRole('article').nth(2).waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    await settled('My NODR, three nodes');
    await shoot('my-nodr-list');

    await page.getByRole('button', { name: 'Add NODR', exact: true }).click();
    const soon = dialog('Soon it will be possible to add a new NODR');
    await soon.waitFor();
    expect(page.url()).toBe(`${server.url}/myNodr`);
    await settled('soon modal');
    await shoot('modal-soon');
    await soon.getByRole('button', { name: 'OK', exact: true }).click();

    await card('Lisbon').getByRole('button', { name: 'Delete NODR', exact: true }).click();
    const remove = dialog('Delete this NODR?');
    await remove.waitFor();
    await settled('delete modal');
    await shoot('modal-delete');
    await remove.getByRole('button', { name: 'Delete', exact: true }).click();
    await card('Lisbon').waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(2);
    expect((await listNodes()).map((node) => node.name)).not.toContain('Lisbon');
  });
});
