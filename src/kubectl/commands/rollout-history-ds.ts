/**
 * `kubectl rollout history|undo daemonset/x|statefulset/x` (polymorphichelpers
 * DaemonSetHistoryViewer / StatefulSetHistoryViewer and their Rollbackers, which upstream share
 * this logic): both read the workload's ControllerRevisions, whose `data` is the
 * strategic-merge patch that restores a template; undo sends that patch unchanged.
 */
import { matchesRevision, revisionTemplate } from '../../k8s/daemonset-history';
import type { ControllerRevision, DaemonSet, KObject, PodTemplateSpec, StatefulSet } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { objectRef } from '../builder';
import type { Env } from '../env';
import { CmdError, failureText, plainError } from '../errors';
import type { Flags } from '../flags';
import { DescribeWriter } from '../describe/writer';
import { describePodTemplate } from '../describe/common';
import { tabulate, DESCRIBE } from '../../k8s/go-tabwriter';
import { dryRunOf, withDryRun } from './common';
import type { Target } from './targets';
import { printHistoryObjects } from './rollout-history-output';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** controlledHistories: the revisions whose controller is this workload (by uid). */
function historiesOf(env: Env, ds: DaemonSet | StatefulSet): ControllerRevision[] {
  const res = env.client.list(resourceInfo('controllerrevisions')!, ds.metadata.namespace);
  const all = (res.ok ? res.value : []) as ControllerRevision[];
  return all.filter((cr) => cr.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid)).sort((a, b) => a.revision - b.revision);
}

/** polymorphichelpers' printTemplate: a PrefixWriter over a plain buffer, so its tabs are printed as tabs. */
function templateText(t: PodTemplateSpec | undefined): string {
  const w = new DescribeWriter(false);
  describePodTemplate(w, t);
  return w.toString();
}

export function daemonSetHistory(env: Env, flags: Flags, t: Target): void {
  const ds = t.obj as DaemonSet | StatefulSet;
  const byRev = new Map<number, ControllerRevision>();
  for (const cr of historiesOf(env, ds)) byRev.set(cr.revision, cr);
  if (flags.str('output') !== '') {
    // GetHistory: each revision's template applied to the workload (applyDaemonSetHistory).
    const applied = new Map([...byRev].map(([rev, cr]) => [rev, { ...ds, spec: { ...ds.spec, template: revisionTemplate(cr) } } as unknown as KObject]));
    printHistoryObjects(env, flags, applied);
    return;
  }
  const ref = objectRef(t.info, ds.metadata.name ?? '');
  const want = flags.int('revision', 0);
  if (want > 0) {
    const cr = byRev.get(want);
    if (!cr) throw plainError('unable to find the specified revision');
    env.out.out(`${ref} with revision #${want}\n${templateText(revisionTemplate(cr))}\n`);
    return;
  }
  const revs = [...byRev.keys()].sort((a, b) => a - b);
  const body = revs.length === 0 ? 'No rollout history found.' : tabulate(`REVISION\tCHANGE-CAUSE\n${revs.map((r) => `${r}\t${byRev.get(r)!.metadata.annotations?.[CHANGE_CAUSE] || '<none>'}\n`).join('')}`, DESCRIBE);
  env.out.out(`${ref} \n${body}\n`);
}

/** findHistory: `--to-revision` N, or with 0 the revision before the newest. */
function findHistory(toRevision: number, all: ControllerRevision[]): ControllerRevision | undefined {
  if (toRevision === 0) return all.length <= 1 ? undefined : all[all.length - 2];
  return all.find((cr) => cr.revision === toRevision);
}

export function daemonSetUndo(env: Env, flags: Flags, t: Target): void {
  const ds = t.obj as DaemonSet | StatefulSet;
  const dry = dryRunOf(flags);
  const ref = objectRef(t.info, ds.metadata.name ?? '');
  const toRevision = flags.int('to-revision', 0);
  if (toRevision < 0) throw plainError(`unable to find specified revision ${toRevision} in history`);
  const all = historiesOf(env, ds);
  if (toRevision === 0 && all.length <= 1) throw plainError('no last revision to roll back to');
  const target = findHistory(toRevision, all);
  if (!target) throw plainError(`unable to find specified revision ${toRevision} in history`);
  if (dry === 'client') {
    env.out.out(`${ref} ${withDryRun('rolled back', dry)}\n${templateText(revisionTemplate(target))}`);
    return;
  }
  if (matchesRevision(ds, target)) {
    // Upstream formats the skip with the revision asked for, which is 0 without --to-revision.
    env.out.out(`${ref} skipped rollback (current template already matches revision ${toRevision})\n`);
    return;
  }
  const res = env.client.patch(t.info, ds.metadata.namespace, ds.metadata.name ?? '', target.data as Record<string, unknown>, dry === 'server');
  if (!res.ok) throw new CmdError(failureText([{ text: `failed restoring revision ${toRevision}: ${res.error.message}` }]));
  env.out.out(`${ref} ${withDryRun('rolled back', dry)}\n`);
}
