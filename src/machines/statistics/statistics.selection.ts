import { isInactiveStatus, NODE_STATUS, STATISTICS_STATUSES } from '../../../contracts/node-status.ts';
import { isStatsPeriod, type StatsPeriod } from '../../../contracts/stats-periods.ts';

/** A node as the statistics list needs it. */
export interface StatNode {
  id: number;
  name: string;
  status: number;
  licenseKey: string;
}

export type StatGroup = 'active' | 'inactive' | 'deleted';

/** spec 4: Active, Inactive (20, 30 or 40) and Deleted; other statuses (configuring, suspended) have no group. */
export function groupOf(status: number): StatGroup | null {
  if (status === NODE_STATUS.active) return 'active';
  if (isInactiveStatus(status)) return 'inactive';
  if (status === NODE_STATUS.deleted) return 'deleted';
  return null;
}

/** spec 9: the statistics set covers statuses 10, 20, 30, 40 and 50. */
export function statNodes<T extends StatNode>(nodes: readonly T[]): StatNode[] {
  return nodes
    .filter((node) => STATISTICS_STATUSES.includes(node.status))
    .map(({ id, name, status, licenseKey }) => ({ id, name, status, licenseKey }));
}

/** spec 2 and 9: the default selection is every active node. */
export function defaultSelection(nodes: readonly StatNode[]): number[] {
  return nodes.filter((node) => node.status === NODE_STATUS.active).map((node) => node.id);
}

/**
 * What the screen saves through the statistic settings calls (spec 4, 7): the tab (filter), the selection, and the
 * nodes that were active and deleted when it was saved, so that a later visit can tell what changed since.
 */
export interface SavedStatSettings {
  filter: StatsPeriod;
  selected: number[];
  active: number[];
  deleted: number[];
}

/** The settings restored for the nodes there are now; `fresh` are the nodes that joined the selection. */
interface RestoredStatSettings {
  filter: StatsPeriod;
  selected: number[];
  fresh: number[];
}

/** The settings to save: the choice, and what was active and deleted as the person saw it. */
export function settingsToSave(
  filter: StatsPeriod,
  selected: readonly number[],
  nodes: readonly StatNode[],
): SavedStatSettings {
  const idsWith = (status: number) => nodes.filter((node) => node.status === status).map((node) => node.id);
  return {
    filter,
    selected: [...selected],
    active: idsWith(NODE_STATUS.active),
    deleted: idsWith(NODE_STATUS.deleted),
  };
}

/**
 * The saved JSON text (spec 4: 'text parsed as JSON') turned back into a filter and a selection that fit the
 * nodes there are now. Anything unreadable falls back to the defaults: Day, every active node.
 *
 * The selection stays what the person chose as the nodes change: a node that became active after the save (added
 * or reactivated) joins it, and is `fresh` until the next save; a node deleted after the save leaves it, while a
 * node that was already deleted when it was chosen stays. Settings saved without those lists keep their selection.
 */
export function restoreSettings(text: string | null, nodes: readonly StatNode[]): RestoredStatSettings {
  const fallback: RestoredStatSettings = { filter: 'day', selected: defaultSelection(nodes), fresh: [] };
  const saved = parseObject(text);
  if (!saved) return fallback;
  const filter = isStatsPeriod(saved.filter) ? saved.filter : 'day';
  if (!Array.isArray(saved.selected)) return { ...fallback, filter };
  const wasActive = idList(saved.active);
  const wasDeleted = idList(saved.deleted);
  const deletedSince = (node: StatNode) =>
    node.status === NODE_STATUS.deleted && wasDeleted !== null && !wasDeleted.has(node.id);
  const kept = idList(saved.selected) ?? new Set<number>();
  const selected = nodes.filter((node) => kept.has(node.id) && !deletedSince(node)).map((node) => node.id);
  const fresh =
    wasActive === null
      ? []
      : defaultSelection(nodes).filter((id) => !wasActive.has(id) && !selected.includes(id));
  return { filter, selected: [...selected, ...fresh], fresh };
}

/** The numbers of a saved id list, or null when the list was not saved. */
function idList(value: unknown): Set<number> | null {
  if (!Array.isArray(value)) return null;
  return new Set(value.filter((id): id is number => typeof id === 'number'));
}

/** The text as a JSON object, or null. */
export function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Selects every node of the group, or clears the group when all of it is already selected. */
export function toggleGroup(
  selected: readonly number[],
  nodes: readonly StatNode[],
  group: StatGroup,
): number[] {
  const members = nodes.filter((node) => groupOf(node.status) === group).map((node) => node.id);
  const all = members.length > 0 && members.every((id) => selected.includes(id));
  if (all) return selected.filter((id) => !members.includes(id));
  return [...new Set([...selected, ...members])];
}
