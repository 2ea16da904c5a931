import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this gain too little from compression to pay for it. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers compressed on the fly (brotli, then gzip). Register it before the routes: the plugin attaches itself
 * to each route as it is added. Event streams are hijacked, so they never pass through it; text/event-stream is
 * also outside its compressible types.
 */
export const compression = fp(async (app) => {
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
});
