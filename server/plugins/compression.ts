import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this gain too little from compression to pay for it. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encodings answers are compressed with, the client's preference first and brotli on a tie. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Brotli's quality 4: its highest levels cost far more time than they save bytes on answers made per request. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * API answers compressed on the fly (brotli, then gzip). Register it before the routes: the plugin attaches itself
 * to each route as it is added. Event streams are hijacked, so they never pass through it; text/event-stream is
 * also outside its compressible types. An answer sent already encoded (sendPrecompressed) passes through untouched.
 */
export const compression = fp(async (app) => {
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
  });
});

/**
 * The encoding to answer a request with, chosen as the compression plugin chooses it: `*` and `x-gzip` stand for
 * gzip (RFC 9110, 12.5.3), `identity` or nothing acceptable means none.
 */
function encodingFor(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return ENCODINGS.find((encoding) => encoding === chosen);
}

/**
 * An answer held as bytes once, with each compressed form made the first time a client asks for it: an answer served
 * many times (a cached statistics answer) is then encoded and compressed once, not per request.
 */
export class PrecompressedBody {
  readonly identity: Buffer;
  private readonly forms = new Map<Encoding, Buffer>();

  constructor(text: string) {
    this.identity = Buffer.from(text, 'utf8');
  }

  /** The bytes held, every form made so far included. */
  get size(): number {
    let size = this.identity.length;
    for (const form of this.forms.values()) size += form.length;
    return size;
  }

  /** The answer in `encoding`, compressed now if this is the first time. */
  encoded(encoding: Encoding): Buffer {
    let form = this.forms.get(encoding);
    if (!form) {
      form = encoding === 'br' ? brotliCompressSync(this.identity, BROTLI_OPTIONS) : gzipSync(this.identity);
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/** Adds `value` to the reply's Vary header unless it is there. */
function varyOn(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  const names = list.toLowerCase().split(/\s*,\s*/u);
  if (!names.includes(value.toLowerCase()) && !names.includes('*')) {
    reply.header('vary', list ? `${list}, ${value}` : value);
  }
}

/** Sends `body` in the encoding the request accepts, by the compression plugin's rules, from its held forms. */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
): FastifyReply {
  if (body.identity.length < COMPRESS_THRESHOLD_BYTES) return reply.send(body.identity);
  varyOn(reply, 'accept-encoding');
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}
