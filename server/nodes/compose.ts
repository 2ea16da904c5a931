import { stringify } from 'yaml';
import type { Config } from '../config.ts';
import type { NodeRow } from './nodes.repository.ts';

/** Where the installer keeps the key pair on the host, relative to the compose file beside it. */
export const HOST_KEY_DIR = './keys';
/** Where the key folder appears inside the containers, read-only. */
export const CONTAINER_KEY_DIR = '/etc/nodr/keys';
/** The agent's queue of undelivered minutes, on a named volume so it survives re-creating the container. */
export const AGENT_STATE_DIR = '/var/lib/nodr-agent';

/**
 * The docker-compose.yml for one node (spec 7): the node software and, beside it, the node agent that
 * signs the hardware check, heartbeats and telemetry with the node's private key. Both run the configured image
 * (NODE_IMAGE); the agent is that image's `nodr-agent` command. The private key is mounted read-only, never copied.
 */
export function composeFile(config: Config, node: Pick<NodeRow, 'licenseKey' | 'domain'>): string {
  const environment = {
    NODR_LICENSE_KEY: node.licenseKey,
    NODR_API_URL: `${config.publicUrl}/api/node/`,
    NODR_DOMAIN: node.domain,
    NODR_KEY_DIR: CONTAINER_KEY_DIR,
    NODR_PRIVATE_KEY_FILE: `${CONTAINER_KEY_DIR}/private.pem`,
  };
  const volumes = [`${HOST_KEY_DIR}:${CONTAINER_KEY_DIR}:ro`];
  const document = {
    name: 'nodr',
    services: {
      nodr: { image: config.nodeImage, restart: 'unless-stopped', environment, volumes },
      agent: {
        image: config.nodeImage,
        command: ['nodr-agent'],
        restart: 'unless-stopped',
        // The host's network, so that the agent measures and reports the host's own public address.
        network_mode: 'host',
        environment: { ...environment, NODR_STATE_DIR: AGENT_STATE_DIR },
        volumes: [...volumes, `agent-state:${AGENT_STATE_DIR}`],
        depends_on: ['nodr'],
      },
    },
    volumes: { 'agent-state': {} },
  };
  // aliasDuplicateObjects off: each service spells its settings out, which reads better than YAML anchors.
  return `# NODR node ${node.domain}. Start with: docker compose up -d\n${stringify(document, { aliasDuplicateObjects: false })}`;
}
