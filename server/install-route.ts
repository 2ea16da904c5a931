import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, fileAnswer } from './lib/answer-schemas.ts';

/** The node installer, served at a stable path so the add-node flow can link to it (INSTALLER_URL). */
export const INSTALLER_PATH = '/install/nodr-install.sh';

const installerFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../installer/nodr-install.sh',
);

/** GET /install/nodr-install.sh: the installer as a shell script, read once at start. */
export const installRoute: FastifyPluginAsyncTypebox = async (app) => {
  const script = fs.readFileSync(installerFile, 'utf8');
  const schema = {
    summary: 'The node installer script',
    response: answers({ 200: fileAnswer('text/x-shellscript', 'nodr-install.sh') }),
  };
  app.get(INSTALLER_PATH, { schema }, async (_request, reply) => {
    reply
      .type('text/x-shellscript; charset=utf-8')
      .header('content-disposition', 'inline; filename="nodr-install.sh"')
      .header('cache-control', 'no-cache');
    return script;
  });
};
