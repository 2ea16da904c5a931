import { enGB } from 'date-fns/locale';
import { formatInTimeZone } from 'date-fns-tz';

/** spec 2/9: the last password change in en-GB long format with hour and minute, in UTC: '4 March 2026, 15:06'. */
export function formatPasswordChange(iso: string): string {
  return formatInTimeZone(new Date(iso), 'UTC', 'd MMMM yyyy, HH:mm', { locale: enGB });
}
