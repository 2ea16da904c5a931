import { createPrivateKey, type KeyObject } from 'node:crypto';
import { nodeRequestHeaders } from '../contracts/node-signing.ts';
import type { AgentClock } from './clock.ts';

/**
 * Signs node requests (docs/node-protocol.md). The server accepts a node's request only if its timestamp is newer
 * than the last one it accepted, so timestamps here strictly increase, even if the clock steps back a little or two
 * requests fall in one millisecond.
 */
export class RequestSigner {
  private readonly key: KeyObject;

  constructor(
    private readonly licenseKey: string,
    privateKeyPem: string,
    private readonly clock: AgentClock,
    /** the last timestamp used, e.g. restored from the state file */
    private last = 0,
  ) {
    this.key = createPrivateKey(privateKeyPem);
    if (this.key.asymmetricKeyType !== 'ec' || this.key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new Error('The private key must be an ECDSA P-256 key (as the NODR installer generates).');
    }
  }

  headers(rawBody: string): Record<string, string> {
    this.last = Math.max(this.clock.now(), this.last + 1);
    return nodeRequestHeaders(this.licenseKey, this.key, rawBody, this.last);
  }

  get lastTimestampMs(): number {
    return this.last;
  }
}
