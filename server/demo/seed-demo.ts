import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../accounts/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { randomToken } from '../lib/tokens.ts';
import { checkHardware, nodeDomain, parsePublicKey } from '../nodes/index.ts';
import { allConfigs, insertDemoNode, insertDemoWorkspace } from './demo.repository.ts';
import { DEMO_EMAIL, DEMO_NODES } from './demo-data.ts';

/** What the demo keeps in DATA_DIR/demo/: the sign-in details, and the active node's license key. */
export interface DemoAccount {
  email: string;
  password: string;
  /** the active node's license key; its private key is active-node.pem beside this file */
  licenseKey: string;
}

export const demoFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'demo');
  return {
    dir,
    account: path.join(dir, 'account.json'),
    privateKey: path.join(dir, 'active-node.pem'),
    agentState: path.join(dir, 'agent'),
  };
};

export function readDemoAccount(dataDir: string): DemoAccount | undefined {
  try {
    return JSON.parse(fs.readFileSync(demoFiles(dataDir).account, 'utf8')) as DemoAccount;
  } catch {
    return undefined;
  }
}

/**
 * Creates the demo account, its team and three nodes (demo-data.ts) in one transaction. The files are written
 * first, so a crash between the two never leaves a demo nobody can sign in to. Returns the account and the nodes'
 * ids in DEMO_NODES order.
 */
export async function seedDemo(
  db: Db,
  config: Config,
  now: Date,
): Promise<{ account: DemoAccount; nodeIds: number[] }> {
  const files = demoFiles(config.dataDir);
  fs.rmSync(files.dir, { recursive: true, force: true });
  fs.mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const keys = DEMO_NODES.map(() => generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  const licenseKeys = DEMO_NODES.map(() => randomToken());
  const account: DemoAccount = { email: DEMO_EMAIL, password: randomToken(9), licenseKey: licenseKeys[0]! };
  fs.writeFileSync(files.privateKey, keys[0]!.privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  fs.writeFileSync(files.account, JSON.stringify(account, null, 2), { mode: 0o600 });
  const passwordHash = await hashPassword(account.password);

  const nodeIds = await db.transaction(async (tx) => {
    const teamId = await insertDemoWorkspace(
      tx,
      { email: DEMO_EMAIL, passwordHash, name: 'Demo', surname: 'Operator', changePasswordAt: now },
      'Demo workspace',
      10,
    );
    const configRows = await allConfigs(tx);
    const ids: number[] = [];
    for (const [index, demo] of DEMO_NODES.entries()) {
      const hardware = configRows.find((row) => row.id === demo.configId);
      if (!hardware) throw new Error(`The demo needs the seeded configuration ${demo.configId}.`);
      const key = parsePublicKey(String(keys[index]!.publicKey.export({ type: 'spki', format: 'pem' })));
      const licenseKey = licenseKeys[index]!;
      const id = await insertDemoNode(
        tx,
        {
          teamId,
          name: demo.name,
          status: demo.status,
          check: JSON.stringify(checkHardware(hardware, demo.report)),
          configId: hardware.id,
          publicKey: key.pem,
          publicKeyFingerprint: key.fingerprint,
          licenseKey,
          domain: nodeDomain(licenseKey, config.nodrDomain),
          storage: demo.report.storage,
          ram: demo.report.ram,
          ipAddress: demo.report.ip,
          os: demo.report.os,
          bandwidth: demo.report.bandwidth,
          createdAt: new Date(now.getTime() - demo.ageDays * 86_400_000),
        },
        new Date(now.getTime() - demo.lastSeenHoursAgo * 3_600_000),
      );
      ids.push(id);
    }
    return ids;
  });
  return { account, nodeIds };
}
