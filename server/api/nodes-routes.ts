import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { idSchema, noBody, safeString, strictObject } from '../lib/input-schema.ts';
import { requireTeamMember, requireTeamWriter } from '../plugins/session.ts';
import { createHealthService } from './health.service.ts';
import { createNodeSettingsService } from './node-settings.service.ts';
import { createNodesService } from './nodes.service.ts';
import { samePathIds } from './path-ids.ts';

interface TeamParams {
  teamId: number;
}
interface NodeParams extends TeamParams {
  id: number;
}
interface FormIds {
  teamId?: number;
  id?: number;
}
interface CreateBody extends FormIds {
  configId?: number;
  publicKey: string;
}
interface EditBody extends FormIds {
  name?: string;
  config_id?: number;
  configId?: number;
  publicKey?: string;
}
interface ResetBody extends FormIds {
  configId: number;
  publicKey?: string;
  licenseKey: string;
}

const teamParams = strictObject({ teamId: idSchema }, ['teamId']);
const nodeParams = (name: string) => strictObject({ teamId: idSchema, [name]: idSchema }, ['teamId', name]);
// Generous bounds and no character rule, so that any bad paste (control characters included) reaches the service
// and gets the spec's own message (spec 8), not a schema error; its format check lets only base64 lines through.
const publicKey = { type: 'string', maxLength: 65_536 } as const;
const formIds = { teamId: idSchema, id: idSchema } as const;

/** The node calls of spec 7, all under /api/v1/nodres/team/{teamId}/, for members of the team only. */
export const nodesRoutes: FastifyPluginAsync = async (app) => {
  const member = requireTeamMember('teamId');
  // issue 11: viewers read; every change to the team's nodes is an admin's (403 'read_only'). So is the compose
  // file: it holds the node's licence key, which lets whoever has it run the node as this team's.
  const writer = requireTeamWriter('teamId');
  const nodes = createNodesService(app.deps);
  const settings = createNodeSettingsService(app.deps);
  const health = createHealthService(app.deps);
  const base = '/v1/nodres/team/:teamId';

  // spec 7 sends no body; `includeDeleted=true` (our addition) adds status 50 for the statistics node list.
  app.post<{ Params: TeamParams; Body: { includeDeleted?: boolean } | undefined }>(
    `${base}`,
    {
      preValidation: member,
      schema: {
        params: teamParams,
        body: { ...strictObject({ includeDeleted: { type: 'boolean' } }), type: ['object', 'null'] },
      },
    },
    (request) =>
      nodes.listNodes(request.params.teamId, {
        includeDeleted: request.body?.includeDeleted === true,
      }),
  );

  app.post<{ Params: TeamParams & { configId: number }; Body: CreateBody }>(
    `${base}/set_public_key/config/:configId`,
    {
      preValidation: writer,
      schema: {
        params: nodeParams('configId'),
        body: strictObject({ ...formIds, configId: idSchema, publicKey }, ['publicKey']),
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

  app.post<{ Params: NodeParams }>(
    `${base}/docker_compose/:id`,
    { preValidation: writer, schema: { params: nodeParams('id'), body: noBody } },
    async (request, reply) => {
      const yaml = await nodes.composeForNode(request.params.teamId, request.params.id);
      return reply
        .type('text/yaml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="docker-compose.yml"')
        .header('cache-control', 'no-store')
        .send(yaml);
    },
  );

  app.get<{ Params: NodeParams }>(
    `${base}/:id`,
    { preValidation: member, schema: { params: nodeParams('id') } },
    (request) => nodes.getNode(request.params.teamId, request.params.id),
  );

  // issue 9: a node's liveness and its recent online/offline transitions.
  app.get<{ Params: TeamParams & { nodrId: number } }>(
    `${base}/:nodrId/health`,
    { preValidation: member, schema: { params: nodeParams('nodrId') } },
    (request) => health.nodeHealth(request.params.teamId, request.params.nodrId),
  );

  app.delete<{ Params: NodeParams }>(
    `${base}/:id`,
    { preValidation: writer, schema: { params: nodeParams('id'), body: noBody } },
    (request) => nodes.deleteNode(request.params.teamId, request.params.id),
  );

  // spec 7: one call for both rename (a name is sent) and the settings of a node in status 1 (configId, key).
  app.put<{ Params: NodeParams; Body: EditBody }>(
    `${base}/nodr/:id`,
    {
      preValidation: writer,
      schema: {
        params: nodeParams('id'),
        body: strictObject({
          ...formIds,
          name: safeString({ maxLength: 4096 }),
          config_id: idSchema,
          configId: idSchema,
          publicKey,
        }),
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

  app.put<{ Params: NodeParams; Body: ResetBody }>(
    `${base}/reset_settings_nodr/:id`,
    {
      preValidation: writer,
      schema: {
        params: nodeParams('id'),
        body: strictObject(
          { ...formIds, configId: idSchema, publicKey, licenseKey: safeString({ maxLength: 512 }) },
          ['configId', 'licenseKey'],
        ),
      },
    },
    (request) => {
      const { teamId, id } = request.params;
      samePathIds({ teamId, id }, request.body);
      return settings.reconfigureNode(teamId, id, request.body);
    },
  );

  app.put<{ Params: NodeParams }>(
    `${base}/update_active_nodres/:id`,
    { preValidation: writer, schema: { params: nodeParams('id'), body: noBody } },
    (request) => nodes.toggleNode(request.params.teamId, request.params.id),
  );
};
