/**
 * The page's frame loop against the real bridge and simulation host (in-process): frames run
 * while the cluster boots, plays or a command awaits its answer, and stop on a paused, idle page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/store';
import { SimBridge } from './bridge';
import { startFrameLoop } from './frame-loop';
import { inProcess, settle } from './in-process.testing';

/** Animation frames by hand: `frame()` runs the callbacks scheduled so far, as one vsync. */
function fakeFrames() {
  let queue: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queue.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => (queue = []));
  return {
    get pending() {
      return queue.length;
    },
    frame() {
      const run = queue;
      queue = [];
      for (const cb of run) cb(0);
    },
  };
}

describe('the frame loop', () => {
  let frames: ReturnType<typeof fakeFrames>;
  beforeEach(() => (frames = fakeFrames()));
  afterEach(() => vi.unstubAllGlobals());

  it('stops on a paused, idle page and starts again for a command, then for play', async () => {
    const { factory } = inProcess();
    const store = createAppStore();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0 });
    bridge.start();
    const stop = startFrameLoop(bridge);
    // Booting: the watchdog times the worker's first answer, so frames run.
    expect(frames.pending).toBe(1);
    await settle();
    frames.frame();
    // Booted and paused (the page opens paused): nothing asks for another frame.
    expect(bridge.wantsFrames).toBe(false);
    expect(frames.pending).toBe(0);

    bridge.run('kubectl get nodes');
    expect(frames.pending).toBe(1);
    frames.frame();
    await settle();
    frames.frame();
    expect(frames.pending).toBe(0);

    bridge.play();
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(frames.pending).toBe(1);
    bridge.pause();
    await settle();
    frames.frame();
    frames.frame();
    expect(frames.pending).toBe(0);
    stop();
  });
});
