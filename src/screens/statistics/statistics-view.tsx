import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { STATS_RANGE } from '../../../contracts/stats-range.ts';
import {
  isLoadingStat,
  isSavingTabs,
  isStatError,
  type StatisticsSnapshot,
  selectedKeys,
  statisticsMachine,
} from '../../machines/statistics/statistics.machine.ts';
import { addressOfRange, rangeFromAddress, recentRange } from '../../machines/statistics/statistics.range.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { paths } from '../../shared/paths.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { ExportButton, exportUnavailable } from './export-button.tsx';
import type { CsvExport } from './export-csv.ts';
import { NodePicker } from './node-picker.tsx';
import { PerNodeTable } from './per-node-table.tsx';
import { PeriodFilter } from './period-filter.tsx';
import { RangeForm } from './range-form.tsx';
import { StatisticsCharts } from './statistics-charts.tsx';
import styles from './statistics-screen.module.css';
import { StatisticsSkeleton } from './statistics-skeleton.tsx';
import { SummaryTiles } from './summary-tiles.tsx';
import { useChartTheme } from './use-chart-theme.ts';

/** spec 8 and 4: the texts of the Statistics screen, quoted exactly. */
export const STATISTICS_TEXT = {
  choose: 'Please choose at least one NODR in the list to see stats',
  failed: 'Sorry, something went wrong... Please try again later',
  noNodesTitle: 'You have added an active node',
  noNodesBody: 'You can make any settings and changes on it in the section',
} as const;

const PERIOD_NAME = { day: 'Day', week: 'Week', month: 'Month' } as const;

/**
 * The Statistics screen for a user and team: renders the statistics machine and sends it the person's choices.
 * `teamName` names the exported CSV file.
 */
