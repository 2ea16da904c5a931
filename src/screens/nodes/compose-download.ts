import { downloadCompose } from '../../api/nodes.ts';

/** spec 9: the name the compose file is saved under. */
export const COMPOSE_FILE_NAME = 'docker-compose.yml';

/** Fetches the node's compose file and hands it to the browser as a download named docker-compose.yml. */
export async function saveComposeFile(teamId: number, nodeId: number): Promise<void> {
  const text = await downloadCompose(teamId, nodeId);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/yaml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = COMPOSE_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
