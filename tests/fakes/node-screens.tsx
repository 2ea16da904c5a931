import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { NodeHealthTransition } from '../../contracts/node-health.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Config, Node } from '../../src/api/nodes.ts';
import type { AppConfig } from '../../src/shared/app-config.ts';
import { AppConfigProvider } from '../../src/shared/app-config-context.tsx';
import { type Session, SessionProvider } from '../../src/shared/session-context.tsx';
import { configs as defaultConfigs, makeNode } from '../fixtures/node-fixtures.ts';
import { testUser } from './auth-screens.tsx';

/** Test helpers for the My NODR screens: an in-memory main API on fetch, and the app around a screen. */

export const nodesTestConfig: AppConfig = {
  maintenance: false,
  maintenanceUntil: null,
  supportEmail: 'help@nodr.test',
  installerUrl: 'https://get.nodr.test/install/nodr-install.sh',
  authBase: '/auth/',
  apiBase: '/api/',
  statsBase: '/stats/',
};

export interface NodesCall {
  method: string;
  path: string;
  form: Record<string, string>;
}

type Reply = { status: number; body: unknown; text?: boolean };
/** Overrides one call, keyed 'METHOD /path' with `:id` for the node id (e.g. 'PUT /api/v1/nodres/team/3/nodr/:id'). */
type Override = (call: NodesCall) => Reply | undefined;

/**
 * A fake main API holding the team's nodes (team 3): list, create, rename/update, reconfigure, toggle, delete,
 * compose, health and configurations, as spec 7 and the server answer them. Every call is recorded.
 */
export function fakeNodesApi(
  initial: Node[],
  options: {
    configs?: Config[];
    overrides?: Record<string, Override>;
    /** Each node's recorded transitions, newest first, answered by its health call. */
    transitions?: Record<number, NodeHealthTransition[]>;
  } = {},
) {
  const configs = options.configs ?? defaultConfigs;
  const state = { nodes: initial.map((node) => ({ ...node })) };
  const calls: NodesCall[] = [];
  const team = '/api/v1/nodres/team/3';
  const find = (id: string) => state.nodes.find((node) => node.id === Number(id));
  const ok = (body: unknown): Reply => ({ status: 200, body });

  const routes: [RegExp, string, (call: NodesCall, id: string) => Reply][] = [
    [/^\/api\/v1\/configs$/, 'POST', () => ok(configs)],
    [new RegExp(`^${team}$`), 'POST', () => ok(state.nodes)],
    [
      new RegExp(`^${team}/set_public_key/config/(\\d+)$`),
      'POST',
      (call, configId) => {
        const config = configs.find((c) => c.id === Number(configId))!;
        const node = makeNode({
          id: Math.max(0, ...state.nodes.map((n) => n.id)) + 1,
          name: '',
          publicKey: call.form.publicKey ?? '',
          configId: config.id,
          config_id: config.id,
          config,
        });
        state.nodes.push(node);
        return { status: 201, body: node };
      },
    ],
    [
      new RegExp(`^${team}/(\\d+)/health$`),
      'GET',
      (_, id) => {
        const node = find(id);
        if (!node)
          return { status: 404, body: { error: 'not_found', message: 'No such NODR in this team.' } };
        const transitions = options.transitions?.[node.id] ?? [];
        return ok({ lastSeenAt: node.lastSeenAt ?? null, online: node.online ?? null, transitions });
      },
    ],
    [
      new RegExp(`^${team}/docker_compose/(\\d+)$`),
      'POST',
      () => ({ status: 200, body: 'services: {}\n', text: true }),
    ],
    [
      new RegExp(`^${team}/nodr/(\\d+)$`),
      'PUT',
      (call, id) => {
        const node = find(id)!;
        if (call.form.name !== undefined) node.name = call.form.name.trim();
        else {
          const config = configs.find((c) => c.id === Number(call.form.configId))!;
          Object.assign(node, { configId: config.id, config_id: config.id, config, check: null });
          if (call.form.publicKey) node.publicKey = call.form.publicKey;
        }
        return ok(node);
      },
    ],
    [
      new RegExp(`^${team}/reset_settings_nodr/(\\d+)$`),
      'PUT',
      (_, id) => {
        const node = find(id)!;
        Object.assign(node, { status: NODE_STATUS.configuring, check: null });
        return ok(node);
      },
    ],
    [
      new RegExp(`^${team}/update_active_nodres/(\\d+)$`),
      'PUT',
      (_, id) => {
        const node = find(id)!;
        node.status = node.status === NODE_STATUS.active ? NODE_STATUS.inactive : NODE_STATUS.active;
        return ok({ id: node.id, status: node.status });
      },
    ],
    [
      new RegExp(`^${team}/(\\d+)/maintenance$`),
      'PUT',
      (call, id) => {
        const node = find(id)!;
        node.maintenance = {
          startsAt: call.form.startsAt ?? new Date().toISOString(),
          endsAt: call.form.endsAt!,
        };
        return ok(node);
      },
    ],
    [
      new RegExp(`^${team}/(\\d+)/maintenance$`),
      'DELETE',
      (_, id) => {
        const node = find(id)!;
        node.maintenance = null;
        return ok(node);
      },
    ],
    [
      new RegExp(`^${team}/(\\d+)$`),
      'DELETE',
      (_, id) => {
        state.nodes = state.nodes.filter((node) => node.id !== Number(id));
        return ok({ id: Number(id), status: NODE_STATUS.deleted });
      },
    ],
  ];

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    // Form bodies (spec 7) and JSON bodies (the maintenance window) are both recorded as fields.
    const form =
      init?.body instanceof URLSearchParams
        ? Object.fromEntries(init.body)
        : typeof init?.body === 'string'
          ? (JSON.parse(init.body) as Record<string, string>)
          : {};
    const call = { method, path: url.pathname, form };
    calls.push(call);
    let reply: Reply = { status: 404, body: { error: 'not_found', message: 'Not found.' } };
    for (const [pattern, verb, handle] of routes) {
      const match = pattern.exec(url.pathname);
      if (!match || verb !== method) continue;
      const key = `${method} ${url.pathname.replace(/\/\d+$/, '/:id')}`;
      reply = options.overrides?.[key]?.(call) ?? handle(call, match[1] ?? '');
      break;
    }
    const body = reply.text ? String(reply.body) : JSON.stringify(reply.body);
    return new Response(body, { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { state, calls, fetch };
}

export const testSession: Session = {
  user: { ...testUser, TeamsRender: [{ id: 3, name: 'Engines', role: 10 }] },
  teamId: 3,
  recheck: async () => {},
  logout: () => {},
};

/** The same user as a viewer (role 20) of team 3. */
export const viewerSession: Session = {
  ...testSession,
  user: { ...testSession.user, TeamsRender: [{ id: 3, name: 'Engines', role: 20 }] },
};

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

/**
 * Renders the app's My NODR routes at `path`, signed in to team 3 (as its admin unless `session` says otherwise);
 * `wrap` adds providers inside the session.
 */
export function renderNodes(
  routes: Record<string, ReactNode>,
  path: string,
  wrap?: (children: ReactNode) => ReactNode,
  session: Session = testSession,
) {
  const tree = (
    <Routes>
      {Object.entries(routes).map(([route, screen]) => (
        <Route key={route} path={route} element={screen} />
      ))}
      <Route path="*" element={<Landed />} />
    </Routes>
  );
  return render(
    <AppConfigProvider config={nodesTestConfig}>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[path]}>{wrap ? wrap(tree) : tree}</MemoryRouter>
      </SessionProvider>
    </AppConfigProvider>,
  );
}
