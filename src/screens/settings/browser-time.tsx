import { formatDateTime } from '../../lib/format.ts';
import { formatTimeAgo } from '../../lib/relative-time.ts';

/** A moment as "5 minutes ago", the exact UTC time in its tooltip and machine-readable attribute. */
export function TimeAgo({ value }: { value: string }) {
  const exact = `${formatDateTime(value)} (UTC)`;
  return (
    <time dateTime={value} title={exact}>
      {formatTimeAgo(value)}
    </time>
  );
}
