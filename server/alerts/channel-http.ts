import http from 'node:http';
import https from 'node:https';
import { ALERT_CHANNEL_LIMITS } from '../../contracts/alert-channels.ts';
import type { ChannelRequest } from './channel-requests.ts';
import { guardedLookup, parseTargetUrl, refuseLiteralHost } from './outbound-target.ts';

const TIMEOUT_MESSAGE = `No answer within ${ALERT_CHANNEL_LIMITS.timeoutMs / 1000} s.`;

export interface PostOutcome {
  ok: boolean;
  status: number | null;
  /** The error, or the first ALERT_CHANNEL_LIMITS.responseBytes of the answer. */
  detail: string | null;
}

/**
 * One POST, through node:http so that the addresses connected to are the ones checked (guardedLookup). Never
 * follows a redirect (a 3xx is a failure: the target must answer itself), gives up after timeoutMs, and keeps at
 * most responseBytes of the answer.
 */
export function postOnce(request: ChannelRequest, allowPrivate: boolean): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = parseTargetUrl(request.url);
      refuseLiteralHost(url, allowPrivate);
    } catch (error) {
      resolve({ ok: false, status: null, detail: (error as Error).message });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: 'POST',
      headers: {
        ...request.headers,
        'content-length': Buffer.byteLength(request.body),
        'user-agent': 'NODR-Alerts',
      },
      lookup: guardedLookup(allowPrivate),
      timeout: ALERT_CHANNEL_LIMITS.timeoutMs,
    });
    const fail = (detail: string) => resolve({ ok: false, status: null, detail });
    const deadline = setTimeout(
      () => outgoing.destroy(new Error(TIMEOUT_MESSAGE)),
      ALERT_CHANNEL_LIMITS.timeoutMs,
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(TIMEOUT_MESSAGE)));
    outgoing.on('error', (error) => {
      clearTimeout(deadline);
      fail(error.message);
    });
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        clearTimeout(deadline);
        const answer = Buffer.concat(chunks).subarray(0, ALERT_CHANNEL_LIMITS.responseBytes).toString('utf8');
        const redirect = status >= 300 && status < 400;
        resolve({
          ok: status >= 200 && status < 300,
          status,
          detail: redirect ? `Redirect to ${response.headers.location ?? '?'} not followed.` : answer || null,
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < ALERT_CHANNEL_LIMITS.responseBytes) chunks.push(chunk);
        kept += chunk.length;
        // The rest of a long answer is not needed: stop reading it.
        if (kept >= ALERT_CHANNEL_LIMITS.responseBytes) response.destroy();
      });
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
    });
    outgoing.end(request.body);
  });
}
