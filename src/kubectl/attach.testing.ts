/**
 * Test support for the attached-shell tests: one booted cluster with a busybox Pod (`bb`) and a
 * debian Pod (`db`) running `sleep`, and a browser terminal (an interactive Session) on a fresh
 * copy of it per test, so tests never see each other's shells.
 */
import { Simulation } from '../engine/index';
import { Session } from './session';
import type { CommandResult } from './types';

let booted: Session | undefined;

function cluster(): Session {
  if (!booted) {
    booted = new Session({ seed: 1 });
    booted.run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    booted.run('kubectl run db --image=debian -- sleep 3600');
    booted.run('kubectl wait --for=condition=Ready pod/bb pod/db --timeout=1m');
  }
  return booted;
}

/** A fresh copy of the booted cluster. */
export function bootedCopy(): Simulation {
  return Simulation.fromSnapshot(cluster().sim.snapshot());
}

/** A browser terminal on a copy of the booted cluster. */
export function terminal(): Session {
  return new Session({ seed: 1, interactive: true, simulation: bootedCopy() });
}

export const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');
