import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '../../src/api/auth.ts';
import type { AppConfig } from '../../src/shared/app-config.ts';
import { AppConfigProvider } from '../../src/shared/app-config-context.tsx';

/** Test helpers for the auth screens: a fake API on fetch and a router that shows where the screen navigated. */

export const testConfig: AppConfig = {
  maintenance: false,
  maintenanceUntil: null,
  supportEmail: 'help@nodr.test',
  installerUrl: '/install/nodr-install.sh',
  authBase: '/auth/',
  apiBase: '/api/',
  statsBase: '/stats/',
};

export const testUser: User = {
  id: 7,
  email: 'ada@example.com',
  name: '',
  surname: '',
  phone: '',
  image: null,
  changePasswordAt: null,
  statusChangeEmail: 0,
  newChangeEmail: null,
  deleteProgress: false,
  TeamsRender: [{ id: 3, name: '', role: 10 }],
};

export const sessionToken = {
  access_token: 'fresh-token',
  token_type: 'Bearer',
  expires_at: '2030-01-01T00:00:00.000Z',
  user_id: 7,
};

export interface ApiCall {
  method: string;
  path: string;
  /** The form fields sent, if any. */
  form: Record<string, string>;
  /** The JSON body sent, if any. */
  json?: unknown;
  authorization: string | null;
}

type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * Replaces fetch with handlers keyed 'METHOD /path' (e.g. 'POST /auth/guest/auth'); every call is recorded.
 * An unknown call answers 404.
 */
export function fakeApi(handlers: Record<string, (call: ApiCall) => Reply>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const form = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
    const json = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, form, json, authorization: headers.get('authorization') };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { error: 'not_found', message: 'Not found.' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** Shows the path the screen navigated to, so tests can assert navigation by text. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

export interface RenderOptions {
  /** The route pattern of `element`, e.g. '/createPassword/:hash'; `path` by default. */
  route?: string;
  /** More screens by path, for journeys across two screens. */
  routes?: Record<string, ReactNode>;
  /** Wraps the routes, e.g. in a SessionProvider. */
  wrap?: (children: ReactNode) => ReactNode;
}

/** Renders `element` at `path`; every other path shows where the screen navigated to. */
export function renderAt(element: ReactNode, path: string, options: RenderOptions = {}) {
  const routes = (
    <Routes>
      <Route path={options.route ?? path} element={element} />
      {Object.entries(options.routes ?? {}).map(([route, screen]) => (
        <Route key={route} path={route} element={screen} />
      ))}
      <Route path="*" element={<Landed />} />
    </Routes>
  );
  return render(
    <AppConfigProvider config={testConfig}>
      <MemoryRouter initialEntries={[path]}>{options.wrap ? options.wrap(routes) : routes}</MemoryRouter>
    </AppConfigProvider>,
  );
}
