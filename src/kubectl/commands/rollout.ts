/**
 * `kubectl rollout status|history|undo|restart|pause|resume` for Deployments, with
 * rollout_status.go's exact lines (one per watch event, duplicates included), history's
 * REVISION/CHANGE-CAUSE table and undo's client-side copy of an old ReplicaSet's template.
 * DaemonSets and StatefulSets have all but pause/resume; their history and undo read
 * ControllerRevisions (rollout-history-ds.ts).
 */
import type { DaemonSet, Deployment, KObject, PodTemplateSpec, ReplicaSet, StatefulSet } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../../engine/index';
import { qualifiedResource } from '../../k8s/resources';
import { objectRef } from '../builder';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { defaultSubCommandRun } from '../help/parent-usage';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import type { Env } from '../env';
import { effectiveTimeout, watchUntil } from '../wait-util';
import { DescribeWriter } from '../describe/writer';
import { describePodTemplate } from '../describe/common';
import { equalIgnoreHash, replicaSetsOf } from '../describe/workloads';
import { tabulate, DESCRIBE } from '../../k8s/go-tabwriter';
import { collectTargets, type Target } from './targets';
import { daemonSetHistory, daemonSetUndo } from './rollout-history-ds';
import { printHistoryObjects } from './rollout-history-output';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, dryRunOf, withDryRun } from './common';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';

const WATCH: FlagDef = { name: 'watch', short: 'w', kind: 'bool' };
const TIMEOUT: FlagDef = { name: 'timeout', kind: 'duration' };
const REVISION_FLAG: FlagDef = { name: 'revision', kind: 'int' };
const TO_REVISION: FlagDef = { name: 'to-revision', kind: 'int' };
const SELECTOR: FlagDef = { name: 'selector', short: 'l', kind: 'string' };
const OUTPUT: FlagDef = { name: 'output', short: 'o', kind: 'string' };
const OBJECTS: FlagDef[] = [FILENAME_FLAG, KUSTOMIZE_FLAG, SELECTOR];

/**
 * Each subcommand's own table, as `kubectl rollout <sub> --help` lists them (1.35), less the
 * printing flags the simulator does not model (--template, --recursive, --field-manager, …).
 */
export const ROLLOUT_SUBCOMMAND_FLAGS: Readonly<Record<string, readonly FlagDef[]>> = {
  history: [REVISION_FLAG, ...OBJECTS, OUTPUT],
  pause: [...OBJECTS, OUTPUT],
  restart: [...OBJECTS, OUTPUT],
  resume: [...OBJECTS, OUTPUT],
  status: [WATCH, TIMEOUT, REVISION_FLAG, ...OBJECTS],
  undo: [TO_REVISION, ...OBJECTS, OUTPUT, DRY_RUN_FLAG],
};

/** The union of the subcommands' tables (the command table's). */
export const ROLLOUT_FLAGS: FlagDef[] = [WATCH, TIMEOUT, REVISION_FLAG, TO_REVISION, ...OBJECTS, OUTPUT, DRY_RUN_FLAG];

const REVISION = 'deployment.kubernetes.io/revision';
const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** statusViewer.Status for a Deployment. Returns the line and whether the rollout is done. */
export function deploymentStatus(d: Deployment): { line: string; done: boolean; error?: string } {
  const name = d.metadata.name ?? '';
  const s = d.status ?? {};
  if ((d.metadata.generation ?? 0) > (s.observedGeneration ?? 0)) return { line: 'Waiting for deployment spec update to be observed...\n', done: false };
  const progressing = (s.conditions ?? []).find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') return { line: '', done: false, error: `deployment "${name}" exceeded its progress deadline` };
  const want = d.spec?.replicas ?? 1;
  const updated = s.updatedReplicas ?? 0;
  if (updated < want) return { line: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${want} new replicas have been updated...\n`, done: false };
  if ((s.replicas ?? 0) > updated) return { line: `Waiting for deployment "${name}" rollout to finish: ${(s.replicas ?? 0) - updated} old replicas are pending termination...\n`, done: false };
  if ((s.availableReplicas ?? 0) < updated) return { line: `Waiting for deployment "${name}" rollout to finish: ${s.availableReplicas ?? 0} of ${updated} updated replicas are available...\n`, done: false };
  return { line: `deployment "${name}" successfully rolled out\n`, done: true };
}

/**
 * DaemonSetStatusViewer.Status. The strategy check is an error with done=true upstream, so
 * `rollout status` of an OnDelete DaemonSet fails at once instead of waiting.
 */
export function daemonSetStatus(ds: DaemonSet): { line: string; done: boolean; error?: string } {
  const name = ds.metadata.name ?? '';
  if (ds.spec.updateStrategy?.type !== 'RollingUpdate') return { line: '', done: true, error: 'rollout status is only available for RollingUpdate strategy type' };
  const s = ds.status;
  if ((ds.metadata.generation ?? 0) > (s?.observedGeneration ?? 0)) return { line: 'Waiting for daemon set spec update to be observed...\n', done: false };
  const desired = s?.desiredNumberScheduled ?? 0;
  const updated = s?.updatedNumberScheduled ?? 0;
  if (updated < desired) return { line: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, done: false };
  const available = s?.numberAvailable ?? 0;
  if (available < desired) return { line: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...\n`, done: false };
  return { line: `daemon set "${name}" successfully rolled out\n`, done: true };
}

