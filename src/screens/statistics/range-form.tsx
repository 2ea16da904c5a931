import { type FormEvent, useState } from 'react';
import { type CustomRange, rangeProblem } from '../../machines/statistics/statistics.range.ts';
import { Button } from '../../ui/button.tsx';
import styles from './range-form.module.css';

/** The custom range's From and To dates (UTC, both included), shown when the period filter is on Custom. */
export function RangeForm({ range, onApply }: { range: CustomRange; onApply: (range: CustomRange) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { from, to };
    const found = rangeProblem(next);
    setProblem(found);
    if (!found) onApply(next);
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Custom range" noValidate>
      <label className={styles.field}>
        <span>From (UTC)</span>
        <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} required />
      </label>
      <label className={styles.field}>
        <span>To (UTC)</span>
        <input type="date" value={to} onChange={(event) => setTo(event.target.value)} required />
      </label>
      <Button type="submit" variant="secondary">
        Show
      </Button>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
