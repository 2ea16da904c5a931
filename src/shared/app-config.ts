import { boolean, create, type Infer, nullable, optional, string, type } from 'superstruct';

export const AppConfigStruct = type({
  maintenance: boolean(),
  // Optional: a server older than the web app does not send it.
  maintenanceUntil: optional(nullable(string())),
  supportEmail: string(),
  installerUrl: string(),
  authBase: string(),
  apiBase: string(),
  statsBase: string(),
});

export type AppConfig = Infer<typeof AppConfigStruct>;

/** Read once at start from the server: the maintenance flag, the three service bases, support contact. */
export async function loadAppConfig(): Promise<AppConfig> {
  const response = await fetch('/app-config.json', { credentials: 'include' });
  return create(await response.json(), AppConfigStruct);
}
