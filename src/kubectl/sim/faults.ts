/**
 * `sim fail <target>`, `sim recover <target>`, `sim fail --list`: the failure lab's commands.
 * The engine's faults.ts does the work; this only parses and words the outcome.
 */
import { healFault, injectFault, listTargets, type FaultTarget } from '../../engine/faults';
import type { Session } from '../session';
import { fail, ok } from '../session';
import type { CommandResult } from '../types';
import { renderTable } from './table';

function stopped(t: FaultTarget): string {
  if (t.class === 'node') return `${t.name} powered off`;
  return t.class === 'network' ? `${t.name} partitioned from the control plane` : `${t.name} stopped`;
}

function started(t: FaultTarget): string {
  if (t.class === 'node') return `${t.name} powered on, booting`;
  return t.class === 'network' ? `${t.name} reconnected` : `${t.name} started`;
}

function list(session: Session): CommandResult {
  const w = session.sim.world;
  const rows = listTargets(w).map((t) => {
    // A powered-on machine is Running even while one of its processes is down (that shows on its own row).
    const up = t.class === 'node' || t.class === 'network' || t.components.every((id) => w.components.get(id)?.running);
    const state = t.since !== undefined ? 'Failed' : up ? 'Running' : 'Stopped';
    return [t.name, state];
  });
  return ok(renderTable(['TARGET', 'STATE'], rows));
}

export function simFail(session: Session, argv: string[]): CommandResult {
  if (argv.length === 1 && argv[0] === '--list') return list(session);
  if (argv.length !== 1 || argv[0]!.startsWith('-')) return fail('error: usage: sim fail <target> | sim fail --list');
  const res = injectFault(session.sim.world, argv[0]!);
  return res.ok ? ok(`fault injected: ${stopped(res.target)}\n`) : fail(`error: ${res.error}`);
}

export function simRecover(session: Session, argv: string[]): CommandResult {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) return fail('error: usage: sim recover <target>');
  const res = healFault(session.sim.world, argv[0]!);
  return res.ok ? ok(`recovered: ${started(res.target)}\n`) : fail(`error: ${res.error}`);
}