/**
 * StatefulSetStatusViewer.Status. Defaulting gives a RollingUpdate set a partition (0), so a set
 * created without one ends on the "partitioned roll out complete" line, as upstream's does.
 */
export function statefulSetStatus(sts: StatefulSet): { line: string; done: boolean; error?: string } {
  const strategy = sts.spec.updateStrategy;
  if (strategy?.type !== 'RollingUpdate') return { line: '', done: true, error: 'rollout status is only available for RollingUpdate strategy type' };
  const s = sts.status;
  if (!s?.observedGeneration || (sts.metadata.generation ?? 0) > s.observedGeneration) return { line: 'Waiting for statefulset spec update to be observed...\n', done: false };
  const replicas = sts.spec.replicas;
  const ready = s.readyReplicas ?? 0;
  if (replicas !== undefined && ready < replicas) return { line: `Waiting for ${replicas - ready} pods to be ready...\n`, done: false };
  const updated = s.updatedReplicas ?? 0;
  if (strategy.rollingUpdate) {
    const partition = strategy.rollingUpdate.partition;
    if (replicas !== undefined && partition !== undefined && updated < replicas - partition) {
      return { line: `Waiting for partitioned roll out to finish: ${updated} out of ${replicas - partition} new pods have been updated...\n`, done: false };
    }
    return { line: `partitioned roll out complete: ${updated} new pods have been updated...\n`, done: true };
  }
  if (s.updateRevision !== s.currentRevision) return { line: `waiting for statefulset rolling update to complete ${updated} pods at revision ${s.updateRevision ?? ''}...\n`, done: false };
  return { line: `statefulset rolling update complete ${s.currentReplicas ?? 0} pods at revision ${s.currentRevision ?? ''}...\n`, done: true };
}

/** The resources rollout has a status viewer for (and complete after `kubectl rollout <verb>`). */
export const ROLLOUT_RESOURCES: readonly string[] = ['deployments', 'daemonsets', 'statefulsets'];

/** schema.GroupKind's String(): `ReplicationController`, `ReplicaSet.apps`. */
function groupKind(t: Target): string {
  return t.info.group ? `${t.info.kind}.${t.info.group}` : t.info.kind;
}

/** A Deployment, or the error the polymorphic helper that found no implementation for the kind returns. */
function deploymentsOnly(t: Target, refusal: string): Deployment {
  if (t.info.resource !== 'deployments') throw plainError(refusal);
  return t.obj as Deployment;
}

/** The status viewer for a target's kind (polymorphichelpers.StatusViewerFor). */
function statusViewer(t: Target): (obj: KObject) => { line: string; done: boolean; error?: string } {
  switch (t.info.resource) {
    case 'deployments':
      return (o) => deploymentStatus(o as Deployment);
    case 'daemonsets':
      return (o) => daemonSetStatus(o as DaemonSet);
    case 'statefulsets':
      return (o) => statefulSetStatus(o as StatefulSet);
    default:
      throw plainError(`no status viewer has been implemented for ${groupKind(t)}`);
  }
}

function status(env: Env, flags: Flags, targets: Target[]): number {
  for (const t of targets) {
    const viewer = statusViewer(t);
    const d = t.obj;
    const first = viewer(d);
    if (first.error) throw plainError(first.error);
    env.out.out(first.line);
    if (first.done || !flags.bool('watch', true)) continue;
    let failure: string | undefined;
    let deleted = false;
    const done = watchUntil(env, t.info.resource, { namespace: d.metadata.namespace ?? '', names: [d.metadata.name ?? ''] }, [d], effectiveTimeout(flags.duration('timeout', 0)), (e) => {
      if (e.type === 'DELETED') {
        deleted = true;
        return true;
      }
      const st = viewer(e.obj);
      if (st.error) {
        failure = st.error;
        return true;
      }
      env.out.out(st.line);
      return st.done;
    });
    if (deleted) throw plainError('object has been deleted');
    if (failure) throw plainError(failure);
    if (!done) throw plainError('timed out waiting for the condition');
  }
  return 0;
}

