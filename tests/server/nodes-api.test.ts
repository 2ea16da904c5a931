import { eq } from 'drizzle-orm';
import { array, create } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_PEM_REASON } from '../../contracts/public-key-diagnosis.ts';
import { nodes } from '../../server/db/schema.ts';
import type { LiveEvent } from '../../server/lib/events.ts';
import {
  ConfigStruct,
  DictionariesStruct,
  type Node,
  NodeStruct,
  parseCheck,
  ToggleResultStruct,
} from '../../src/api/nodes.ts';
import { newNodeKeys, postCreateNode, registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  form,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

const KEY_FORMAT = 'Incorrect format public key. Please check your key and try again';
const KEY_TAKEN =
  'The key is already taken by another NODR. Please check that you enter your key and try again';

describe('main API: node calls of spec 7', () => {
  let server: TestServer;
  let user: SignedInUser;
  let events: LiveEvent[];

  beforeAll(async () => {
    server = await startTestServer({
      nodrDomain: 'nodes.example.net',
      nodeImage: 'registry.example/nodr:1.2',
    });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    user = await createSignedInUser(server);
    events = [];
    server.app.deps.hub.subscribe(user.teamId, (event) => events.push(event));
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    fields?: Record<string, string | number>,
  ) => {
    const body = fields ? form(fields) : undefined;
    return server.app.inject({
      method,
      url: `/api/v1/nodres/team/${user.teamId}${path}`,
      headers: { ...user.headers, ...body?.headers },
      payload: body?.payload,
    });
  };
  const nodeOf = (response: { json(): unknown }) => create(response.json(), NodeStruct);
  const setStatus = (id: number, status: number) =>
    server.db.update(nodes).set({ status }).where(eq(nodes.id, id));

  it('lists the configurations, available and coming soon', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/configs',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const configs = create(response.json(), array(ConfigStruct));
    expect(configs.length).toBeGreaterThanOrEqual(4);
    expect(configs.some((config) => config.status === 10)).toBe(true);
    expect(configs.some((config) => config.status === 1)).toBe(true);
    expect(configs.every((config) => [1, 10].includes(config.status))).toBe(true);
    expect(configs[0]).toEqual({
      id: 1,
      name: 'NODR Lite',
      status: 10,
      storage: 500_000_000_000,
      ram: 8_000_000_000,
      bandwidth: 500_000_000,
      ip_type: 'IPv4',
    });
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/configs' })).statusCode).toBe(401);
  });

  it('answers every dictionary of spec 3 for locale 45, to signed-in callers', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/dictionaries/45',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const dictionaries = create(response.json(), DictionariesStruct);
    expect(dictionaries.nodr_status.map((entry) => entry.value)).toEqual([1, 10, 20, 30, 40, 50]);
    expect(dictionaries.user_roles_in_team).toEqual([
      { value: 10, name: 'Admin' },
      { value: 20, name: 'Viewer' },
    ]);
    for (const [name, entries] of Object.entries(dictionaries))
      expect(entries.length, name).toBeGreaterThan(0);
    expect(dictionaries.countries_ISO).toContainEqual({ value: 'DE', name: 'Germany' });
    expect(dictionaries.countries_ISO).toHaveLength(249);
    expect(dictionaries.currency_ISO).toContainEqual({ value: 'EUR', name: 'Euro' });
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/dictionaries/46', headers: user.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/dictionaries/en', headers: user.headers }))
        .statusCode,
    ).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/dictionaries/45' })).statusCode).toBe(401);
  });

  it('creates a node in status 1 with a license key, a DNS-safe domain and the canonical key', async () => {
    const keys = newNodeKeys();
    const response = await postCreateNode(
      server,
      user,
      `\r\n  ${keys.publicKey.replace(/\n/g, '\r\n')}  \r\n`,
      2,
    );
    expect(response.statusCode, response.body).toBe(201);
    const node = nodeOf(response);
    expect(node).toMatchObject({
      teamId: user.teamId,
      name: '',
      status: 1,
      check: null,
      configId: 2,
      config_id: 2,
    });
    expect(node.config).toMatchObject({ id: 2, name: 'NODR Standard', ip_type: 'IPv4' });
    expect(node.publicKey).toBe(keys.publicKey);
    expect(node.licenseKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(node.domain).toMatch(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.nodes\.example\.net$/);
    expect(node.domain.split('.')[0]).toHaveLength(16);
    expect(new Date(node.createdAt).toISOString()).toBe(node.createdAt);
    expect([node.storage, node.ram, node.ipAddress, node.os, node.bandWidth]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(events.map((event) => event.value)).toEqual([10]);

    const again = await call('GET', `/${node.id}`);
    expect(again.statusCode).toBe(200);
    expect(nodeOf(again)).toEqual(node);
  });

  it('gives every node its own license key and domain', async () => {
    const first = (await registerNode(server, user)).node;
    const second = (await registerNode(server, user)).node;
    expect(first.licenseKey).not.toBe(second.licenseKey);
    expect(first.domain).not.toBe(second.domain);
  });

  it('refuses a key of the wrong format, an unavailable configuration, and ids that disagree with the path', async () => {
    const bad = await postCreateNode(server, user, 'not a key');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid_public_key', message: KEY_FORMAT, reason: NOT_PEM_REASON });

    const comingSoon = await postCreateNode(server, user, newNodeKeys().publicKey, 4);
    expect(comingSoon.statusCode).toBe(400);
    expect(comingSoon.json()).toMatchObject({ error: 'config_unavailable' });
    expect((await postCreateNode(server, user, newNodeKeys().publicKey, 999)).statusCode).toBe(400);

    const mismatch = await call('POST', '/set_public_key/config/1', {
      teamId: user.teamId + 1000,
      configId: 1,
      publicKey: newNodeKeys().publicKey,
    });
    expect(mismatch.statusCode).toBe(400);
    const missingKey = await call('POST', '/set_public_key/config/1', { teamId: user.teamId, configId: 1 });
    expect(missingKey.statusCode).toBe(400);
    expect(events).toEqual([]);
  });

  it('refuses a key a live node of any team holds, without saying whose', async () => {
    const { keys } = await registerNode(server, user);
    const duplicate = await postCreateNode(server, user, keys.publicKey);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'public_key_taken', message: KEY_TAKEN });

    const other = await createSignedInUser(server);
    expect((await postCreateNode(server, other, keys.publicKey)).json()).toEqual(duplicate.json());
  });

  it('frees the key of a deleted node: its team registers it again and the old node stays deleted', async () => {
    const { node, keys } = await registerNode(server, user);
    expect((await call('DELETE', `/${node.id}`)).statusCode).toBe(200);

    const again = await postCreateNode(server, user, keys.publicKey);
    expect(again.statusCode).toBe(201);
    const reborn = nodeOf(again);
    expect(reborn.id).not.toBe(node.id);
    expect(reborn.licenseKey).not.toBe(node.licenseKey);
    const withDeleted = create(
      (await call('POST', '', { includeDeleted: 'true' })).json(),
      array(NodeStruct),
    );
    expect(withDeleted.map((listed) => [listed.id, listed.status])).toEqual([
      [node.id, 50],
      [reborn.id, 1],
    ]);
    // Live again, the key is taken once more, for this team as for any other.
    expect((await postCreateNode(server, user, keys.publicKey)).statusCode).toBe(409);
    const other = await createSignedInUser(server);
    expect((await postCreateNode(server, other, keys.publicKey)).statusCode).toBe(409);
  });

  it('lets another team register the key of a node its owner deleted (a host moving to a new account)', async () => {
    const { node, keys } = await registerNode(server, user);
    expect((await call('DELETE', `/${node.id}`)).statusCode).toBe(200);

    const other = await createSignedInUser(server);
    expect((await postCreateNode(server, other, keys.publicKey)).statusCode).toBe(201);
  });

  it('lets a node being configured take, as its new key, the key of a deleted node', async () => {
    const deleted = await registerNode(server, user);
    expect((await call('DELETE', `/${deleted.node.id}`)).statusCode).toBe(200);
    const { node } = await registerNode(server, user);
    const response = await call('PUT', `/nodr/${node.id}`, {
      teamId: user.teamId,
      id: node.id,
      configId: 1,
      publicKey: deleted.keys.publicKey,
    });
    expect(response.statusCode).toBe(200);
    expect(nodeOf(response).publicKey).toBe(deleted.keys.publicKey);
  });

  it('allows 3 nodes per team; the 4th is refused until one is deleted', async () => {
    const created: Node[] = [];
    for (let i = 0; i < 3; i++) created.push((await registerNode(server, user)).node);
    const fourth = await postCreateNode(server, user, newNodeKeys().publicKey);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ error: 'node_limit' });
    expect(fourth.json().message).toBeTruthy();

    await call('DELETE', `/${created[1]!.id}`);
    expect((await postCreateNode(server, user, newNodeKeys().publicKey)).statusCode).toBe(201);
  });

  it('lists the team nodes oldest first, in statuses 1, 10, 20, 30 and 40 but not 50', async () => {
    const other = await createSignedInUser(server);
    await registerNode(server, other);
    const first = (await registerNode(server, user)).node;
    server.clock.advance(1000);
    const second = (await registerNode(server, user)).node;
    server.clock.advance(1000);
    const third = (await registerNode(server, user)).node;
    await setStatus(second.id, 40);
    await setStatus(first.id, 30);

    let response = await call('POST', '');
    expect(response.statusCode).toBe(200);
    let list = create(response.json(), array(NodeStruct));
    expect(list.map((node) => [node.id, node.status])).toEqual([
      [first.id, 30],
      [second.id, 40],
      [third.id, 1],
    ]);

    await setStatus(first.id, 10);
    await setStatus(second.id, 20);
    await call('DELETE', `/${third.id}`);
    list = create((await call('POST', '')).json(), array(NodeStruct));
    expect(list.map((node) => [node.id, node.status])).toEqual([
      [first.id, 10],
      [second.id, 20],
    ]);
    response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${user.teamId}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
  });

  it('adds deleted nodes to the list when asked, for the statistics screen, and refuses unknown list fields', async () => {
    const kept = (await registerNode(server, user)).node;
    const removed = (await registerNode(server, user)).node;
    await call('DELETE', `/${removed.id}`);
    const withDeleted = create(
      (await call('POST', '', { includeDeleted: 'true' })).json(),
      array(NodeStruct),
    );
    expect(withDeleted.map((node) => [node.id, node.status])).toEqual([
      [kept.id, 1],
      [removed.id, 50],
    ]);
    const plain = create((await call('POST', '', { includeDeleted: 'false' })).json(), array(NodeStruct));
    expect(plain.map((node) => node.id)).toEqual([kept.id]);
    expect((await call('POST', '', { includeDeleted: 'maybe' })).statusCode).toBe(400);
    expect((await call('POST', '', { statuses: '50' })).statusCode).toBe(400);
  });

  it('deletes a node as status 50, keeping the row for statistics', async () => {
    const { node } = await registerNode(server, user);
    events.length = 0;
    const response = await call('DELETE', `/${node.id}`);
    expect(response.statusCode).toBe(200);
    expect(create(response.json(), ToggleResultStruct)).toEqual({ id: node.id, status: 50 });
    expect(events.map((event) => event.value)).toEqual([10]);
    const [row] = await server.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row?.status).toBe(50);
    expect((await call('GET', `/${node.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${node.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/update_active_nodres/${node.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/docker_compose/${node.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/999999')).statusCode).toBe(404);
  });

  it('renames a node: trimmed, at most 320 characters, empty allowed, in any status', async () => {
    const { node } = await registerNode(server, user);
    const rename = (name: string) =>
      call('PUT', `/nodr/${node.id}`, { teamId: user.teamId, config_id: node.configId, name, id: node.id });
    events.length = 0;
    let response = await rename('  Frankfurt edge  ');
    expect(response.statusCode).toBe(200);
    expect(nodeOf(response)).toMatchObject({ id: node.id, name: 'Frankfurt edge', status: 1 });
    expect(events.map((event) => event.value)).toEqual([10]);

    expect(nodeOf(await rename('x'.repeat(320))).name).toHaveLength(320);
    expect(nodeOf(await rename(` ${'y'.repeat(320)} `)).name).toBe('y'.repeat(320));
    response = await rename('z'.repeat(321));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'name_too_long' });
    expect(nodeOf(await rename('')).name).toBe('');
    // spec 5 counts characters: an emoji is one (two UTF-16 units), on the server as in the web app.
    expect(nodeOf(await rename('🛰'.repeat(320))).name).toBe('🛰'.repeat(320));
    expect((await rename('🛰'.repeat(321))).json()).toMatchObject({ error: 'name_too_long' });

    await setStatus(node.id, 10);
    expect(nodeOf(await rename('Active one'))).toMatchObject({ name: 'Active one', status: 10, configId: 1 });
    const wrongId = await call('PUT', `/nodr/${node.id}`, {
      teamId: user.teamId,
      name: 'n',
      id: node.id + 1,
    });
    expect(wrongId.statusCode).toBe(400);
  });

  it('updates the configuration and key of a node in status 1, resetting its check', async () => {
    const { node } = await registerNode(server, user);
    const update = (fields: Record<string, string | number>) =>
      call('PUT', `/nodr/${node.id}`, { teamId: user.teamId, id: node.id, ...fields });
    const fakeCheck = JSON.stringify({ result: false });
    await server.db.update(nodes).set({ check: fakeCheck }).where(eq(nodes.id, node.id));

    // Same config, empty key: nothing changes, the check stays.
    let updated = nodeOf(await update({ configId: 1, publicKey: '' }));
    expect(updated).toMatchObject({ configId: 1, publicKey: node.publicKey, check: fakeCheck });

    updated = nodeOf(await update({ configId: 3 }));
    expect(updated).toMatchObject({
      configId: 3,
      config_id: 3,
      publicKey: node.publicKey,
      check: null,
      status: 1,
    });
    expect(updated.config.name).toBe('NODR Pro');

    await server.db.update(nodes).set({ check: fakeCheck }).where(eq(nodes.id, node.id));
    const fresh = newNodeKeys();
    updated = nodeOf(await update({ configId: 3, publicKey: fresh.publicKey }));
    expect(updated).toMatchObject({ publicKey: fresh.publicKey, check: null, licenseKey: node.licenseKey });

    const taken = (await registerNode(server, user)).keys.publicKey;
    let response = await update({ configId: 3, publicKey: taken });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'public_key_taken', message: KEY_TAKEN });
    // Its own key again is not a duplicate of itself.
    expect((await update({ configId: 3, publicKey: fresh.publicKey })).statusCode).toBe(200);
    response = await update({ configId: 1, publicKey: 'garbage' });
    expect(response.json()).toEqual({
      error: 'invalid_public_key',
      message: KEY_FORMAT,
      reason: NOT_PEM_REASON,
    });
    expect((await update({ configId: 4 })).statusCode).toBe(400);
    expect((await update({ publicKey: fresh.publicKey })).statusCode).toBe(400);

    await setStatus(node.id, 10);
    response = await update({ configId: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'not_configuring' });
  });

  it('reconfigures an active node with its exact license key back to status 1 without a check', async () => {
    const { node } = await registerNode(server, user);
    const reset = (fields: Record<string, string | number>) =>
      call('PUT', `/reset_settings_nodr/${node.id}`, {
        teamId: user.teamId,
        id: node.id,
        configId: node.configId,
        publicKey: node.publicKey,
        ...fields,
      });
    let response = await reset({ licenseKey: node.licenseKey });
    expect(response.statusCode).toBe(409);

    await server.db.update(nodes).set({ status: 10, check: '{"result":true}' }).where(eq(nodes.id, node.id));
    for (const wrong of [
      node.licenseKey.slice(1),
      `${node.licenseKey} `,
      node.licenseKey.toUpperCase(),
      'x',
    ]) {
      response = await reset({ licenseKey: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'license_mismatch' });
    }
    expect((await reset({})).statusCode).toBe(400);

    events.length = 0;
    response = await reset({ licenseKey: node.licenseKey, configId: 2 });
    expect(response.statusCode).toBe(200);
    expect(nodeOf(response)).toMatchObject({
      id: node.id,
      status: 1,
      check: null,
      configId: 2,
      licenseKey: node.licenseKey,
    });
    expect(events.map((event) => event.value)).toEqual([20]);

    // Back in status 1 it can take a new key through the same checks.
    await setStatus(node.id, 10);
    const fresh = newNodeKeys();
    response = await reset({ licenseKey: node.licenseKey, publicKey: fresh.publicKey });
    expect(nodeOf(response).publicKey).toBe(fresh.publicKey);
  });

  it('toggles active and inactive, refuses status 1, and answers id and status', async () => {
    const { node } = await registerNode(server, user);
    const toggle = () => call('PUT', `/update_active_nodres/${node.id}`);
    let response = await toggle();
    expect(response.statusCode).toBe(409);

    await setStatus(node.id, 10);
    events.length = 0;
    response = await toggle();
    expect(response.statusCode).toBe(200);
    expect(create(response.json(), ToggleResultStruct)).toEqual({ id: node.id, status: 20 });
    expect(response.json()).toEqual({ id: node.id, status: 20 });
    expect((await toggle()).json()).toEqual({ id: node.id, status: 10 });
    expect(events.map((event) => event.value)).toEqual([20, 20]);
    for (const inactive of [30, 40]) {
      await setStatus(node.id, inactive);
      expect((await toggle()).json()).toEqual({ id: node.id, status: 10 });
    }
  });

  it('reads a check stored on the node with the web app parser', async () => {
    const { node } = await registerNode(server, user);
    const check = {
      result: false,
      check_config_nodr: {
        storage: { used: 1, result: false },
        ram: { used: 2, result: true },
        ip: { used: '1.2.3.4', result: true },
        os: { used: 10, result: true },
        bandwidth: { used: 3, result: true },
      },
    };
    await server.db
      .update(nodes)
      .set({ check: JSON.stringify(check) })
      .where(eq(nodes.id, node.id));
    expect(parseCheck(nodeOf(await call('GET', `/${node.id}`)).check)).toEqual(check);
    expect(parseCheck(null)).toBeNull();
    expect(parseCheck('{')).toBeNull();
  });

  it('needs a session for every node call', async () => {
    const response = await server.app.inject({ method: 'POST', url: `/api/v1/nodres/team/${user.teamId}` });
    expect(response.statusCode).toBe(401);
  });
});
