import {
  SAMPLE_CDN_MIB,
  SAMPLE_CDN_USERS,
  SAMPLE_P2P_MIB,
  SAMPLE_P2P_USERS,
  SAMPLE_RUNS,
} from './sample-stats.data.ts';

/** spec 3: the older statistics point, used by the built-in sample data. */
export interface LegacyStatPoint {
  /** Unix seconds. */
  datePoint: number;
  /** Bytes taken from the CDN. */
  cdnDwSize: number;
  cdnUsersCount: number;
  /** Bytes delivered peer-to-peer. */
  p2pDwSize: number;
  p2pUsersCount: number;
}

/** spec 1: the sample lies between these Unix seconds; its points are 60 s apart (spec 9). */
export const SAMPLE_FIRST_SECOND = 1_648_476_720;
export const SAMPLE_LAST_SECOND = 1_648_526_520;
export const SAMPLE_STEP_SECONDS = 60;

const MIB = 1_048_576;

/**
 * The built-in sample statistics of spec 1, decoded from the compact module that
 * scripts/generate-sample-stats.ts wrote once: 500 one-minute points from 14:12 UTC on 28 March 2022, with a
 * 12-minute gap (a collector restart) after the 300th, so the sample also shows how a gap is drawn.
 */
export function samplePoints(): LegacyStatPoint[] {
  const points: LegacyStatPoint[] = [];
  for (const [offset, length] of SAMPLE_RUNS) {
    for (let minute = offset; minute < offset + length; minute += 1) {
      const index = points.length;
      points.push({
        datePoint: SAMPLE_FIRST_SECOND + minute * SAMPLE_STEP_SECONDS,
        cdnDwSize: (SAMPLE_CDN_MIB[index] ?? 0) * MIB,
        cdnUsersCount: SAMPLE_CDN_USERS[index] ?? 0,
        p2pDwSize: (SAMPLE_P2P_MIB[index] ?? 0) * MIB,
        p2pUsersCount: SAMPLE_P2P_USERS[index] ?? 0,
      });
    }
  }
  return points;
}