function revisionOf(rs: KObject): number {
  return Number(rs.metadata.annotations?.[REVISION] ?? NaN);
}

/** polymorphichelpers' printTemplate: a PrefixWriter over a plain buffer, so its tabs are printed as tabs. */
function templateText(t: PodTemplateSpec | undefined): string {
  const w = new DescribeWriter(false);
  describePodTemplate(w, t);
  return w.toString();
}

function history(env: Env, flags: Flags, targets: Target[]): number {
  for (const t of targets) {
    if (t.info.resource === 'daemonsets' || t.info.resource === 'statefulsets') {
      daemonSetHistory(env, flags, t);
      continue;
    }
    const d = deploymentsOnly(t, `no history viewer has been implemented for "${groupKind(t)}"`);
    const { all } = replicaSetsOf(env.client, d);
    const byRev = new Map<number, ReplicaSet>();
    for (const rs of all) if (!Number.isNaN(revisionOf(rs))) byRev.set(revisionOf(rs), rs);
    if (flags.str('output') !== '') {
      printHistoryObjects(env, flags, byRev);
      continue;
    }
    const ref = objectRef(t.info, d.metadata.name ?? '');
    const want = flags.int('revision', 0);
    if (want > 0) {
      const rs = byRev.get(want);
      if (!rs) throw plainError('unable to find the specified revision');
      env.out.out(`${ref} with revision #${want}\n${templateText(rs.spec.template)}\n`);
      continue;
    }
    const revs = [...byRev.keys()].sort((a, b) => a - b);
    const body = revs.length === 0 ? 'No rollout history found.' : tabulate(`REVISION\tCHANGE-CAUSE\n${revs.map((r) => `${r}\t${byRev.get(r)!.metadata.annotations?.[CHANGE_CAUSE] || '<none>'}\n`).join('')}`, DESCRIBE);
    env.out.out(`${ref} \n${body}\n`);
  }
  return 0;
}

const SKIP_ANNOTATIONS = [
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION,
  'deployment.kubernetes.io/revision-history',
  'deployment.kubernetes.io/desired-replicas',
  'deployment.kubernetes.io/max-replicas',
  'deprecated.deployment.rollback.to',
];

