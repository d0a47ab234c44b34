/**
 * The interview drills and misconception cards, loaded on first use (`virtual:drills` is its own
 * chunk: the page's first load does not carry twenty cards of text). A failed load (offline,
 * a redeploy replaced the chunk) can be retried.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Drill, MisconceptionCard } from '../../lesson-runtime/drill-schema';

export interface DrillBundle {
  drills: Drill[];
  cards: MisconceptionCard[];
  /** The manifests the demonstrations apply, by name. */
  files: Record<string, string>;
}

let loading: Promise<DrillBundle> | undefined;

export function loadDrillBundle(): Promise<DrillBundle> {
  if (!loading) {
    const p = import('virtual:drills').then((m) => m.default);
    loading = p;
    p.catch(() => {
      if (loading === p) loading = undefined;
    });
  }
  return loading;
}

export function useDrillBundle(): { bundle: DrillBundle | undefined; error: string | undefined; retry: () => void } {
  const [bundle, setBundle] = useState<DrillBundle>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadDrillBundle().then(
      (b) => live && setBundle(b),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setError(undefined);
    setAttempt((a) => a + 1);
  }, []);
  return { bundle, error, retry };
}
