/**
 * kube-apiserver's two API Priority and Fairness loops over the flowcontrol objects:
 *
 * - the config producer (the `priority-and-fairness-config-producer` post-start hook,
 *   pkg/registry/flowcontrol/ensurer): at start and then every minute, the suggested FlowSchemas
 *   and priority levels, then the mandatory ones, are created when missing; a mandatory object's
 *   spec is put back and its `apf.kubernetes.io/autoupdate-spec` set to "true"; a suggested one's
 *   spec is put back only while that annotation is "true" (an object without a valid annotation
 *   counts as "true" at generation 1, else "false", and the annotation is written so); an object
 *   annotated "true" that is no longer in the bootstrap set is deleted. The exempt level keeps its
 *   `spec.exempt`, which is the administrator's. Writes as `api-priority-and-fairness-config-producer-v1`.
 * - the config consumer (apf_controller.go): every FlowSchema's `Dangling` condition says whether
 *   its priority level exists, written when it moved as `api-priority-and-fairness-config-consumer-v1`.
 *
 * Simulated as timers armed by a commit of either kind: the consumer's at once, the producer's at
 * the next whole minute since the cluster began, rather than loops that wake for nothing.
 * Approximate: the consumer writes its condition with a status update, where upstream applies it
 * server-side (managedFields show Update, not Apply); requests are classified but never queued.
 */
import { cloneData } from '../core/clone';
import { setTimer, withRng } from '../runtime';
import { seedRng, type RngState } from '../core/rng';
import type { World } from '../world';
import type { KObject } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import {
  AUTO_UPDATE_ANNOTATION,
  MANDATORY_FLOW_SCHEMAS,
  MANDATORY_PRIORITY_LEVELS,
  parseGoBool,
  sameSpec,
  SUGGESTED_FLOW_SCHEMAS,
  SUGGESTED_PRIORITY_LEVELS,
  type FlowSchema,
  type FlowSchemaCondition,
  type PriorityLevelConfiguration,
} from '../../k8s/flowcontrol';
import type { ApiRequest, ApiResponse } from './handler';
import type { ApiServerState } from './state';

export const APF_PRODUCER_TIMER = 'apf-config-producer';
export const APF_CONSUMER_TIMER = 'apf-config-consumer';
const PRODUCER = 'api-priority-and-fairness-config-producer-v1';
const CONSUMER = 'api-priority-and-fairness-config-consumer-v1';
/** The producer's period (wait.PollImmediateUntil(time.Minute, …)). */
export const PRODUCER_INTERVAL_MS = 60_000;
/** Seeds the streams the objects the producer creates draw their uids from (mixed with the pass's second). */
const APF_STREAM = 0xa9f_c0f;

const FLOW_SCHEMAS = 'flowschemas';
const PRIORITY_LEVELS = 'prioritylevelconfigurations';

type Request = (req: Omit<ApiRequest, 'user' | 'from'>) => ApiResponse;

function stored<T extends KObject>(w: World, resource: string): T[] {
  return [...(w.etcd.kv.get(resource)?.values() ?? [])] as T[];
}

function find<T extends KObject>(w: World, resource: string, name: string): T | undefined {
  return stored<T>(w, resource).find((o) => o.metadata.name === name);
}

/** The ensurer's specEqualish: the exempt level's `spec.exempt` is not compared. */
function specEqualish(bootstrap: KObject, current: KObject): boolean {
  if (bootstrap.kind === 'PriorityLevelConfiguration' && bootstrap.metadata.name === 'exempt') {
    const cur = (current as PriorityLevelConfiguration).spec;
    if (!cur?.exempt) return false;
    return sameSpec({ ...(bootstrap as PriorityLevelConfiguration).spec, exempt: cur.exempt }, cur);
  }
  return sameSpec(bootstrap.spec, current.spec);
}

/** strategy.ReviseIfNeeded: the revised object, or undefined when nothing needs writing. */
function revise(current: KObject, bootstrap: KObject, mandatory: boolean): KObject | undefined {
  const annotation = current.metadata.annotations?.[AUTO_UPDATE_ANNOTATION];
  const parsed = parseGoBool(annotation);
  const autoUpdate = mandatory || (parsed ?? current.metadata.generation === 1);
  const updateAnnotation = parsed !== autoUpdate;
  const specChanged = autoUpdate && !specEqualish(bootstrap, current);
  if (!updateAnnotation && !specChanged) return undefined;
  const next = cloneData(current);
  if (specChanged) next.spec = cloneData(bootstrap.spec);
  if (updateAnnotation) next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [AUTO_UPDATE_ANNOTATION]: String(autoUpdate) };
  return next;
}

