import { useId, useState } from 'react';
import { nodeColour } from './chart-theme.ts';
import styles from './per-node-table.module.css';
import type { NamedNodeSeries } from './statistics-charts.tsx';
import { summaryOf } from './summary-tiles.tsx';

/** The columns after the node's name: the tiles' figures (same units), by the tile's key. */
const COLUMNS = [
  { tile: 'uplink', title: 'Uplink' },
  { tile: 'delivered', title: 'Delivered' },
  { tile: 'input', title: 'Input' },
  { tile: 'quality', title: 'Quality' },
  { tile: 'ratio', title: 'D/I' },
] as const;

const TITLE = 'Per-node figures';

/**
 * Under the totals, a disclosure that opens each selected node's totals over the window: the same figures as the
 * tiles, worked out the same way (summaryOf), one row per node.
 */
export function PerNodeTable({ nodes }: { nodes: readonly NamedNodeSeries[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className={styles.perNode}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" className={styles.chevron} data-open={open || undefined}>
          ›
        </span>
        {TITLE}
      </button>
      <div id={panelId} hidden={!open}>
        {/* A phone scrolls the table sideways: the region takes the keyboard focus so the arrows scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
        <section className={styles.panel} aria-label={`${TITLE}, scrollable`} tabIndex={0}>
          <table className={styles.table} aria-label={TITLE}>
            <thead>
              <tr>
                <th scope="col">Node</th>
                {COLUMNS.map((column) => (
                  <th key={column.tile} scope="col">
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {nodes.map((node) => {
                const figures = new Map(summaryOf(node.series).map((tile) => [tile.key, tile.value]));
                return (
                  <tr key={node.id}>
                    <td className={styles.name}>
                      <span
                        className={styles.swatch}
                        style={{ background: nodeColour(node.id) }}
                        aria-hidden="true"
                      />
                      {node.name}
                    </td>
                    {COLUMNS.map((column) => (
                      <td key={column.tile} className={styles.figure}>
                        {figures.get(column.tile)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
    </section>
  );
}
