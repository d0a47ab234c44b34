/** The drills page when open: its code, cards and scheduler load on first use. */
import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { drillsStore } from './drills-store';

const DrillsDialog = lazy(() => import('./DrillsDialog'));

export function DrillsPage() {
  const open = useStore(drillsStore, (s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DrillsDialog />
    </Suspense>
  );
}
