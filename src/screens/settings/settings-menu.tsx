import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import styles from './settings-menu.module.css';
import { settingsPages } from './settings-pages.tsx';

/**
 * The menu between the pages of Settings: a list of links (the current one marked with aria-current) on wide screens,
 * a select on a phone. Only one of the two shows at a time.
 */
export function SettingsMenu({ current }: { current: string }) {
  const navigate = useNavigate();
  const selectId = useId();
  return (
    <>
      <nav className={styles.menu} aria-label="Settings">
        <ul>
          {settingsPages.map((page) => (
            <li key={page.slug}>
              <Link
                to={paths.settingsPage(page.slug)}
                className={styles.link}
                aria-current={page.slug === current ? 'page' : undefined}
              >
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.picker}>
        <label htmlFor={selectId}>Settings section</label>
        <select
          id={selectId}
          value={current}
          onChange={(event) => navigate(paths.settingsPage(event.target.value))}
        >
          {settingsPages.map((page) => (
            <option key={page.slug} value={page.slug}>
              {page.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
