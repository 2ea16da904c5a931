import type { StatsPeriod } from '../../../contracts/stats-periods.ts';
import styles from './period-filter.module.css';

const OPTIONS: { value: StatsPeriod; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** spec 2: the Day / Week / Month filter, a segmented control built on native radio buttons. */
export function PeriodFilter({
  value,
  onChange,
}: {
  value: StatsPeriod;
  onChange: (value: StatsPeriod) => void;
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
