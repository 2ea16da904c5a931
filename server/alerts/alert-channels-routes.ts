import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AlertChannelEditSchema,
  AlertChannelListSchema,
  AlertChannelSchema,
  AlertChannelSecretSchema,
  AlertDeliverySchema,
  CreatedAlertChannelSchema,
  NewAlertChannelSchema,
} from '../../contracts/alert-channels.schema.ts';
import { bearerHeaders } from '../accounts/index.ts';
import { answers, OkBody } from '../lib/answer-schemas.ts';
import { idSchema, noBody, strictObject } from '../lib/input-schema.ts';
import { requireTeamMember, requireTeamWriter } from '../plugins/session.ts';
import { createAlertChannelsService } from './alert-channels.service.ts';

const teamParams = strictObject({ teamId: idSchema });
const channelParams = strictObject({ teamId: idSchema, id: idSchema });

/** A team's alert channels (contracts/alert-channels.ts, docs/alerts.md): admins change them, members read them. */
export const alertChannelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const channels = createAlertChannelsService(app.deps);
  const member = requireTeamMember('teamId');
  const writer = requireTeamWriter('teamId');
  const base = '/v1/teams/:teamId/alert-channels';
  const one = `${base}/:id`;

  app.get(
    base,
    {
      preValidation: member,
      schema: {
        summary: "The team's alert channels, each with its last delivery",
        headers: bearerHeaders,
        params: teamParams,
        response: answers({
          200: AlertChannelListSchema,
        }),
      },
    },
    async (request) => ({ channels: await channels.list(request.params.teamId) }),
  );

  app.post(
    base,
    {
      preValidation: writer,
      schema: {
        summary: 'Add an alert channel (admins); a webhook answers its signing secret, once',
        headers: bearerHeaders,
        params: teamParams,
        body: NewAlertChannelSchema,
        response: answers({
          201: CreatedAlertChannelSchema,
        }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await channels.create(request.params.teamId, request.body)),
  );

  app.put(
    one,
    {
      preValidation: writer,
      schema: {
        summary: 'Change an alert channel (admins); a field left out keeps its value',
        headers: bearerHeaders,
        params: channelParams,
        body: AlertChannelEditSchema,
        response: answers({ 200: AlertChannelSchema }),
      },
    },
    (request) => channels.update(request.params.teamId, request.params.id, request.body),
  );

  app.delete(
    one,
    {
      preValidation: writer,
      schema: {
        summary: 'Remove an alert channel (admins)',
        headers: bearerHeaders,
        params: channelParams,
        body: noBody,
        response: answers({ 200: OkBody }),
      },
    },
    async (request) => {
      await channels.remove(request.params.teamId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    `${one}/test`,
    {
      preValidation: writer,
      schema: {
        summary: 'Send an alert.test message now (admins); answers its first try',
        headers: bearerHeaders,
        params: channelParams,
        body: noBody,
        response: answers({ 200: AlertDeliverySchema }),
      },
    },
    (request) => channels.sendTest(request.params.teamId, request.params.id),
  );

  app.post(
    `${one}/secret`,
    {
      preValidation: writer,
      schema: {
        summary: "Rotate a webhook's signing secret (admins); the new one is shown once",
        headers: bearerHeaders,
        params: channelParams,
        body: noBody,
        response: answers({ 200: AlertChannelSecretSchema }),
      },
    },
    (request) => channels.rotateSecret(request.params.teamId, request.params.id),
  );

  app.post(
    `${one}/switch-on`,
    {
      preValidation: writer,
      schema: {
        summary: 'Switch on an alert channel switched off after failing for 24 hours (admins)',
        headers: bearerHeaders,
        params: channelParams,
        body: noBody,
        response: answers({ 200: AlertChannelSchema }),
      },
    },
    (request) => channels.switchOn(request.params.teamId, request.params.id),
  );

  app.get(
    `${one}/deliveries`,
    {
      preValidation: member,
      schema: {
        summary: "An alert channel's delivery log (the last 14 days)",
        headers: bearerHeaders,
        params: channelParams,
        response: answers({ 200: Type.Array(AlertDeliverySchema) }),
      },
    },
    (request) => channels.deliveries(request.params.teamId, request.params.id),
  );
};
