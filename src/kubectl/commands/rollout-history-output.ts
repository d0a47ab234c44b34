/**
 * `kubectl rollout history -o …`: with an output format the history viewer's objects are printed
 * instead of the table — a Deployment's ReplicaSets, a DaemonSet's or StatefulSet's
 * ControllerRevisions — the asked revision alone or every one in revision order, each by the
 * printer on its own (YAML documents separated by `---`), without managedFields.
 */
import type { KObject } from '../../k8s/types';
import type { Env } from '../env';
import { plainError } from '../errors';
import type { Flags } from '../flags';
import { parseOutput, printGeneric, PRINT_FORMATS } from '../printers/generic';
import { templateOptions } from './common';

export function printHistoryObjects(env: Env, flags: Flags, byRevision: ReadonlyMap<number, KObject>): void {
  const fmt = parseOutput(flags.str('output'), PRINT_FORMATS, templateOptions(flags, env.files));
  if (fmt.kind === 'table' || fmt.kind === 'custom-columns') return;
  const want = flags.int('revision', 0);
  let objs: KObject[];
  if (want > 0) {
    const one = byRevision.get(want);
    if (!one) throw plainError('unable to find the specified revision');
    objs = [one];
  } else objs = [...byRevision.keys()].sort((a, b) => a - b).map((r) => byRevision.get(r)!);
  objs.forEach((o, i) => env.out.out((fmt.kind === 'yaml' && i > 0 ? '---\n' : '') + printGeneric(fmt, [o], true)));
}
