import { vi } from 'vitest';
import { ApiError } from '../../src/api/client.ts';

/**
 * The network for model tests of the screens, faked at fetch (the boundary every API module goes through): each call
 * stays pending until a path's step answers it, so the screen is seen in its waiting state, and a step that answers
 * a call the screen never made fails. MSW would fake the same boundary; this keeps to the project's fetch fakes
 * (tests/fakes/) and adds no dependency or worker setup.
 */

export interface PendingCall {
  method: string;
  path: string;
  form: Record<string, string>;
  json?: unknown;
  authorization: string | null;
  answered: boolean;
}

export type Answer = { status: number; body: unknown } | 'offline';

/** A route is 'METHOD /path' or a pattern over that string. */
export type Route = string | RegExp;

const matches = (route: Route, call: PendingCall) => {
  const key = `${call.method} ${call.path}`;
  return typeof route === 'string' ? key === route : route.test(key);
};

/** The answer the server gives for an invoke's done/error event: 200 with the output, or the error's status. */
export function answerFor(event: { type: string; output?: unknown; error?: unknown }): Answer {
  if (event.type.startsWith('xstate.done.actor.')) return { status: 200, body: event.output };
  if (event.error instanceof ApiError)
    return { status: event.error.status, body: { error: event.error.code, message: event.error.message } };
  return 'offline';
}

export function pendingNetwork() {
  const calls: PendingCall[] = [];
  const waiting = new Map<PendingCall, (answer: Answer) => void>();
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: PendingCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      form: init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {},
      json: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
      answered: false,
    };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      waiting.set(call, (answer) => {
        if (answer === 'offline') reject(new TypeError('Failed to fetch'));
        else
          resolve(
            new Response(JSON.stringify(answer.body), {
              status: answer.status,
              headers: { 'content-type': 'application/json' },
            }),
          );
      });
    });
  });
  vi.stubGlobal('fetch', fetch);

  return {
    calls,
    /** The calls to `route` not answered yet. */
    pending: (route: Route) => calls.filter((call) => !call.answered && matches(route, call)),
    /** Answers the oldest pending call to `route`; fails if the screen made none. */
    answer(route: Route, answer: Answer): PendingCall {
      const call = calls.find((candidate) => !candidate.answered && matches(route, candidate));
      if (!call) throw new Error(`the screen made no call to ${String(route)} to answer`);
      call.answered = true;
      waiting.get(call)?.(answer);
      return call;
    },
  };
}

export type PendingNetwork = ReturnType<typeof pendingNetwork>;
