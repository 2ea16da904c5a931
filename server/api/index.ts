import type { FastifyPluginAsync } from 'fastify';
import { nodeProtocol } from '../node/index.ts';

/** The main API, mounted at /api/ (spec 7). */
export const apiService: FastifyPluginAsync = async (app) => {
  await app.register(nodeProtocol, { prefix: '/node' });
};
