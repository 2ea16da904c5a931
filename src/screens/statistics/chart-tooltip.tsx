import { type ChartColour, type ChartTheme, paint } from './chart-theme.ts';
import { formatSlotTime } from './time-format.ts';
import styles from './time-series-chart.module.css';

export interface TooltipState {
  /** The pointer's x in the chart, and the chart's width, to keep the box inside it. */
  x: number;
  width: number;
  /** The bucket's start, Unix seconds. */
  time: number;
  /** Said under the time: the bucket is still filling. */
  note?: string;
  rows: { key: string; name: string; colour: ChartColour; value: number; text: string }[];
}

const BOX_WIDTH = 220;

/** The crosshair's tooltip: the bucket's time and each series' exact value there. */
export function ChartTooltip({ state, theme }: { state: TooltipState; theme: ChartTheme }) {
  const right = state.x + 16 + BOX_WIDTH > state.width;
  const left = right ? Math.max(0, state.x - 16 - BOX_WIDTH) : state.x + 16;
  return (
    <div className={styles.tooltip} style={{ left, width: BOX_WIDTH }} aria-hidden="true">
      <div className={styles.tooltipTime}>{formatSlotTime(state.time)}</div>
      {state.note && <div className={styles.tooltipNote}>{state.note}</div>}
      {state.rows.map((row) => (
        <div key={row.key} className={styles.tooltipRow}>
          <span className={styles.swatch} style={{ background: paint(theme, row.colour) }} />
          <span className={styles.tooltipName}>{row.name}</span>
          <span className={styles.tooltipValue}>{row.text}</span>
        </div>
      ))}
    </div>
  );
}
