/**
 * PodCondition's `lastProbeTime` is a metav1.Time value, not a pointer: a condition decoded
 * without it holds the zero time, which the serializer writes as `null`.
 * A strategic merge patch deletes a field it sets to null (the kubelet's status patch sends
 * `"lastProbeTime": null` for every new condition), so a stored Pod's conditions get the keys
 * back here, as the decode–encode round trip of a typed object gives it back upstream.
 * (`lastTransitionTime` is the same kind of field; every writer here sets it, so it is left.)
 *
 * This is the request decoder's value-time rule (the schema grammar's `time`, go-structs/core.ts) on
 * the one status path that needs it. Status is not decoded against the schema: it is `any` in the
 * tables and status writes skip the decode stage, because a schema walk of every Pod status write
 * — the most frequent write the engine makes — would cost more than this one check of the
 * conditions, and every other status writer already writes what upstream's encoder prints.
 */
import type { PodStatus } from '../../k8s/types';

type Conditions = NonNullable<PodStatus['conditions']>;

/** `status` itself when every condition has its probe time; otherwise a copy whose conditions do. */
export function withConditionTimes<S extends PodStatus | undefined>(status: S): S {
  const conditions = status?.conditions;
  if (!conditions || conditions.every(hasProbeTime)) return status;
  const filled: Conditions = conditions.map((c) => (hasProbeTime(c) ? c : { ...c, lastProbeTime: null }));
  return { ...status, conditions: filled };
}

function hasProbeTime(c: Conditions[number]): boolean {
  return c.lastProbeTime !== undefined;
}
