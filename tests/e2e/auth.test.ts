import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInThroughUi,
  startServer,
  uniqueEmail,
  viewports,
} from './harness.ts';

/** The sign-up, sign-in and recovery journey in a real browser against the real server. */

const SUPPORT_EMAIL = 'help@nodr.test';

/** Like the harness's check, with every violation written out in the failure message. */
async function expectNoAxe(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} -> ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(found.join('\n'), `axe violations on ${label}`).toBe('');
}

/** Axe and a screenshot of the screen as it is now, at phone and at desktop width. */
async function capture(page: Page, name: string): Promise<void> {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(viewports[viewport]);
    // A fade-in under way would be measured at part opacity: wait until every finite animation has ended.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    await expectNoAxe(page, `${name} (${viewport})`);
    await screenshot(page, name);
  }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectHeading(page: Page, text: string): Promise<void> {
  await expect.poll(() => heading(page).textContent()).toBe(text);
}

async function expectText(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

async function expectNoText(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text, { exact: true }).count()).toBe(0);
}

async function logout(page: Page, server: RunningServer): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  // spec 2: logout reloads the page; the guard then finds no session and sends the browser to /.
  await page.waitForURL(`${server.url}/`);
  await expectHeading(page, 'Sign in to NODR');
}

describe('auth journey in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail('journey');
  const firstPassword = 'first-secret-1';
  const newPassword = 'second-secret-2';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SUPPORT_EMAIL }), launchBrowser()]);
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('login: every validation message, and a failed sign-in cleared on edit', async () => {
    await page.goto(`${server.url}/`);
    await expectHeading(page, 'Sign in to NODR');
    await capture(page, 'login');
    const login = page.getByRole('button', { name: 'Login' });
    await login.click();
    await expectText(page, 'All fields are required');
    await page.getByLabel('E-mail').fill('not-an-address');
    await login.click();
    await expectText(page, 'Invalid e-mail');
    await expectText(page, 'Required field');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('no-such-account');
    await login.click();
    await expectText(page, 'Incorrect e-mail or password');
    await capture(page, 'login-failed');
    await page.getByLabel('Password', { exact: true }).fill('no-such-accoun');
    await expectNoText(page, 'Incorrect e-mail or password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
  });

  it('register: messages, the terms checkbox, then pending registration', async () => {
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expectHeading(page, 'Join network');
    await capture(page, 'register');
    const create = page.getByRole('button', { name: 'Create account' });
    await create.click();
    await expectText(page, 'Required field');
    await page.getByLabel('E-mail').fill('nope@');
    await create.click();
    await expectText(page, 'invalid email');
    const terms = page.getByRole('checkbox', { name: 'I agree to the terms of service' });
    await terms.uncheck();
    expect(await create.isDisabled()).toBe(true);
    await terms.check();
    expect(
      await page.getByRole('checkbox', { name: 'I agree to receive updates and offers' }).isChecked(),
    ).toBe(true);
    await page.getByLabel('E-mail').fill(`  ${email} `);
    await create.click();
    await page.waitForURL(`${server.url}/pendingRegistration`);
    await expectHeading(page, 'Confirm your e-mail');
    await capture(page, 'pending-registration');
  });

  it('create password from the e-mail link: messages, toggle, then create account', async () => {
    const link = await server.mail.linkFor(email, '/createPassword/');
    await page.goto(link);
    await expectHeading(page, 'Create password');
    const submit = page.getByRole('button', { name: 'Submit' });
    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await submit.click();
    await expectText(page, 'All fields are required');
    await password.fill('12345');
    await submit.click();
    await expectText(page, 'Minimum 6 symbols are required');
    await expectText(page, 'Required field');
    await password.fill(firstPassword);
    await confirm.fill(`${firstPassword}x`);
    await submit.click();
    await expectText(page, 'Passwords do not match');
    await capture(page, 'create-password');
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    expect(await confirm.getAttribute('type')).toBe('text');
    await confirm.fill(firstPassword);
    await submit.click();
    await page.waitForURL(`${server.url}/createAccount`);
  });

  it('signed in before onboarding, / leads back to /createAccount (at phone width)', async () => {
    await page.setViewportSize(viewports.phone);
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/createAccount`);
    await expectHeading(page, 'Create account');
    await page.setViewportSize(viewports.desktop);
  });

  it('create account: messages, then My NODR inside the main layout', async () => {
    await expectHeading(page, 'Create account');
    await capture(page, 'create-account');
    const start = page.getByRole('button', { name: 'Start' });
    await start.click();
    await expectText(page, 'All fields are required');
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await start.click();
    await expectText(page, 'Required field');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Workspace name').fill('Analytical Engines');
    await start.click();
    await page.waitForURL(`${server.url}/myNodr`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByText('Analytical Engines').isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'My NODR' }).getAttribute('aria-current')).toBe('page');
    expect(
      await page.getByRole('link', { name: 'Profile settings of Ada Lovelace' }).getAttribute('href'),
    ).toBe('/settings');
    await expectHeading(page, 'My NODR');
    await capture(page, 'main-layout');
  });

  it('signed in and onboarded, / and /createAccount land on My NODR at both widths', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(viewports[viewport]);
      for (const opened of ['/', '/createAccount']) {
        await page.goto(`${server.url}${opened}`);
        await page.waitForURL(`${server.url}/myNodr`);
        await expectHeading(page, 'My NODR');
        expect(await page.getByRole('button', { name: 'Start' }).count()).toBe(0);
      }
      await expectNoAxeViolations(page, `signed in, redirected to My NODR (${viewport})`);
      await screenshot(page, 'signed-in-redirected');
    }
  });

  it('logout revokes the session and reloads; sign in again', async () => {
    const token = await page.evaluate(() => localStorage.getItem('bearer_access_token'));
    await logout(page, server);
    const check = await fetch(`${server.url}/auth/v1/check`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.status).toBe(401);
    await signInThroughUi(page, server, { email, password: firstPassword });
    await logout(page, server);
  });

  it('forgot password: messages, then the recovery page with the support contact', async () => {
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expectHeading(page, 'Forgot password');
    await capture(page, 'forgot-password');
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await expectText(page, 'Required field');
    await page.getByLabel('E-mail').fill('nope');
    await submit.click();
    await expectText(page, 'invalid email');
    await page.getByLabel('E-mail').fill(email);
    await submit.click();
    await page.waitForURL(`${server.url}/passwordRecovery`);
    await expectHeading(page, 'Check your e-mail');
    expect(await page.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    await capture(page, 'password-recovery');
  });

  it('reset password from the e-mail link signs in; the new password works, the old one no longer', async () => {
    const link = await server.mail.linkFor(email, '/resPassword/');
    await page.goto(link);
    await expectHeading(page, 'Reset password');
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
    await submit.click();
    await expectText(page, 'Passwords do not match');
    await capture(page, 'reset-password');
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await submit.click();
    await page.waitForURL(`${server.url}/myNodr`);
    await logout(page, server);

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectText(page, 'Incorrect e-mail or password');
    await signInThroughUi(page, server, { email, password: newPassword });
  });

  it('the 404 page', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await expectHeading(page, "We're sorry, it looks like we don't have the page you are looking for");
    await expectNoAxeViolations(page);
  });

  for (const guarded of ['/myNodr', '/settings', '/statistics', '/integration', '/createAccount']) {
    it(`a signed-out visitor opening ${guarded} lands on /`, async () => {
      const visitor = await newPage(browser);
      await visitor.goto(`${server.url}${guarded}`);
      await visitor.waitForURL(`${server.url}/`);
      await expectHeading(visitor, 'Sign in to NODR');
      await visitor.context().close();
    });
  }
});
