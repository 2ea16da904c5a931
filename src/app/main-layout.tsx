import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../shared/paths.ts';
import { useSession } from '../shared/session-context.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { BrandMark } from '../ui/brand.tsx';
import { ChartIcon, LogoutIcon, ServerIcon, SettingsIcon } from '../ui/icons.tsx';
import { Loader } from '../ui/loader.tsx';
import { LiveUpdatesProvider } from './live-updates.tsx';
import styles from './main-layout.module.css';
import { useAcceptPendingInvitation } from './pending-invitation.ts';
import { ThemeSwitch } from './theme-switch.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

/** spec 9: the layout loader shows for about 0.4 s. */
export const LAYOUT_LOADER_MS = 400;

/** /integration shows My NODR and the add-node flow belongs to it: the My NODR link is active on all three. */
const MY_NODR_PATHS: readonly string[] = [paths.myNodr, paths.integration, paths.addNodr];

/**
 * spec 2, Main layout: a short loader, then the sidebar (first team's name, Statistics, My NODR, Settings, Logout)
 * and the header (avatar linking to /settings) around the guarded screens. Lives inside RequireSession.
 * Screens inside it render no <main> of their own: the layout's <main> holds them.
 */
export function MainLayout() {
  const { user, teamId, logout, recheck } = useSession();
  useAcceptPendingInvitation(recheck);
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), LAYOUT_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);

  const fullName = [user.name, user.surname].filter(Boolean).join(' ') || user.email;
  const linkClass = (active: boolean) => `${styles.link} ${active ? styles.active : ''}`;
  const myNodrActive = MY_NODR_PATHS.includes(pathname);

  return (
    <div className={`${styles.shell} ${ready ? styles.ready : styles.loading}`}>
      <a className={styles.skip} href="#content">
        Skip to content
      </a>
      <nav className={styles.sidebar} aria-label="Main">
        <div className={styles.logo}>
          <BrandMark />
          NODR
        </div>
        <WorkspaceSwitcher />
        <ul className={styles.links}>
          <li>
            <NavLink to={paths.statistics} className={({ isActive }) => linkClass(isActive)}>
              <ChartIcon />
              Statistics
            </NavLink>
          </li>
          <li>
            <Link
              to={paths.myNodr}
              className={linkClass(myNodrActive)}
              aria-current={myNodrActive ? 'page' : undefined}
            >
              <ServerIcon />
              My NODR
            </Link>
          </li>
          <li>
            <NavLink to={paths.settings} className={({ isActive }) => linkClass(isActive)}>
              <SettingsIcon />
              Settings
            </NavLink>
          </li>
        </ul>
        <button
          type="button"
          className={styles.logout}
          disabled={leaving}
          aria-busy={leaving || undefined}
          onClick={() => {
            setLeaving(true);
            logout();
          }}
        >
          <LogoutIcon />
          Logout
        </button>
      </nav>
      <header className={styles.header}>
        <div className={styles.headerBrand}>
          <BrandMark size={28} />
          <WorkspaceSwitcher place="header" />
        </div>
        <span className={styles.greeting}>Signed in as {user.email}</span>
        <div className={styles.tools}>
          <ThemeSwitch />
          <Link to={paths.settings} className={styles.profile} aria-label={`Profile settings of ${fullName}`}>
            <span className={styles.profileName}>{fullName}</span>
            <Avatar image={user.image} size={36} name={fullName} label="" />
          </Link>
        </div>
      </header>
      <main id="content" className={styles.content} tabIndex={-1}>
        {ready ? (
          // spec 4: one live-updates stream for every screen of the signed-in layout.
          // A switch of workspace starts the stream and every screen again on the new team.
          <LiveUpdatesProvider key={teamId}>
            <Suspense fallback={<Loader label="Loading the page" />}>
              <Outlet />
            </Suspense>
          </LiveUpdatesProvider>
        ) : (
          <div className={styles.overlay}>
            <Loader />
          </div>
        )}
      </main>
    </div>
  );
}
