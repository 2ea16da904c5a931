import { createContext, type ReactNode, useContext } from 'react';
import type { AppConfig } from './app-config.ts';

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

/** The configuration the server gave at start (support e-mail, installer URL, service bases). */
export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig outside AppConfigProvider');
  return config;
}
