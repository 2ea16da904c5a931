import { create } from 'superstruct';
import { fromCallback } from 'xstate';
import { SHUTDOWN_EVENT } from '../../../contracts/event-stream.ts';
import type { NodeHealthEvent } from '../../../contracts/node-health.schema.ts';
import { HEALTH_EVENT } from '../../../contracts/node-health.ts';
import { NodeHealthEventStruct } from '../../api/nodes.ts';

/** What the stream actor sends back to the event-stream machine. */
export type EventStreamEvent =
  | { type: 'sse.open' }
  | { type: 'sse.message'; value: number }
  | { type: 'sse.error' }
  /** The named `health` event, one node offline or back. */
  | { type: 'sse.health'; health: NodeHealthEvent }
  /** The server said it is shutting down. */
  | { type: 'sse.shutdown' };

/**
 * One EventSource held open with credentials (spec 4): the session cookie authenticates it. The browser's own
 * reconnection is cut short on error, so the machine's backoff decides when to try again.
 */
export const eventSourceActor = fromCallback<EventStreamEvent, { url: string }>(({ input, sendBack }) => {
  const source = new EventSource(input.url, { withCredentials: true });
  source.onopen = () => sendBack({ type: 'sse.open' });
  source.onmessage = (message: MessageEvent<string>) =>
    sendBack({ type: 'sse.message', value: Number(message.data) });
  // The server is going away: close before the browser's own immediate reconnection hits the same server.
  source.addEventListener(SHUTDOWN_EVENT, () => {
    source.close();
    sendBack({ type: 'sse.shutdown' });
  });
  // A node went offline or came back; a body of another shape is ignored, never thrown.
  source.addEventListener(HEALTH_EVENT, (message: MessageEvent<string>) => {
    try {
      sendBack({ type: 'sse.health', health: create(JSON.parse(message.data), NodeHealthEventStruct) });
    } catch {}
  });
  source.onerror = () => {
    source.close();
    sendBack({ type: 'sse.error' });
  };
  return () => source.close();
});