export function StatisticsView({
  userId,
  teamId,
  teamName = '',
}: {
  userId: number;
  teamId: number;
  teamName?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The address holds a custom range so it can be shared; a bad one is ignored and the saved period shows.
  const [opening] = useState(() => rangeFromAddress(location.search));
  const [snapshot, send] = useAppActor(statisticsMachine, {
    input: { userId, teamId, range: opening, visible: document.visibilityState !== 'hidden' },
  });
  const theme = useChartTheme();
  // After an outage of the event stream the charts may be stale.
  useReconnected(() => send({ type: 'stats.reload' }));
  const { nodes, selected, filter, range, stat, sample, generation, perNode, nodeStat, compare } =
    snapshot.context;
  const previous = sample ? null : snapshot.context.previous;
  // The node names of the breakdown come from the list (spec 2: an unnamed node reads 'Untitled').
  const namedNodes =
    !sample && nodeStat
      ? nodeStat.map((node) => ({
          id: node.id,
          name: nodes.find((candidate) => candidate.id === node.id)?.name.trim() || 'Untitled',
          series: node.series,
        }))
      : null;
  const address = addressOfRange(range);
  useEffect(() => {
    if (location.search !== address) navigate({ search: address }, { replace: true });
  }, [address, location.search, navigate]);
  const loading = isLoadingStat(snapshot);
  const licenceKeys = selectedKeys(snapshot.context);
  // Only the team's own figures, once on screen, can be exported: not the sample, nor a load under way or failed.
  const exportable: CsvExport | null =
    stat && !sample && !loading && !isStatError(snapshot) && licenceKeys.length > 0
      ? { period: range ? STATS_RANGE : filter, teamId, team: teamName, licenceKeys, stat }
      : null;
  const unavailable = exportUnavailable({
    sample: sample || licenceKeys.length === 0,
    loading: loading || (!stat && !isStatError(snapshot)),
    failed: isStatError(snapshot),
  });

  // A hidden tab does not refresh its figures (statistics machine); it reads them again when shown.
  useEffect(() => {
    const onVisibility = () =>
      send({ type: 'page.visibility', visible: document.visibilityState !== 'hidden' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [send]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Statistics</h1>
          <p className={styles.subtitle}>
            Traffic, quality and deliver-to-input ratio of your NODRs. Times in UTC.
          </p>
        </div>
        <div className={styles.controls}>
          {isSavingTabs(snapshot) && (
            <span className={styles.saving} role="status">
              Saving…
            </span>
          )}
          <PeriodFilter
            value={range ? STATS_RANGE : filter}
            onChange={(next) =>
              next === STATS_RANGE
                ? send({ type: 'range.select', range: recentRange(Date.now() / 1000) })
                : send({ type: 'filter.select', filter: next })
            }
          />
          <label className={styles.switch}>
            <input type="checkbox" checked={perNode} onChange={() => send({ type: 'perNode.toggle' })} />
            Per node
          </label>
          <label className={styles.switch}>
            <input type="checkbox" checked={compare} onChange={() => send({ type: 'compare.toggle' })} />
            Compare with previous period
          </label>
          <ExportButton request={exportable} unavailable={unavailable} />
        </div>
      </header>
      {range && (
        <RangeForm
          key={`${range.from}/${range.to}`}
          range={range}
          onApply={(next) => send({ type: 'range.select', range: next })}
        />
      )}

      {snapshot.matches('starting') ? (
        <StatisticsSkeleton />
      ) : snapshot.matches('unavailable') ? (
        <Failure onRetry={() => send({ type: 'stats.reload' })} />
      ) : (
        <div className={styles.layout}>
          <aside className={styles.aside}>
            <NodePicker
              nodes={nodes}
              selected={selected}
              fresh={snapshot.context.fresh}
              onToggle={(id) => send({ type: 'node.toggle', id })}
              onToggleGroup={(group) => send({ type: 'group.toggle', group })}
            />
          </aside>
          <div className={styles.content}>
            <Notices snapshot={snapshot} onRetry={() => send({ type: 'stats.reload' })} />
            {stat && !isStatError(snapshot) ? (
              <div className={styles.results} aria-busy={loading || undefined}>
                {loading && (
                  <div className={styles.overlay}>
                    <Loader label="Loading statistics" />
                  </div>
                )}
                <SummaryTiles stat={stat} busy={loading} sample={sample} previous={previous} />
                {namedNodes && <PerNodeTable nodes={namedNodes} />}
                <StatisticsCharts
                  stat={stat}
                  theme={theme}
                  sample={sample}
                  generation={generation}
                  nodes={namedNodes}
                  previous={previous}
                  scope={
                    sample
                      ? 'sample data'
                      : `${range ? `${range.from} to ${range.to}` : PERIOD_NAME[filter]}, selected nodes`
                  }
                />
                <p className={styles.attribution}>
                  Charts by{' '}
                  <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
                    TradingView Lightweight Charts™
                  </a>
                </p>
              </div>
            ) : (
              loading && <StatisticsSkeleton />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** The messages above the charts: no nodes, nothing selected (sample data), a failed load. */
function Notices({ snapshot, onRetry }: { snapshot: StatisticsSnapshot; onRetry: () => void }) {
  if (isStatError(snapshot)) return <Failure onRetry={onRetry} />;
  if (snapshot.context.nodes.length === 0) {
    return (
      <div className={styles.notice}>
        <p className={styles.noticeTitle}>{STATISTICS_TEXT.noNodesTitle}</p>
        <p>
          {STATISTICS_TEXT.noNodesBody} <Link to={paths.myNodr}>My NODR</Link>
        </p>
      </div>
    );
  }
  // spec 4: with no node selected the sample data shows, with this message.
  if (selectedKeys(snapshot.context).length === 0) {
    return (
      <p className={styles.notice} role="status">
        {STATISTICS_TEXT.choose}
      </p>
    );
  }
  return null;
}

function Failure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.failure} role="alert">
      <p>{STATISTICS_TEXT.failed}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
