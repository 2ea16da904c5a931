import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The Dockerfile and compose.yaml are checked by the test command. hadolint is not packaged for Debian
 * 12 and no maintained npm linter exists for Dockerfiles, so these are the invariants a reviewer would check.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

describe('the Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const stages = steps.filter((step) => step.op === 'FROM');
  const final = steps.slice(steps.lastIndexOf(stages.at(-1)!));

  it('builds in one stage and runs from a fresh one, on pinned images', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.args).toMatch(/^[\w./-]+:\d[\w.-]*\s+AS\s+\w+$/i);
    expect(final.some((step) => step.op === 'COPY' && step.args.startsWith('--from='))).toBe(true);
    expect(steps.some((step) => step.op === 'RUN' && /\bnpm ci\b/.test(step.args))).toBe(true);
    expect(steps.some((step) => step.op === 'ADD')).toBe(false);
  });

  it('runs as an unprivileged user, checks /healthz and starts in exec form', () => {
    const users = final.filter((step) => step.op === 'USER').map((step) => step.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(final.find((step) => step.op === 'HEALTHCHECK')?.args).toContain('/healthz');
    for (const op of ['CMD', 'ENTRYPOINT'])
      for (const step of final.filter((s) => s.op === op)) expect(() => JSON.parse(step.args)).not.toThrow();
    expect(final.some((step) => step.op === 'CMD')).toBe(true);
  });

  it('leaves local folders out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const folder of ['node_modules', 'dist', 'data', '.git']) expect(ignored).toContain(folder);
  });
});

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: unknown;
  depends_on?: Record<string, { condition: string }>;
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
  const services = Object.entries(compose.services);
  const dashboards = services.filter(([, service]) => service.build !== undefined);
  const postgres = compose.services.postgres;
  const proxy = compose.services.proxy;

  it('runs two dashboard replicas built from the Dockerfile on the one PostgreSQL', () => {
    expect(dashboards).toHaveLength(2);
    for (const [, service] of dashboards) {
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(service.environment?.PUBLIC_URL).toMatch(/^https:\/\//);
      expect(service.environment?.TRUST_PROXY).toBe('1');
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      // Only the proxy is reachable from outside.
      expect(service.ports).toBeUndefined();
    }
  });

  it('keeps PostgreSQL on a volume with a health check, and no password in the file', () => {
    expect(postgres?.image).toMatch(/^postgres:\d/);
    expect(postgres?.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(postgres?.healthcheck).toBeDefined();
    expect(postgres?.ports).toBeUndefined();
    expect(postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('puts a TLS proxy in front that sends to every replica, once they are healthy', () => {
    expect(proxy?.ports).toEqual(expect.arrayContaining(['443:443']));
    const config = proxy?.volumes
      ?.map((volume) => volume.split(':')[0]!)
      .find((file) => file.startsWith('./'));
    const caddyfile = read(config!);
    for (const [name] of dashboards) {
      expect(caddyfile).toContain(`${name}:8080`);
      expect(proxy?.depends_on?.[name]?.condition).toBe('service_healthy');
    }
    expect(caddyfile).toContain('health_uri /readyz');
  });
});
