/**
 * A program of the learner's laptop run from the `$ ` prompt (Workstation.run): the filters and
 * file commands, and curl, which dials out over the laptop's network (Simulation.workstationNet)
 * and waits in simulated time — a timeout takes its seconds, and Ctrl+C ends the wait as it
 * ends `sleep` (exit 130, nothing more printed).
 */
import type { LocalListener, Simulation, SimMillis, Workstation } from '../engine/index';
import { INTERRUPTED_EXIT_CODE, Interrupted, throwIfCutShort } from './interrupt';
import type { CommandResult } from './types';

export function runOnWorkstation(
  sim: Simulation,
  ws: Workstation,
  argv: { cmd: string; args: string[]; stdin: string; vars: Record<string, string>; terminal: boolean; columns?: number },
  interruptAt: number | undefined,
  local?: LocalListener,
): CommandResult | undefined {
  const net = argv.cmd === 'curl' ? sim.workstationNet(local) : undefined;
  const run = ws.run(argv.cmd, argv.args, argv.stdin, sim.now, argv.vars, argv.terminal, net, argv.columns);
  if (!run) return undefined;
  // Whole milliseconds: the simulated clock never holds a fraction.
  const ms = Math.ceil(run.ms ?? 0);
  if (ms > 0) {
    const until = sim.now + ms;
    sim.horizon = interruptAt as SimMillis | undefined;
    try {
      sim.advance(ms);
      throwIfCutShort(sim, until);
    } catch (e) {
      if (e instanceof Interrupted) return { output: [], exitCode: INTERRUPTED_EXIT_CODE };
      throw e;
    } finally {
      sim.horizon = undefined;
    }
  }
  return { output: [...(run.stderr ? [{ stream: 'stderr' as const, text: run.stderr }] : []), ...(run.stdout ? [{ stream: 'stdout' as const, text: run.stdout }] : [])], exitCode: run.status };
}
