/**
 * Drives the bridge from animation frames. Frames stop in background tabs, which pauses the
 * simulation and the hang watchdog together: a starved worker is never mistaken for a dead one.
 *
 * Frames run only while the target has work for them (playing, or answers awaited, which the
 * watchdog times): a paused page that requests frames anyway makes Chromium run a main frame
 * sixty times a second for nothing, a tenth to a fifth of a core on a laptop. The target wakes
 * the loop when it has work again.
 */
export interface Tickable {
  tick(): void;
  /** Whether the next frame has work: when false after a tick, frames stop until `wake`. */
  readonly wantsFrames: boolean;
  /** Registers the function that restarts the frames; the target calls it when work arrives. */
  onWake(wake: () => void): void;
}

export function startFrameLoop(target: Tickable): () => void {
  let handle = 0;
  let scheduled = false;
  const frame = (): void => {
    scheduled = false;
    target.tick();
    if (target.wantsFrames) wake();
  };
  const wake = (): void => {
    if (scheduled) return;
    scheduled = true;
    handle = requestAnimationFrame(frame);
  };
  target.onWake(wake);
  wake();
  return () => {
    cancelAnimationFrame(handle);
    scheduled = false;
    target.onWake(() => undefined);
  };
}
