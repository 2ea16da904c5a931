/**
 * Node status codes (spec 4 and 9) with their meaning: the one place a status number is written. Every other module
 * compares with these names, never with a bare number.
 */
export const NODE_STATUS = {
  /** Being configured: its sub-state comes from the hardware check (spec 4). */
  configuring: 1,
  active: 10,
  inactive: 20,
  /** Inactive variants (spec 4). */
  inactiveVariant30: 30,
  inactiveVariant40: 40,
  deleted: 50,
} as const;

/** spec 4: statistics group statuses as Active, Inactive and Deleted. */
export const INACTIVE_STATUSES: readonly number[] = [
  NODE_STATUS.inactive,
  NODE_STATUS.inactiveVariant30,
  NODE_STATUS.inactiveVariant40,
];

/** spec 9: the statistics set covers these statuses. */
export const STATISTICS_STATUSES: readonly number[] = [
  NODE_STATUS.active,
  ...INACTIVE_STATUSES,
  NODE_STATUS.deleted,
];

export const isInactiveStatus = (status: number): boolean => INACTIVE_STATUSES.includes(status);
