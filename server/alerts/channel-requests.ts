import type { AlertPayloadBody } from '../../contracts/alert-channels.ts';
import { webhookSignature } from './webhook-signing.ts';

/** A channel as its delivery needs it. */
export interface ChannelTarget {
  id: number;
  type: string;
  url: string | null;
  chatId: string | null;
  secret: string | null;
}

export interface ChannelRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const json = { 'content-type': 'application/json' };

/**
 * The HTTP request that carries one message to one channel (docs/alerts.md shows each). `messageId` stays the same
 * over retries, so a receiver can drop a repeat (Standard Webhooks' `webhook-id`).
 */
export function channelRequest(
  channel: ChannelTarget,
  payload: AlertPayloadBody,
  messageId: number,
  sentAtS: number,
  telegramApiUrl: string,
): ChannelRequest {
  const { text } = payload.data;
  switch (channel.type) {
    case 'slack':
      return {
        url: channel.url ?? '',
        headers: json,
        body: JSON.stringify({ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }),
      };
    case 'discord':
      return {
        url: channel.url ?? '',
        headers: json,
        body: JSON.stringify({
          content: text,
          embeds: payload.data.nodes.map((node) => ({
            title: node.name || node.domain,
            description: node.domain,
            timestamp: node.lastSeenAt ?? payload.timestamp,
          })),
        }),
      };
    case 'telegram':
      return {
        url: `${telegramApiUrl}/bot${channel.secret ?? ''}/sendMessage`,
        headers: json,
        body: JSON.stringify({ chat_id: channel.chatId, text }),
      };
    default: {
      const body = JSON.stringify(payload);
      const id = `msg_${messageId}`;
      return {
        url: channel.url ?? '',
        headers: {
          ...json,
          'webhook-id': id,
          'webhook-timestamp': String(sentAtS),
          'webhook-signature': webhookSignature(channel.secret ?? '', id, sentAtS, body),
        },
        body,
      };
    }
  }
}
