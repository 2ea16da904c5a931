import { useId, useState } from 'react';
import { groupOf, type StatGroup, type StatNode } from '../../machines/statistics/statistics.selection.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import styles from './node-picker.module.css';

const GROUPS: { group: StatGroup; title: string }[] = [
  { group: 'active', title: 'Active' },
  { group: 'inactive', title: 'Inactive' },
  { group: 'deleted', title: 'Deleted' },
];

export interface NodePickerProps {
  nodes: readonly StatNode[];
  selected: readonly number[];
  /** Nodes that joined the selection since the last visit (they became active): marked as new. */
  fresh?: readonly number[];
  onToggle: (id: number) => void;
  onToggleGroup: (group: StatGroup) => void;
}

/** The last characters of a license key, to tell apart nodes of the same name. */
function keyHint(licenseKey: string): string {
  return licenseKey.length > 8 ? `…${licenseKey.slice(-6)}` : licenseKey;
}

/** spec 2: the collapsible 'All traffic' list, grouped Active / Inactive / Deleted, a checkbox per node. */
export function NodePicker({ nodes, selected, fresh = [], onToggle, onToggleGroup }: NodePickerProps) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const chosen = nodes.filter((node) => selected.includes(node.id)).length;
  return (
    <section className={styles.picker} aria-label="Nodes">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.title}>All traffic</span>
        <span className={styles.count}>
          {chosen} of {nodes.length} selected
        </span>
        <ChevronDownIcon className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      <div id={listId} className={styles.groups} hidden={!open}>
        {GROUPS.map(({ group, title }) => {
          const members = nodes.filter((node) => groupOf(node.status) === group);
          const allChosen = members.length > 0 && members.every((node) => selected.includes(node.id));
          return (
            <fieldset key={group} className={styles.group}>
              <legend className={styles.legend}>
                <span className={`${styles.dot} ${styles[group]}`} aria-hidden="true" />
                {title}
                <span className={styles.groupCount}>{members.length}</span>
              </legend>
              {members.length === 0 ? (
                <p className={styles.empty}>No key</p>
              ) : (
                <>
                  <button type="button" className={styles.groupAction} onClick={() => onToggleGroup(group)}>
                    {allChosen ? `Clear ${title.toLowerCase()}` : `Select all ${title.toLowerCase()}`}
                  </button>
                  <ul className={styles.list}>
                    {members.map((node) => (
                      <li key={node.id}>
                        <label className={styles.node}>
                          <input
                            type="checkbox"
                            checked={selected.includes(node.id)}
                            onChange={() => onToggle(node.id)}
                          />
                          <span className={styles.name}>{node.name.trim() || 'Untitled'}</span>
                          <span className={styles.key}>{keyHint(node.licenseKey)}</span>
                          {fresh.includes(node.id) && (
                            <span className={styles.fresh}>
                              New<span className="visually-hidden"> since your last visit</span>
                            </span>
                          )}
                        </label>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}
