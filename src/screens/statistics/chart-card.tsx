import { type ReactNode, useId } from 'react';
import styles from './chart-card.module.css';
import { type ChartColour, type ChartTheme, paint } from './chart-theme.ts';

export interface LegendItem {
  key: string;
  name: string;
  colour: ChartColour;
}

export interface ChartCardProps {
  title: string;
  subtitle: string;
  legend: LegendItem[];
  theme: ChartTheme;
  /** The accessible name of the chart: what it shows and its totals, as text (the canvas itself is not readable). */
  description: string;
  actions?: ReactNode;
  /** Under the chart, outside its image role (the navigator is interactive). */
  footer?: ReactNode;
  badge?: string;
  children: ReactNode;
}

/** A chart panel: title, legend, the chart as an image with a text description, and optional controls. */
export function ChartCard({
  title,
  subtitle,
  legend,
  theme,
  description,
  actions,
  footer,
  badge,
  children,
}: ChartCardProps) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {title}
            {badge && <span className={styles.badge}>{badge}</span>}
          </h2>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      <ul className={styles.legend} aria-label={`${title} series`}>
        {legend.map((item) => (
          <li key={item.key} className={styles.legendItem}>
            <span
              className={styles.swatch}
              style={{ background: paint(theme, item.colour) }}
              aria-hidden="true"
            />
            {item.name}
          </li>
        ))}
      </ul>
      <div role="img" aria-label={description} className={styles.plot}>
        {children}
      </div>
      {footer}
    </section>
  );
}