function ensure(w: World, request: Request, rng: RngState, resource: string, objs: readonly KObject[], mandatory: boolean): void {
  for (const bootstrap of objs) {
    const name = bootstrap.metadata.name ?? '';
    const current = find(w, resource, name);
    if (!current) {
      withRng(w, rng, () => request({ verb: 'create', resource, body: cloneData(bootstrap), fieldManager: PRODUCER }));
      continue;
    }
    const next = revise(current, bootstrap, mandatory);
    if (next) request({ verb: 'update', resource, name, body: next, fieldManager: PRODUCER });
  }
}

/** removeConfiguration: what the producer once made and no longer does. */
function remove(w: World, request: Request, resource: string, keep: readonly KObject[]): void {
  const names = new Set(keep.map((o) => o.metadata.name));
  for (const o of stored(w, resource)) {
    if (names.has(o.metadata.name) || parseGoBool(o.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]) !== true) continue;
    request({ verb: 'delete', resource, name: o.metadata.name ?? '' });
  }
}

/** One pass of the producer (ensure: suggested, then mandatory, then removal). */
export function producerPass(w: World, request: Request): void {
  // One stream per pass, seeded by its time: a recreated object gets a uid of its own.
  const rng = seedRng((w.seed ^ APF_STREAM ^ Math.floor(w.now / 1000)) >>> 0);
  ensure(w, request, rng, FLOW_SCHEMAS, SUGGESTED_FLOW_SCHEMAS, false);
  ensure(w, request, rng, PRIORITY_LEVELS, SUGGESTED_PRIORITY_LEVELS, false);
  ensure(w, request, rng, FLOW_SCHEMAS, MANDATORY_FLOW_SCHEMAS, true);
  ensure(w, request, rng, PRIORITY_LEVELS, MANDATORY_PRIORITY_LEVELS, true);
  remove(w, request, FLOW_SCHEMAS, [...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS]);
  remove(w, request, PRIORITY_LEVELS, [...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS]);
}

/** presyncFlowSchemaStatus for every FlowSchema: the Dangling condition written where it moved. */
export function consumerPass(w: World, request: Request): void {
  const levels = new Set(stored(w, PRIORITY_LEVELS).map((o) => o.metadata.name));
  for (const fs of stored<FlowSchema>(w, FLOW_SCHEMAS)) {
    if (fs.metadata.deletionTimestamp) continue;
    const plName = fs.spec?.priorityLevelConfiguration?.name ?? '';
    const dangling = !levels.has(plName);
    const want: FlowSchemaCondition = dangling
      ? { type: 'Dangling', status: 'True', reason: 'NotFound', message: `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(plName)} but there is no such object` }
      : { type: 'Dangling', status: 'False', reason: 'Found', message: `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(plName)} and it exists` };
    const conditions = fs.status?.conditions ?? [];
    const have = conditions.find((c) => c.type === 'Dangling');
    if (have && have.status === want.status && have.reason === want.reason && have.message === want.message) continue;
    const condition = { type: 'Dangling', status: want.status, lastTransitionTime: rfc3339(w.now), reason: want.reason, message: want.message };
    const next = cloneData(fs);
    next.status = { conditions: [...conditions.filter((c) => c.type !== 'Dangling'), condition] };
    request({ verb: 'update', resource: FLOW_SCHEMAS, subresource: 'status', name: fs.metadata.name ?? '', body: next, fieldManager: CONSUMER });
  }
}

/** storage.ts calls this on every commit: a flowcontrol object's commit arms both loops. */
export function apfSawCommit(w: World, self: ApiServerState | undefined, resource: string): void {
  if ((resource !== FLOW_SCHEMAS && resource !== PRIORITY_LEVELS) || !self?.running) return;
  if (!self.apfConsumerArmed) {
    self.apfConsumerArmed = true;
    setTimer(w, self, 0, APF_CONSUMER_TIMER);
  }
  const next = (Math.floor(w.now / PRODUCER_INTERVAL_MS) + 1) * PRODUCER_INTERVAL_MS;
  if (self.apfProducerAt !== next) {
    self.apfProducerAt = next;
    setTimer(w, self, next - w.now, APF_PRODUCER_TIMER, String(next));
  }
}

/** The apiserver's timers of these loops; false for any other timer. */
export function onApfTimer(w: World, self: ApiServerState, name: string, arg: string | undefined, request: Request): boolean {
  if (name === APF_CONSUMER_TIMER) {
    delete self.apfConsumerArmed;
    consumerPass(w, request);
    return true;
  }
  if (name === APF_PRODUCER_TIMER) {
    // A later commit re-armed the pass for another minute: this one is stale.
    if (arg !== undefined && self.apfProducerAt !== Number(arg)) return true;
    delete self.apfProducerAt;
    producerPass(w, request);
    return true;
  }
  return false;
}
