/**
 * Test support: a bridge that does nothing, for rendering components without a worker
 * (server-side renders of the UI in unit tests).
 */
import type { BridgeApi } from './react';

const none = (): void => {};

export function inertBridge(): BridgeApi {
  return {
    run: () => 0,
    setTerminalSize: none,
    interrupt: none,
    confirmFork: () => 0,
    cancelFork: none,
    play: none,
    pause: none,
    setRunning: none,
    setSpeed: none,
    stepForward: none,
    stepBack: none,
    seek: none,
    seekTime: none,
    jumpMilestone: () => false,
    milestones: () => [],
    reset: none,
    commandLog: [],
  };
}
