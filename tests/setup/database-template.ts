import { createDatabaseTemplate, TEMPLATE_VARIABLE } from '../helpers/database.ts';

/**
 * Global set-up of the server project: one migrated and seeded database for the whole run, which each test file
 * copies (tests/helpers/database.ts). Building it once instead of once per file saves PGlite's initdb and every
 * migration per file.
 */
export async function setup() {
  const template = await createDatabaseTemplate();
  process.env[TEMPLATE_VARIABLE] = template.ref;
  return async () => {
    delete process.env[TEMPLATE_VARIABLE];
    await template.dispose();
  };
}
