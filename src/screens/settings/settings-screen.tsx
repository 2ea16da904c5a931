import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import styles from './settings.module.css';
import { SettingsMenu } from './settings-menu.tsx';
import { settingsPageOf } from './settings-pages.tsx';

/**
 * spec 2, Settings at /settings, inside the main layout (whose <main> holds it). Its sections are grouped in pages
 * (settings-pages.tsx), each at its own address under /settings, with a menu between them; /settings opens the first.
 */
export function SettingsScreen() {
  const { section } = useParams();
  const page = settingsPageOf(section);
  if (!page) return <Navigate to={paths.settings} replace />;
  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1>Settings</h1>
        <p>Your profile, sign-in details and account.</p>
      </header>
      <div className={styles.layout}>
        <SettingsMenu current={page.slug} />
        <div className={styles.column}>
          {page.sections.map((Section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a page's sections are a fixed list, never reordered
            <Section key={index} />
          ))}
        </div>
      </div>
    </div>
  );
}
