import { createAgent } from './create.ts';
import { parseAgentOptions, USAGE, UsageError } from './options.ts';

/** The node agent's command line (docs/agent.md): `npx tsx agent/main.ts --server URL --key FILE --license KEY`. */
async function main(): Promise<void> {
  let options: ReturnType<typeof parseAgentOptions>;
  try {
    options = parseAgentOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.info(USAGE);
    return;
  }
  const agent = await createAgent(options);
  const stop = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop.abort());
  console.info(
    `NODR agent: ${options.simulate ? 'simulated host and traffic' : 'measuring this host'}, ` +
      `server ${options.apiUrl}, state in ${options.stateDir}`,
  );
  await agent.run(stop.signal);
}

main().catch((error: Error) => {
  console.error(`NODR agent: ${error.message}`);
  process.exit(1);
});
