/**
 * The child process of tests/node/crash-safety.test.ts: opens the data folder as the server does (the lock, then
 * PGlite in its worker thread) and either writes until it is killed, printing each write once it is acknowledged,
 * or prints every written name and exits.
 * Usage: `node --import tsx tests/node/crash-writer.ts <dataDir> write <cycle>` | `... <dataDir> list`.
 */
import { like } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database.ts';
import { lockDataDir } from '../../server/db/lock.ts';
import { teams } from '../../server/db/schema.ts';

const [dataDir, mode, cycle] = process.argv.slice(2) as [string, 'write' | 'list', string?];
lockDataDir(dataDir);
const database = await openDatabase({ dataDir: `${dataDir}/pglite`, thread: 'worker' });

if (mode === 'list') {
  const rows = await database.db.select({ name: teams.name }).from(teams).where(like(teams.name, 'crash %'));
  process.stdout.write(`${JSON.stringify(rows.map((row) => row.name))}\n`);
  await database.close();
  process.exit(0);
}

process.stdout.write('ready\n');
// Two rows per transaction: after a crash both exist or neither does.
for (let write = 1; ; write++) {
  await database.db.transaction(async (tx) => {
    await tx.insert(teams).values({ name: `crash ${cycle} ${write} a` });
    await tx.insert(teams).values({ name: `crash ${cycle} ${write} b` });
  });
  process.stdout.write(`${write}\n`);
}
