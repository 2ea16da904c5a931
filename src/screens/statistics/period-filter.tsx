import type { StatsPeriod } from '../../../contracts/stats-periods.ts';
import { STATS_RANGE } from '../../../contracts/stats-range.ts';
import styles from './period-filter.module.css';

/** What the filter shows: a period of the spec, or the custom range. */
export type StatsViewChoice = StatsPeriod | typeof STATS_RANGE;

const OPTIONS: { value: StatsViewChoice; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: STATS_RANGE, label: 'Custom' },
];

/**
 * spec 2: the Day / Week / Month filter, a segmented control built on native radio buttons, with Custom beside
 * them (a range of dates, docs/web-statistics.md).
 */
export function PeriodFilter({
  value,
  onChange,
}: {
  value: StatsViewChoice;
  onChange: (value: StatsViewChoice) => void;
}) {
  return (
    <fieldset className={styles.filter}>
      <legend className="visually-hidden">Period</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name="statistics-period"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
