import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NodeSchema, NodeStatusSchema } from '../../contracts/node-body.schema.ts';
import { NodeHealthAnswerSchema } from '../../contracts/node-health.schema.ts';
import { answers, fileAnswer } from '../lib/answer-schemas.ts';
import { badRequest } from '../lib/errors.ts';
import { idSchema, noBody, nullableStrictObject, safeString, strictObject } from '../lib/input-schema.ts';
import { READ_ONLY_POST, requireTeamMember, requireTeamWriter } from '../plugins/session.ts';
import { createHealthService } from './health.service.ts';
import { createMaintenanceService } from './maintenance.service.ts';
import { createNodeSettingsService } from './node-settings.service.ts';
import { createNodesService } from './nodes.service.ts';
import { samePathIds } from './path-ids.ts';

const { Optional } = Type;
const teamParams = strictObject({ teamId: idSchema });
const nodeParams = <Name extends string>(name: Name) =>
  strictObject({ teamId: idSchema, ...({ [name]: idSchema } as Record<Name, typeof idSchema>) });
// Generous bounds and no character rule, so that any bad paste (control characters included) reaches the service
// and gets the spec's own message (spec 8), not a schema error; its format check lets only base64 lines through.
const publicKey = Type.String({ maxLength: 65_536 });
const formIds = { teamId: Optional(idSchema), id: Optional(idSchema) };
const node = answers({ 200: NodeSchema });
const nodeStatus = answers({ 200: NodeStatusSchema });

