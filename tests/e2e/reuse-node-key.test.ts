import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_TAKEN_MESSAGE } from '../../contracts/node-rules.ts';
import {
  type ApiAccount,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInPage,
  signUpViaApi,
  startServer,
  viewports,
} from './harness.ts';
import { api } from './node-fixtures.ts';

/** Walks the three add-node steps of spec 2 and confirms `publicKey`. */
async function addThroughUi(page: Page, server: RunningServer, publicKey: string) {
  await page.goto(`${server.url}/addNodr`);
  await page.getByText('NODR Lite', { exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Public key').fill(publicKey);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

/** A host re-provisioned with the keys of a node its team deleted registers again (docs/api-main.md). */
describe.each(Object.keys(viewports) as (keyof typeof viewports)[])(
  'a deleted node’s key on %s',
  (viewport) => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const signedIn = async (account: ApiAccount) => {
      const page = await newPage(browser, viewport);
      await signInPage(page, server, account);
      return page;
    };

    it('is registered again by its team, while another team gets the taken-key message', async () => {
      const owner = await signUpViaApi(server);
      const pem = String(
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }),
      );
      const nodes = `v1/nodres/team/${owner.teamId}`;
      const old = await api(server, owner, 'POST', `${nodes}/set_public_key/config/1`, {
        teamId: owner.teamId,
        configId: 1,
        publicKey: pem,
      });
      await api(server, owner, 'DELETE', `${nodes}/${old.id}`);

      const page = await signedIn(owner);
      await addThroughUi(page, server, pem);
      await page.waitForURL(`${server.url}/myNodr`, { timeout: 15_000 });
      await page.getByText('Configuring hardware').first().waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, 'reuse-deleted-key-added');
      const listed = (await api(server, owner, 'POST', nodes, { includeDeleted: 'true' })) as unknown as {
        id: number;
        status: number;
      }[];
      expect(listed.map((node) => node.status).sort()).toEqual([1, 50]);

      // Live again: another team is refused with the spec's text.
      const other = await signUpViaApi(server);
      const refused = await signedIn(other);
      await addThroughUi(refused, server, pem);
      await refused.getByText(KEY_TAKEN_MESSAGE, { exact: true }).waitFor({ timeout: 15_000 });
      // Refused: still on the key step, at its own address (docs/web-my-nodr.md).
      expect(new URL(refused.url()).pathname).toBe('/addNodr/key');
      await expectNoAxeViolations(refused);
      await screenshot(refused, 'reuse-live-key-refused');
      await page.context().close();
      await refused.context().close();
    });
  },
);