function undo(env: Env, flags: Flags, targets: Target[]): number {
  const dry = dryRunOf(flags);
  const errors: Failure[] = [];
  for (const t of targets) {
    if (t.info.resource === 'daemonsets' || t.info.resource === 'statefulsets') {
      daemonSetUndo(env, flags, t);
      continue;
    }
    const d = deploymentsOnly(t, `no rollbacker has been implemented for "${groupKind(t)}"`);
    const ref = objectRef(t.info, d.metadata.name ?? '');
    if (d.spec.paused) throw plainError("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again");
    const toRevision = flags.int('to-revision', 0);
    const { all } = replicaSetsOf(env.client, d);
    let target: ReplicaSet | undefined;
    if (toRevision > 0) {
      target = all.find((rs) => revisionOf(rs) === toRevision);
      if (!target) throw plainError(`unable to find specified revision ${toRevision} in history`);
    } else {
      const sorted = all.filter((rs) => !Number.isNaN(revisionOf(rs))).sort((a, b) => revisionOf(b) - revisionOf(a));
      target = sorted[1];
      if (!target) throw plainError(`no rollout history found for deployment "${d.metadata.name ?? ''}"`);
    }
    const revision = revisionOf(target);
    if (dry === 'client') {
      env.out.out(`${ref} ${withDryRun('rolled back', dry)}\n${templateText(target.spec.template)}`);
      continue;
    }
    if (equalIgnoreHash(target.spec.template, d.spec.template)) {
      env.out.out(`${ref} skipped rollback (current template already matches revision ${revision})\n`);
      continue;
    }
    const next = structuredClone(d);
    const tmpl = structuredClone(target.spec.template!);
    if (tmpl.metadata?.labels) delete tmpl.metadata.labels['pod-template-hash'];
    next.spec.template = tmpl;
    const annotations: Record<string, string> = {};
    for (const k of SKIP_ANNOTATIONS) if (d.metadata.annotations?.[k] !== undefined) annotations[k] = d.metadata.annotations[k]!;
    for (const [k, v] of Object.entries(target.metadata.annotations ?? {})) if (!SKIP_ANNOTATIONS.includes(k)) annotations[k] = v;
    next.metadata.annotations = annotations;
    const res = env.client.update(t.info, d.metadata.namespace, next, dry === 'server');
    if (!res.ok) {
      errors.push({ text: `failed restoring revision ${revision}: ${res.error.message}` });
      continue;
    }
    env.out.out(`${ref} ${withDryRun('rolled back', dry)}\n`);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

function restart(env: Env, flags: Flags, targets: Target[]): number {
  const dry = dryRunOf(flags);
  for (const t of targets) {
    // objectRestarter: DaemonSets and StatefulSets restart the same way, through their template's annotation.
    const d = t.info.resource === 'daemonsets' || t.info.resource === 'statefulsets' ? (t.obj as DaemonSet | StatefulSet) : deploymentsOnly(t, `${qualifiedResource(t.info)} "${t.obj.metadata.name ?? ''}" restarting is not supported`);
    if ('paused' in d.spec && d.spec.paused) throw plainError(`${t.info.resource} "${d.metadata.name ?? ''}" can't restart paused deployment (run rollout resume first)`);
    const patch = { spec: { template: { metadata: { annotations: { 'kubectl.kubernetes.io/restartedAt': rfc3339(env.sim.now as SimMillis) } } } } };
    if (dry !== 'client') {
      const res = env.client.patch(t.info, d.metadata.namespace, d.metadata.name ?? '', patch, dry === 'server');
      if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
    }
    env.out.out(`${objectRef(t.info, d.metadata.name ?? '')} ${withDryRun('restarted', dry)}\n`);
  }
  return 0;
}

/**
 * rollout pause / resume: objectPauser and objectResumer refuse what they cannot change — a kind
 * other than Deployment, a Deployment already paused (`is already paused`) or not paused (`is
 * not paused`) — as `error: <resource> "<name>" <reason>`, and the command goes on to the next.
 */
function pause(env: Env, flags: Flags, targets: Target[], paused: boolean, infosErrors: Failure[]): number {
  const dry = dryRunOf(flags);
  const errors: Failure[] = [...infosErrors];
  for (const t of targets) {
    const name = t.obj.metadata.name ?? '';
    const refused = (reason: string): void => void errors.push({ text: `error: ${qualifiedResource(t.info)} ${JSON.stringify(name)} ${reason}` });
    if (t.info.resource !== 'deployments') {
      refused(`${paused ? 'pausing' : 'resuming'} is not supported`);
      continue;
    }
    const d = t.obj as Deployment;
    if ((d.spec.paused === true) === paused) {
      refused(paused ? 'is already paused' : 'is not paused');
      continue;
    }
    if (dry !== 'client') {
      const res = env.client.patch(t.info, d.metadata.namespace, name, { spec: { paused: paused ? true : null } }, dry === 'server');
      if (!res.ok) {
        errors.push({ text: `error: failed to patch: ${res.error.message}` });
        continue;
      }
    }
    env.out.out(`${objectRef(t.info, name)} ${withDryRun(paused ? 'paused' : 'resumed', dry)}\n`);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

export const ROLLOUT_SUBCOMMANDS: readonly string[] = ['history', 'pause', 'restart', 'resume', 'status', 'undo'];

export function runRollout(env: Env, argv: string[]): number {
  const sub = argv[0];
  if (sub === undefined || !ROLLOUT_SUBCOMMANDS.includes(sub)) return defaultSubCommandRun(env, argv, 'rollout', 'out');
  const flags = parseFlags(argv.slice(1), [...ROLLOUT_SUBCOMMAND_FLAGS[sub]!], `kubectl rollout ${sub}`);
  if (flags.args.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const targets = collectTargets(env, flags, flags.args);
  // pause and resume keep going past objects the builder could not get (their infos error leads).
  if (sub === 'pause' || sub === 'resume') return pause(env, flags, targets.items, sub === 'pause', targets.errors);
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  switch (sub) {
    case 'status':
      return status(env, flags, targets.items);
    case 'history':
      return history(env, flags, targets.items);
    case 'undo':
      return undo(env, flags, targets.items);
    default:
      return restart(env, flags, targets.items);
  }
}
