/**
 * Drives the bridge from animation frames. Frames stop in background tabs, which pauses the
 * simulation and the hang watchdog together: a starved worker is never mistaken for a dead one.
 */
export interface Tickable {
  tick(): void;
}

export function startFrameLoop(target: Tickable): () => void {
  let handle = 0;
  const frame = (): void => {
    target.tick();
    handle = requestAnimationFrame(frame);
  };
  handle = requestAnimationFrame(frame);
  return () => cancelAnimationFrame(handle);
}
