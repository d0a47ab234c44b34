/** `kubectl label` and `kubectl annotate`: `key=value` sets, `key-` removes, `--overwrite` to replace. */
import { goQuote } from '../../k8s/go-quote';
import type { KObject } from '../../k8s/types';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, OUTPUT_FLAG, TEMPLATE_FLAGS, dryRunOf, printResult, withDryRun } from './common';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';
import { CHANGE_CAUSE_ANNOTATION, changeCause, RECORD_FLAG } from '../record';

export const LABEL_FLAGS: FlagDef[] = [
  { name: 'overwrite', kind: 'bool' },
  { name: 'all', kind: 'bool' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'field-selector', kind: 'string' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'list', kind: 'bool' },
  { name: 'local', kind: 'bool' },
  { name: 'resource-version', kind: 'string' },
  { name: 'field-manager', kind: 'string' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
  RECORD_FLAG,
];

type Which = 'labels' | 'annotations';

export function runLabel(env: Env, argv: string[]): number {
  return run(env, argv, 'labels');
}

export function runAnnotate(env: Env, argv: string[]): number {
  return run(env, argv, 'annotations');
}

function run(env: Env, argv: string[], which: Which): number {
  const cmd = which === 'labels' ? 'label' : 'annotate';
  const flags = parseFlags(argv, LABEL_FLAGS, `kubectl ${cmd}`);
  const cause = changeCause(env, [cmd], flags);
  const isPair = (a: string): boolean => a.includes('=') || a.endsWith('-');
  const pairs = flags.args.filter(isPair);
  const resources = flags.args.filter((a) => !isPair(a));
  if (pairs.length === 0 && !flags.bool('list')) throw plainError(`at least one ${which === 'labels' ? 'label' : 'annotation'} update is required`);
  if (resources.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  // Keys are the user's words: Maps, so `constructor` or `__proto__` is a key like any other.
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i >= 0) set.set(p.slice(0, i), p.slice(i + 1));
    else remove.push(p.slice(0, -1));
  }
  for (const k of remove) if (set.has(k)) throw plainError(`can not both modify and remove ${which === 'labels' ? 'a label' : 'an annotation'} in the same command`);
  const dry = dryRunOf(flags);
  const targets = collectTargets(env, flags, resources, { allNamespaces: flags.bool('all-namespaces') });
  const errors: Failure[] = [...targets.errors];
  for (const t of targets.items) {
    const current = new Map(Object.entries((which === 'labels' ? t.obj.metadata.labels : t.obj.metadata.annotations) ?? {}));
    if (flags.bool('list')) {
      env.out.out([...current.keys()].sort().map((k) => `${k}=${current.get(k)}\n`).join(''));
      continue;
    }
    // kubectl 1.36 label.go: on the way to the server (not --dry-run=client, not --local) each
    // removal of a label the object lacks is reported on stdout before anything else is checked.
    if (which === 'labels' && dry !== 'client' && !flags.bool('local')) for (const k of remove) if (!current.has(k)) env.out.out(`label ${goQuote(k)} not found.\n`);
    if (!flags.bool('overwrite')) {
      const conflicts = [...set.keys()].filter((k) => current.has(k) && current.get(k) !== set.get(k));
      if (conflicts.length) {
        if (which === 'labels') errors.push({ text: `'${conflicts[0]}' already has a value (${current.get(conflicts[0]!)}), and --overwrite is false` });
        else errors.push({ text: `--overwrite is false but found the following declared annotation(s): ${conflicts.map((k) => `'${k}' already has a value (${current.get(k)})`).join('; ')}` });
        continue;
      }
    }
    const patchEntries: [string, string | null][] = [];
    for (const [k, v] of set) if (current.get(k) !== v) patchEntries.push([k, v]);
    for (const k of remove) if (current.has(k)) patchEntries.push([k, null]);
    // fromEntries defines own properties: a `__proto__` key stays a key of the patch.
    const patchMap = Object.fromEntries(patchEntries);
    let result: KObject = t.obj;
    const changed = patchEntries.length > 0;
    // --record: annotate writes the cause before the user's annotations (theirs win a clash) and
    // always sends; label adds it to a patch it sends anyway.
    const recorded = cause !== undefined && t.obj.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] !== cause && dry !== 'client';
    if (recorded && which === 'annotations' && !set.has(CHANGE_CAUSE_ANNOTATION)) patchMap[CHANGE_CAUSE_ANNOTATION] = cause;
    const patch = recorded && which === 'labels' ? { metadata: { labels: patchMap, annotations: { [CHANGE_CAUSE_ANNOTATION]: cause } } } : { metadata: { [which]: patchMap } };
    if ((changed || (recorded && which === 'annotations')) && dry !== 'client') {
      const res = env.client.patch(t.info, t.obj.metadata.namespace, t.obj.metadata.name ?? '', patch, dry === 'server');
      if (!res.ok) {
        errors.push({ api: res.error });
        continue;
      }
      result = res.value;
    }
    // kubectl 1.36 updateDataChangeMsg: from the labels actually added (or changed) and removed.
    const added = [...set].some(([k, v]) => current.get(k) !== v);
    const removed = remove.some((k) => current.has(k));
    let msg: string;
    if (which === 'annotations') msg = 'annotated';
    else if (added && removed) msg = 'modified';
    else if (added) msg = 'labeled';
    else if (removed) msg = 'unlabeled';
    else msg = 'not labeled';
    printResult(env, flags, t.info, result, withDryRun(msg, dry));
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
