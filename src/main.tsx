import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { configureApi } from './api/client.ts';
import { watchForDevTools } from './app/dev-warning.ts';
import { AppRoutes } from './app/routes.tsx';
import { notifyRoleChanged, notifySessionEnded } from './app/session-ended.ts';
import { MaintenanceScreen } from './screens/maintenance/maintenance-screen.tsx';
import { type AppConfig, loadAppConfig } from './shared/app-config.ts';
import { AppConfigProvider } from './shared/app-config-context.tsx';
import { setInspector } from './shared/inspect.ts';
import { applyThemeChoice, followThemeChanges, readThemeChoice } from './shared/theme.ts';
import './styles/global.css';

const fallbackConfig: AppConfig = {
  maintenance: false,
  maintenanceUntil: null,
  supportEmail: 'support@nodr.example',
  installerUrl: '/install/nodr-install.sh',
  authBase: '/auth/',
  apiBase: '/api/',
  statsBase: '/stats/',
};

async function start(): Promise<void> {
  // public/theme-init.js applied the theme before the first paint; from here the app keeps it up to date.
  applyThemeChoice(readThemeChoice());
  followThemeChanges();
  const config = await loadAppConfig().catch(() => fallbackConfig);
  configureApi({
    bases: { auth: config.authBase, api: config.apiBase, stats: config.statsBase },
    onSessionEnded: notifySessionEnded,
    onReadOnly: notifyRoleChanged,
  });
  watchForDevTools();
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    setInspector(createBrowserInspector().inspect);
  }
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <AppConfigProvider config={config}>
        {config.maintenance ? (
          <MaintenanceScreen />
        ) : (
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        )}
      </AppConfigProvider>
    </StrictMode>,
  );
}

void start();