/** The node calls of spec 7, all under /api/v1/nodres/team/{teamId}/, for members of the team only. */
export const nodesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const member = requireTeamMember('teamId');
  // Viewers read; every change to the team's nodes is an admin's (403 'read_only'). So is the compose
  // file, as the installing step of a node, not as protection: it holds no secret (the licence key viewers read
  // anyway, the server's address, the image), and a node's only credential is its private key (docs/security.md).
  const writer = requireTeamWriter('teamId');
  const nodes = createNodesService(app.deps);
  const settings = createNodeSettingsService(app.deps);
  const health = createHealthService(app.deps);
  const maintenance = createMaintenanceService(app.deps);
  const base = '/v1/nodres/team/:teamId';

  // spec 7 sends no body; `includeDeleted=true` (our addition) adds status 50 for the statistics node list.
  app.post(
    `${base}`,
    {
      config: READ_ONLY_POST,
      preValidation: member,
      schema: {
        summary: "The team's nodes",
        params: teamParams,
        body: nullableStrictObject({ includeDeleted: Optional(Type.Boolean()) }),
        response: answers({ 200: Type.Array(NodeSchema) }),
      },
    },
    (request) =>
      nodes.listNodes(request.params.teamId, {
        includeDeleted: request.body?.includeDeleted === true,
      }),
  );

  app.post(
    `${base}/set_public_key/config/:configId`,
    {
      preValidation: writer,
      schema: {
        summary: 'Add a node with its public key',
        params: nodeParams('configId'),
        body: strictObject(
          { ...formIds, configId: Optional(idSchema), publicKey },
          {
            examples: [
              {
                publicKey:
                  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…\n-----END PUBLIC KEY-----',
              },
            ],
          },
        ),
        response: answers({ 201: NodeSchema }),
      },
    },
    async (request, reply) => {
      const { teamId, configId } = request.params;
      samePathIds({ teamId }, request.body);
      if (request.body.configId !== undefined && request.body.configId !== configId) {
        throw badRequest('config_mismatch', 'The configuration in the form does not match the address.');
      }
      const node = await nodes.createNode(teamId, configId, request.body.publicKey);
      return reply.status(201).send(node);
    },
  );

  app.post(
    `${base}/docker_compose/:id`,
    {
      preValidation: writer,
      schema: {
        summary: "The node's docker-compose.yml",
        params: nodeParams('id'),
        body: noBody,
        response: answers({ 200: fileAnswer('text/yaml', 'docker-compose.yml for the node') }),
      },
    },
    async (request, reply) => {
      const yaml = await nodes.composeForNode(request.params.teamId, request.params.id);
      return reply
        .type('text/yaml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="docker-compose.yml"')
        .header('cache-control', 'no-store')
        .send(yaml);
    },
  );

  app.get(
    `${base}/:id`,
    { preValidation: member, schema: { summary: 'A node', params: nodeParams('id'), response: node } },
    (request) => nodes.getNode(request.params.teamId, request.params.id),
  );

  // A node's liveness and its recent online/offline transitions.
  app.get(
    `${base}/:nodrId/health`,
    {
      preValidation: member,
      schema: {
        summary: "A node's liveness and recent transitions",
        params: nodeParams('nodrId'),
        response: answers({ 200: NodeHealthAnswerSchema }),
      },
    },
    (request) => health.nodeHealth(request.params.teamId, request.params.nodrId),
  );

  app.delete(
    `${base}/:id`,
    {
      preValidation: writer,
      schema: { summary: 'Delete a node', params: nodeParams('id'), body: noBody, response: nodeStatus },
    },
    (request) => nodes.deleteNode(request.params.teamId, request.params.id),
  );

  // spec 7: one call for both rename (a name is sent) and the settings of a node in status 1 (configId, key).
  app.put(
    `${base}/nodr/:id`,
    {
      preValidation: writer,
      schema: {
        summary: 'Rename a node, or set the configuration and key of a node being configured',
        params: nodeParams('id'),
        body: strictObject({
          ...formIds,
          name: Optional(safeString({ maxLength: 4096 })),
          config_id: Optional(idSchema),
          configId: Optional(idSchema),
          publicKey: Optional(publicKey),
        }),
        response: node,
      },
    },
    (request) => {
      const { teamId, id } = request.params;
      const body = request.body ?? {};
      samePathIds({ teamId, id }, body);
      if (body.name !== undefined) return nodes.renameNode(teamId, id, body.name);
      const configId = body.configId ?? body.config_id;
      if (configId === undefined)
        throw badRequest('invalid_request', 'Send a name to rename, or a configId to update.');
      return settings.updateNode(teamId, id, { configId, publicKey: body.publicKey });
    },
  );

  app.put(
    `${base}/reset_settings_nodr/:id`,
    {
      preValidation: writer,
      schema: {
        summary: "Reset a node's settings (a new key and configuration)",
        params: nodeParams('id'),
        body: strictObject({
          ...formIds,
          configId: idSchema,
          publicKey: Optional(publicKey),
          licenseKey: safeString({ maxLength: 512 }),
        }),
        response: node,
      },
    },
    (request) => {
      const { teamId, id } = request.params;
      samePathIds({ teamId, id }, request.body);
      return settings.reconfigureNode(teamId, id, request.body);
    },
  );

  app.put(
    `${base}/update_active_nodres/:id`,
    {
      preValidation: writer,
      schema: {
        summary: 'Switch a node on or off',
        params: nodeParams('id'),
        body: noBody,
        response: nodeStatus,
      },
    },
    (request) => nodes.toggleNode(request.params.teamId, request.params.id),
  );

  // A node's maintenance window (docs/alerts.md#maintenance): its offline alerts are held while it runs.
  app.put(
    `${base}/:id/maintenance`,
    {
      preValidation: writer,
      schema: {
        summary: "Set a node's maintenance window (from now unless startsAt is given)",
        params: nodeParams('id'),
        body: strictObject(
          {
            ...formIds,
            startsAt: Optional(safeString({ maxLength: 64, description: 'ISO 8601; now when left out' })),
            endsAt: safeString({ maxLength: 64, description: 'ISO 8601' }),
          },
          { examples: [{ endsAt: '2026-05-04T14:30:00Z' }] },
        ),
        response: node,
      },
    },
    (request) => {
      const { teamId, id } = request.params;
      samePathIds({ teamId, id }, request.body);
      return maintenance.setWindow(teamId, id, request.body);
    },
  );

  app.delete(
    `${base}/:id/maintenance`,
    {
      preValidation: writer,
      schema: {
        summary: "End a node's maintenance window now (a scheduled one is dropped)",
        params: nodeParams('id'),
        body: noBody,
        response: node,
      },
    },
    (request) => maintenance.endWindow(request.params.teamId, request.params.id),
  );
};
