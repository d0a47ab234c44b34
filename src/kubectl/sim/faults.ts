/**
 * `sim fail <target> [--delay D]`, `sim recover <target>`, `sim fail --list`: the failure lab's
 * commands. The engine's faults.ts does the work; this only parses and words the outcome.
 */
import type { FaultOptions, FaultTarget } from '../../engine/index';
import { goDuration, parseDuration } from '../../k8s/time';
import type { FlagDef } from '../flags';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simFlag } from '../../k8s/sim-flags';
import { renderTable } from './table';

/** What a message fault's target name is about: `latency/node-2` → `node-2`. */
function subject(t: FaultTarget): string {
  return t.name.slice(t.name.indexOf('/') + 1);
}

function stopped(t: FaultTarget, delayMs: number | undefined): string {
  switch (t.class) {
    case 'node':
      return `${t.name} powered off`;
    case 'network':
      return `${t.name} partitioned from the control plane`;
    case 'latency': {
      const delay = goDuration(delayMs ?? 0);
      return subject(t) === 'kube-apiserver' ? `watch events from kube-apiserver arrive ${delay} late` : `watch events to ${subject(t)} arrive ${delay} late`;
    }
    case 'watch-drop':
      return `kube-apiserver silently stops delivering watch events to ${subject(t)} (the watches stay open)`;
    case 'disk-latency':
      return `every WAL fsync on ${subject(t) === 'etcd' ? 'every etcd member' : subject(t)} takes ${goDuration(delayMs ?? 0)} more`;
    case 'component':
    case 'instance':
    case 'node-part':
      return `${t.name} stopped`;
    default: {
      const never: never = t.class;
      return String(never);
    }
  }
}

function started(t: FaultTarget): string {
  switch (t.class) {
    case 'node':
      return `${t.name} powered on, booting`;
    case 'network':
      return `${t.name} reconnected`;
    case 'latency':
      return subject(t) === 'kube-apiserver' ? 'watch events from kube-apiserver arrive on time' : `watch events to ${subject(t)} arrive on time`;
    case 'watch-drop':
      return `the dead watches to ${subject(t)} are closed; its Reflectors relist`;
    case 'disk-latency':
      return `${subject(t) === 'etcd' ? 'every etcd member\'s' : `${subject(t)}'s`} disk is fast again`;
    case 'component':
    case 'instance':
    case 'node-part':
      return `${t.name} started`;
    default: {
      const never: never = t.class;
      return String(never);
    }
  }
}

function list(session: Session): CommandResult {
  const sim = session.sim;
  const rows = sim.faultTargets().map((t) => {
    // A powered-on machine is Running even while one of its processes is down (that shows on its own row).
    const up = t.class === 'node' || t.class === 'network' || t.components.every((id) => sim.component(id)?.running);
    const failed = t.delayMs !== undefined ? `Failed (+${goDuration(t.delayMs)})` : 'Failed';
    const state = t.since !== undefined ? failed : up ? 'Running' : 'Stopped';
    return [t.name, state];
  });
  return ok(renderTable(['TARGET', 'STATE'], rows));
}

export const FAIL_FLAGS: FlagDef[] = [
  { name: 'delay', kind: 'duration' },
  { name: 'list', kind: 'bool' },
];

const FAIL_USAGE = 'error: usage: sim fail <target> [--delay <duration>] | sim fail --list';

/** `<target>` plus, for a latency or disk-latency target, `--delay 5s` / `--delay=5s`. */
function parseFail(argv: string[]): { target: string; opts: FaultOptions } | string {
  let target: string | undefined;
  const opts: FaultOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(FAIL_FLAGS, a);
    if (f?.def.name === 'delay') {
      const text = f.inline ?? argv[++i];
      const ms = text === undefined ? undefined : parseDuration(text);
      if (ms === undefined) return `error: invalid --delay "${text ?? ''}": use a form like 500ms, 2s, 1m`;
      opts.delayMs = ms;
    } else if (a.startsWith('-') || target !== undefined) return FAIL_USAGE;
    else target = a;
  }
  return target === undefined ? FAIL_USAGE : { target, opts };
}

export function simFail(session: Session, argv: string[]): CommandResult {
  if (argv.length === 1 && simFlag(FAIL_FLAGS, argv[0]!)?.def.name === 'list') return list(session);
  const parsed = parseFail(argv);
  if (typeof parsed === 'string') return fail(parsed);
  const res = session.sim.injectFault(parsed.target, parsed.opts);
  return res.ok ? ok(`fault injected: ${stopped(res.target, res.delayMs)}\n`) : fail(`error: ${res.error}`);
}

export function simRecover(session: Session, argv: string[]): CommandResult {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) return fail('error: usage: sim recover <target>');
  const res = session.sim.healFault(argv[0]!);
  return res.ok ? ok(`recovered: ${started(res.target)}\n`) : fail(`error: ${res.error}`);
}
