import { useId, useRef } from 'react';
import { CONFIG_STATUS } from '../../../contracts/node-rules.ts';
import type { Config } from '../../api/nodes.ts';
import { formatBitRate, formatBytes } from '../../lib/format.ts';
import { IconButton } from '../../ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import styles from './config-carousel.module.css';

export interface ConfigCarouselProps {
  configs: Config[];
  selectedId: number | null;
  onSelect: (configId: number) => void;
  legend: string;
}

/**
 * The configuration carousel (spec 2): one card per configuration, chosen like a radio button. Only status 10 can be
 * chosen (spec 5); the others are marked 'Coming soon'. Arrow buttons scroll the row; it also scrolls by touch.
 */
export function ConfigCarousel({ configs, selectedId, onSelect, legend }: ConfigCarouselProps) {
  const name = useId();
  const labelId = useId();
  const trackId = useId();
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => {
    const row = track.current;
    if (row) row.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <div className={styles.carousel}>
      <div className={styles.top}>
        <span id={labelId} className={styles.legend}>
          {legend}
        </span>
        <span className={styles.controls}>
          <IconButton label="Previous configurations" aria-controls={trackId} onClick={() => scroll(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton label="Next configurations" aria-controls={trackId} onClick={() => scroll(1)}>
            <ChevronRightIcon />
          </IconButton>
        </span>
      </div>
      <div className={styles.track} id={trackId} ref={track} role="radiogroup" aria-labelledby={labelId}>
        {configs.map((config) => {
          const available = config.status === CONFIG_STATUS.available;
          return (
            <label key={config.id} className={`${styles.card} ${available ? '' : styles.soon}`}>
              <input
                type="radio"
                className={styles.radio}
                name={name}
                value={config.id}
                checked={selectedId === config.id}
                disabled={!available}
                onChange={() => onSelect(config.id)}
              />
              <span className={styles.head}>
                <span className={styles.name}>{config.name}</span>
                {!available && <span className={styles.badge}>Coming soon</span>}
              </span>
              <span className={styles.specs}>
                <Spec term="HDD" value={formatBytes(config.storage)} />
                <Spec term="RAM" value={formatBytes(config.ram)} />
                <Spec term="Bandwidth" value={formatBitRate(config.bandwidth)} />
                <Spec term="IP type" value={config.ip_type} />
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}

function Spec({ term, value }: { term: string; value: string }) {
  return (
    <span className={styles.spec}>
      <span className={styles.term}>{term}</span>
      <span className={styles.value}>{value}</span>
    </span>
  );
}
