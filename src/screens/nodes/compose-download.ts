import { downloadCompose } from '../../api/nodes.ts';
import { saveTextFile } from '../../shared/save-file.ts';

/** spec 9: the name the compose file is saved under. */
export const COMPOSE_FILE_NAME = 'docker-compose.yml';

/** Fetches the node's compose file and hands it to the browser as a download named docker-compose.yml. */
export async function saveComposeFile(teamId: number, nodeId: number): Promise<void> {
  saveTextFile(await downloadCompose(teamId, nodeId), COMPOSE_FILE_NAME, 'text/yaml');
}
