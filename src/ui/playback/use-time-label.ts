/**
 * The page's time labels in React: `T+…` counted from the handover of the cluster shown (the
 * store's `cluster.bootedAt`), the same base `sim trace` and `sim why` use.
 */
import { useCallback } from 'react';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { timeLabel } from './time-label';

const selectBootedAt = (s: AppState) => s.cluster.bootedAt;

export type TimeLabel = (at: number) => string;

export function useTimeLabel(): TimeLabel {
  const bootedAt = useApp(selectBootedAt);
  return useCallback((at: number) => timeLabel(at, bootedAt), [bootedAt]);
}
