/**
 * The statistics configuration list's limit (spec 4 and 7): the saved blob is the statistics screen's tabs and node
 * selection, a few hundred bytes for a team's nodes; 16 KiB is far more than it needs and bounds what a caller can
 * store. The server refuses a larger body with 413 `too_large` and this message.
 */
export const STAT_SETTINGS_LIMIT = {
  bytes: 16 * 1024,
  message: 'The statistics settings are limited to 16 KiB.',
} as const;
