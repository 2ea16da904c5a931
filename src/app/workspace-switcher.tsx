import { useId, useState } from 'react';
import { switchWorkspace } from '../api/teams.ts';
import { roleName } from '../lib/role-name.ts';
import { useSession } from '../shared/session-context.tsx';
import styles from './main-layout.module.css';

/**
 * The sidebar's workspace (spec 2: the first team's name). A member of several teams picks one here:
 * PUT v1/user/{id}/workspace makes it TeamsRender's first on the server (remembered per user), the session is checked
 * again, and every screen and the event stream start again on it. A native select, so the keyboard works as usual.
 * The sidebar holds it on wide screens; on a phone, where the sidebar is a tab bar, the header does (`place`).
 */
export function WorkspaceSwitcher({ place = 'sidebar' }: { place?: 'sidebar' | 'header' }) {
  const { user, teamId, recheck } = useSession();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  const [failed, setFailed] = useState(false);
  const teams = user.TeamsRender;
  const current = teams[0]?.name || 'My workspace';

  if (teams.length < 2) {
    if (place === 'header') return <span>{current}</span>;
    return (
      <div className={styles.workspace}>
        <span className={styles.workspaceLabel}>Workspace</span>
        <span className={styles.workspaceName} title={current}>
          {current}
        </span>
      </div>
    );
  }
  return (
    <div className={place === 'header' ? styles.headerWorkspace : styles.workspace}>
      <label htmlFor={id} className={place === 'header' ? 'visually-hidden' : styles.workspaceLabel}>
        Workspace
      </label>
      <select
        id={id}
        className={styles.workspaceSelect}
        value={teamId}
        disabled={switching}
        aria-busy={switching || undefined}
        aria-describedby={failed ? `${id}-error` : undefined}
        onChange={(event) => {
          setSwitching(true);
          setFailed(false);
          switchWorkspace(user.id, Number(event.target.value))
            .then(() => recheck())
            .catch(() => setFailed(true))
            .finally(() => setSwitching(false));
        }}
      >
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name || 'My workspace'} ({roleName(team.role)})
          </option>
        ))}
      </select>
      {failed && (
        <p id={`${id}-error`} className={styles.workspaceError} role="alert">
          The workspace could not be changed. Please try again.
        </p>
      )}
    </div>
  );
}
