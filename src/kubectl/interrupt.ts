/**
 * Ctrl+C on a waiting command. The browser terminal cannot stop a command that already ran to
 * completion in the worker, so it replays the command with `interruptAt`: the Simulation's
 * horizon keeps simulated time from passing that moment, and the first wait that the horizon
 * cuts short throws `Interrupted`. Like a process killed by SIGINT, the command writes nothing
 * more; what it printed before stays, and the shell reports exit status 130 (128 + SIGINT).
 */
import type { Simulation } from '../engine/index';

export const INTERRUPTED_EXIT_CODE = 130;

export class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

/**
 * Call after waiting for time to reach `wantedUntil`: throws when the horizon stopped the clock
 * short of it. (Without a horizon the clock always reaches the wanted time.)
 */
export function throwIfCutShort(sim: Simulation, wantedUntil: number): void {
  if (sim.horizon !== undefined && sim.now < wantedUntil) throw new Interrupted();
}
