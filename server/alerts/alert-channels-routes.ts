import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ALERT_CHANNEL_LIMITS,
  ALERT_CHANNEL_TYPES,
  ALERT_EVENTS,
  type AlertChannelBody,
  type AlertChannelListBody,
  type AlertDeliveryBody,
  type CreatedAlertChannelBody,
  type NewAlertChannelBody,
} from '../../contracts/alert-channels.ts';
import { OFFLINE_ALERT_DELAYS_MIN } from '../../contracts/notifications.ts';
import { Moment } from '../../contracts/wire.schema.ts';
import { bearerHeaders } from '../accounts/index.ts';
import { agreeing, answers, OkBody } from '../lib/answer-schemas.ts';
import { idSchema, safeString, strictObject } from '../lib/input-schema.ts';
import { requireTeamMember, requireTeamWriter } from '../plugins/session.ts';
import { createAlertChannelsService } from './alert-channels.service.ts';

const name = safeString({ minLength: 1, maxLength: ALERT_CHANNEL_LIMITS.nameLength });
const url = safeString({ minLength: 1, maxLength: ALERT_CHANNEL_LIMITS.urlLength });
const botToken = safeString({ minLength: 1, maxLength: 200 });
const chatId = safeString({ minLength: 1, maxLength: 100 });
const offlineDelayMinutes = Type.Enum([...OFFLINE_ALERT_DELAYS_MIN]);
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const newBody = agreeing<NewAlertChannelBody>()(
  strictObject({
    type: Type.Enum([...ALERT_CHANNEL_TYPES]),
    name,
    url: Type.Optional(url),
    botToken: Type.Optional(botToken),
    chatId: Type.Optional(chatId),
    offlineDelayMinutes: Type.Optional(offlineDelayMinutes),
  }),
);
const editBody = strictObject({
  name: Type.Optional(name),
  url: Type.Optional(url),
  botToken: Type.Optional(botToken),
  chatId: Type.Optional(chatId),
  offlineDelayMinutes: Type.Optional(offlineDelayMinutes),
});
const noBody = Type.Union([strictObject({}), Type.Null()]);

const delivery = agreeing<AlertDeliveryBody>()(
  strictObject({
    at: Moment,
    event: Type.Enum([...ALERT_EVENTS]),
    status: Type.Union([Type.Integer(), Type.Null()]),
    ok: Type.Boolean(),
    durationMs: Type.Integer(),
    detail: nullable(Type.String()),
    nextAttemptAt: Type.Union([Moment, Type.Null()]),
  }),
);
const channel = agreeing<AlertChannelBody>()(
  strictObject({
    id: Type.Integer(),
    type: Type.Enum([...ALERT_CHANNEL_TYPES]),
    name: Type.String(),
    url: nullable(Type.String()),
    chatId: nullable(Type.String()),
    offlineDelayMinutes,
    switchedOffAt: Type.Union([Moment, Type.Null()]),
    createdAt: Moment,
    lastDelivery: Type.Union([delivery, Type.Null()]),
  }),
);
const secretAnswer = strictObject({ secret: Type.String({ description: 'whsec_ + base64; shown once.' }) });

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
          200: agreeing<AlertChannelListBody>()(strictObject({ channels: Type.Array(channel) })),
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
        body: newBody,
        response: answers({
          201: agreeing<CreatedAlertChannelBody>()(
            strictObject({ channel, secret: nullable(Type.String()) }),
          ),
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
        body: editBody,
        response: answers({ 200: channel }),
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
        response: answers({ 200: delivery }),
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
        response: answers({ 200: secretAnswer }),
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
        response: answers({ 200: channel }),
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
        response: answers({ 200: Type.Array(delivery) }),
      },
    },
    (request) => channels.deliveries(request.params.teamId, request.params.id),
  );
};
