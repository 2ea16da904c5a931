import { type TSchema, Type } from 'typebox';
import { AlertPayloadSchema } from '../../contracts/alert-channels.schema.ts';
import { Moment } from '../../contracts/wire.schema.ts';
import { strictObject } from '../lib/input-schema.ts';
import { payloadOf } from './channel-queue.ts';
import { type ChannelTarget, channelRequest } from './channel-requests.ts';

/**
 * The OpenAPI 3.1 `webhooks` section: what each alert channel receives (docs/alerts.md), with an example per channel
 * made by the code that makes the real requests, so an example cannot drift from what is sent.
 */

const SlackSchema = strictObject({
  text: Type.String(),
  blocks: Type.Array(
    strictObject({
      type: Type.Literal('section'),
      text: strictObject({ type: Type.Literal('mrkdwn'), text: Type.String() }),
    }),
  ),
});
const DiscordSchema = strictObject({
  content: Type.String(),
  embeds: Type.Array(strictObject({ title: Type.String(), description: Type.String(), timestamp: Moment })),
});
const TelegramSchema = strictObject({ chat_id: Type.String(), text: Type.String() });

const EXAMPLE = payloadOf(
  'node.offline',
  new Date('2026-05-04T10:15:00.000Z'),
  { id: 7, name: 'Acme' },
  { id: 3, name: 'Ops' },
  [
    {
      id: 41,
      name: 'Berlin 1',
      domain: 'b1.nodr.example',
      lastSeenAt: '2026-05-04T10:13:50.000Z',
      offlineSince: '2026-05-04T10:15:00.000Z',
    },
  ],
);

const bodyOf = (channel: Partial<ChannelTarget> & { type: string }): unknown =>
  JSON.parse(
    channelRequest(
      { id: 3, url: 'https://example.com', chatId: null, secret: null, ...channel },
      EXAMPLE,
      1234,
      1777889700,
      'https://api.telegram.org',
    ).body,
  );

const signature = (name: string, description: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string' as const },
});

function webhook(
  summary: string,
  description: string,
  schema: TSchema,
  example: unknown,
  headers: ReturnType<typeof signature>[] = [],
) {
  return {
    post: {
      summary,
      description,
      tags: ['alert channels'],
      ...(headers.length > 0 ? { parameters: headers } : {}),
      requestBody: { required: true, content: { 'application/json': { schema, example } } },
      responses: {
        '2XX': { description: 'Delivered. Any other answer, a redirect or 5 s of silence is retried.' },
      },
    },
  };
}

export const alertWebhooks = {
  'alert-webhook': webhook(
    'A webhook channel: the alert payload, signed per Standard Webhooks',
    'POST to the URL of the channel. Verify webhook-signature with the secret shown at creation (docs/alerts.md).',
    AlertPayloadSchema,
    EXAMPLE,
    [
      signature('webhook-id', 'msg_<n>: the same on every retry of one message; drop repeats.'),
      signature('webhook-timestamp', 'Unix seconds of this try.'),
      signature('webhook-signature', 'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">'),
    ],
  ),
  'alert-slack': webhook(
    'A Slack channel: the alert text as a Slack incoming-webhook message',
    'POST to the incoming webhook URL of the channel.',
    SlackSchema,
    bodyOf({ type: 'slack' }),
  ),
  'alert-discord': webhook(
    'A Discord channel: the alert text, one embed per node',
    'POST to the Discord webhook URL of the channel.',
    DiscordSchema,
    bodyOf({ type: 'discord' }),
  ),
  'alert-telegram': webhook(
    'A Telegram channel: sendMessage of the Bot API',
    'POST to {TELEGRAM_API_URL}/bot<token>/sendMessage.',
    TelegramSchema,
    bodyOf({ type: 'telegram', chatId: '-1001234567890' }),
  ),
};
