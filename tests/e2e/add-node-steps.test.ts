import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

/** spec 2, Add node flow: each step has its own address, so Back, Forward and a reload keep the flow and its choices. */
describe.each(Object.keys(viewports) as (keyof typeof viewports)[])(
  'the add-node steps on %s',
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

    const step = (page: Page) => page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]');
    const standard = (page: Page) => page.getByRole('radio', { name: /NODR Standard/ });
    const pathname = (page: Page) => new URL(page.url()).pathname;
    /** A signed-in page at this width (the desktop one at 1440×900, the width the flow's screenshots are checked at). */
    async function signedIn() {
      const account = await signUpViaApi(server);
      const page = await newPage(browser, viewport);
      if (viewport === 'desktop') await page.setViewportSize({ width: 1440, height: 900 });
      await signInPage(page, server, account);
      return page;
    }
    /** axe and a screenshot of the step as a person sees it. */
    async function look(page: Page, name: string) {
      await expectNoAxeViolations(page, `${name} (${viewport})`);
      await screenshot(page, name);
    }

    it('moves back and forward between the steps with the choice kept, and a reload keeps the step', async () => {
      const page = await signedIn();
      await page.goto(`${server.url}/addNodr`);
      await page.getByText('NODR Standard', { exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL(`${server.url}/addNodr/installer`);
      await page.getByRole('button', { name: 'Copy command', exact: true }).waitFor();
      expect(await step(page).textContent()).toContain('Install the NODR software');

      await page.goBack();
      await standard(page).waitFor({ state: 'attached' });
      expect(pathname(page)).toBe('/addNodr');
      expect(await step(page).textContent()).toContain('Choose a configuration');
      expect(await standard(page).isChecked()).toBe(true);
      await look(page, 'add-nodr-back-to-step-1');

      await page.goForward();
      await page.getByRole('button', { name: 'Copy command', exact: true }).waitFor();
      expect(pathname(page)).toBe('/addNodr/installer');
      await look(page, 'add-nodr-forward-to-step-2');

      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL(`${server.url}/addNodr/key`);
      const pem = String(
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }),
      ).trim();
      await page.getByLabel('Public key').fill(pem);

      await page.reload();
      await page.getByLabel('Public key').waitFor();
      expect(pathname(page)).toBe('/addNodr/key');
      expect(await step(page).textContent()).toContain('Register the public key');
      expect(await page.getByLabel('Public key').inputValue()).toBe(pem);
      await look(page, 'add-nodr-reloaded-step-3');

      // The history before the reload still holds the earlier steps, the configuration still chosen.
      await page.goBack();
      await page.getByRole('button', { name: 'Copy command', exact: true }).waitFor();
      await page.goBack();
      await standard(page).waitFor({ state: 'attached' });
      expect(await standard(page).isChecked()).toBe(true);
      await page.goForward();
      await page.goForward();
      await page.getByLabel('Public key').waitFor();

      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.waitForURL(`${server.url}/myNodr`);
      await page.getByText('Configuring hardware').first().waitFor();

      // Registered: the choices are forgotten, and the key step's address opens step 1 again.
      await page.goto(`${server.url}/addNodr/key`);
      await page.waitForURL(`${server.url}/addNodr`);
      await page.getByRole('radio', { name: /NODR Lite/ }).waitFor({ state: 'attached' });
      expect(await page.getByRole('radio', { name: /NODR Lite/ }).isChecked()).toBe(true);
      await page.context().close();
    });

    it('opens a later step in a new tab at step 1, since nothing is chosen there', async () => {
      const page = await signedIn();
      await page.goto(`${server.url}/addNodr/installer`);
      await page.getByRole('radio', { name: /NODR Lite/ }).waitFor({ state: 'attached' });
      await page.waitForURL(`${server.url}/addNodr`);
      expect(await step(page).textContent()).toContain('Choose a configuration');
      await look(page, 'add-nodr-typed-ahead');
      await page.context().close();
    });
  },
);
