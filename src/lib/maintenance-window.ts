import { MAINTENANCE_MESSAGES, MAINTENANCE_PRESETS } from '../../contracts/node-maintenance.ts';

/** A quick choice of the maintenance dialog (its label), or a custom end. */
export type MaintenanceChoice = (typeof MAINTENANCE_PRESETS)[number]['label'] | 'custom';

/** What the maintenance dialog holds: times as `<input type="datetime-local">` gives them, read as UTC. */
export interface MaintenanceDraft {
  choice: MaintenanceChoice;
  /** The custom end, "2026-05-04T14:30". */
  endInput: string;
  /** Whether the window starts later than now, at `startInput`. */
  scheduled: boolean;
  startInput: string;
}

/** The body of the maintenance call. */
export interface MaintenanceRequest {
  startsAt?: string;
  endsAt: string;
}

/** A datetime-local value read as UTC, like every time the dashboard shows; null when it is not one. */
function utc(input: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(input)) return null;
  const at = new Date(`${input}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A datetime-local value (UTC) for a moment: what the custom fields start with. */
export const utcInput = (at: Date) => at.toISOString().slice(0, 16);

/**
 * The body of the maintenance call for a draft at `now`: a preset runs from the start (now, or the scheduled one)
 * for its length. The server checks the rest of the rules (end after start, in the future, at most 7 days).
 */
export function maintenanceRequest(
  draft: MaintenanceDraft,
  now: Date,
): MaintenanceRequest | { error: string } {
  const start = draft.scheduled ? utc(draft.startInput) : now;
  if (!start) return { error: MAINTENANCE_MESSAGES.invalidTime };
  const preset = MAINTENANCE_PRESETS.find((option) => option.label === draft.choice);
  const end = preset ? new Date(start.getTime() + preset.ms) : utc(draft.endInput);
  if (!end) return { error: MAINTENANCE_MESSAGES.invalidTime };
  return {
    ...(draft.scheduled && { startsAt: start.toISOString() }),
    endsAt: end.toISOString(),
  };
}
