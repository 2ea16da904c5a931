const slotFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** A bucket's start for tooltips and labels, in UTC like the chart axes: '28 March 2022, 14:12 UTC'. */
export function formatSlotTime(seconds: number): string {
  return `${slotFormat.format(new Date(seconds * 1000)).replace(' at ', ', ')} UTC`;
}
