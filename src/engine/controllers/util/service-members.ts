/**
 * Which Pods each Service selects, kept from Pod and Service deltas the way both endpoint
 * controllers need it (upstream each lists Pods by the Service's selector on every sync; at
 * 30,000 Pods that listing is the whole cost, so here membership is maintained incrementally):
 * a Pod update costs a look at the Services filed under its own labels, and a sync reads only
 * the Service's members.
 */
import type { Pod, Service } from '../../../k8s/types';
import { fromMap, matches } from '../../../k8s/labels';
import { metaKey, type Delta } from '../../client/informer';
import type { ControllerContext } from '../framework';
import { indexAdd, indexKeys, indexMove, indexRemove, type KeyIndex } from './state';

export interface ServiceMembers {
  /** namespace → Pod keys. */
  podsByNamespace: KeyIndex;
  /**
   * `namespace/key=value` → keys of the Services whose selector has that pair as its first
   * (sorted) requirement: a Pod can only match Services filed under one of its own labels.
   */
  servicesByPair: KeyIndex;
  /** namespace → Services with an empty selector (they select every Pod). */
  selectAll: KeyIndex;
  /** Service key → keys of the Pods its selector matches. */
  members: KeyIndex;
  /** Pod key → keys of the Services it is a member of. */
  memberOf: KeyIndex;
}

export function newServiceMembers(): ServiceMembers {
  return { podsByNamespace: new Map(), servicesByPair: new Map(), selectAll: new Map(), members: new Map(), memberOf: new Map() };
}

/** Where a Service is filed for Pod lookups; undefined without a selector. */
function selectorBucket(svc: Service | undefined): { pair: string } | { all: true } | undefined {
  const sel = svc?.spec.selector;
  if (!svc || !sel) return undefined;
  const keys = Object.keys(sel).sort();
  if (keys.length === 0) return { all: true };
  return { pair: `${svc.metadata.namespace}/${keys[0]}=${sel[keys[0]!]}` };
}

function fileService(s: ServiceMembers, key: string, svc: Service | undefined, add: boolean): void {
  const b = selectorBucket(svc);
  if (!b) return;
  const [idx, bucket] = 'all' in b ? [s.selectAll, svc!.metadata.namespace ?? ''] : [s.servicesByPair, b.pair];
  if (add) indexAdd(idx, bucket, key);
  else indexRemove(idx, bucket, key);
}

function setMember(s: ServiceMembers, svcKey: string, podKey: string, member: boolean): void {
  if (member) {
    indexAdd(s.members, svcKey, podKey);
    indexAdd(s.memberOf, podKey, svcKey);
  } else {
    indexRemove(s.members, svcKey, podKey);
    indexRemove(s.memberOf, podKey, svcKey);
  }
}

function selects(svc: Service | undefined, pod: Pod | undefined): boolean {
  if (!svc || !pod || !svc.spec.selector) return false;
  return matches(fromMap(svc.spec.selector), pod.metadata.labels);
}

/**
 * Applies a Pod delta; returns the Services to resync: those whose membership changed, and
 * those it stays in when `viewChanged` says what they publish of it changed. It is asked only
 * then: most Pods are in no Service, and comparing what would be published costs more than
 * the rest of the delta.
 */
export function podDelta(ctx: ControllerContext, s: ServiceMembers, d: Delta, viewChanged: () => boolean): string[] {
  const cur = d.cur as Pod | undefined;
  const old = d.old as Pod | undefined;
  const pod = (cur ?? old)!;
  const key = metaKey(pod);
  const ns = pod.metadata.namespace ?? '';
  indexMove(s.podsByNamespace, key, old ? ns : undefined, cur ? ns : undefined);
  // Services the Pod was in, and those its current labels could put it in.
  const candidates = new Set(indexKeys(s.memberOf, key));
  for (const k of indexKeys(s.selectAll, ns)) candidates.add(k);
  for (const [k, v] of Object.entries(cur?.metadata.labels ?? {})) for (const svcKey of indexKeys(s.servicesByPair, `${ns}/${k}=${v}`)) candidates.add(svcKey);
  const keys: string[] = [];
  let changed: boolean | undefined;
  for (const svcKey of candidates) {
    const svc = ctx.cache('services').cache.get(svcKey) as Service | undefined;
    const was = s.members.get(svcKey)?.has(key) ?? false;
    const is = selects(svc, cur);
    if (is !== was) setMember(s, svcKey, key, is);
    if (is !== was || (is && (changed ??= viewChanged()))) keys.push(svcKey);
  }
  return keys;
}

/** Applies a Service delta (re-filing it and recomputing its members when its selector changed). */
export function serviceDelta(ctx: ControllerContext, s: ServiceMembers, d: Delta): string {
  const svc = (d.cur ?? d.old)!;
  const key = metaKey(svc);
  const ns = svc.metadata.namespace ?? '';
  const oldSel = JSON.stringify((d.old as Service | undefined)?.spec.selector ?? null);
  const curSel = JSON.stringify((d.cur as Service | undefined)?.spec.selector ?? null);
  if (!d.old || !d.cur || oldSel !== curSel) {
    fileService(s, key, d.old as Service | undefined, false);
    fileService(s, key, d.cur as Service | undefined, true);
    for (const pk of indexKeys(s.members, key)) setMember(s, key, pk, false);
    const pods = ctx.cache('pods').cache;
    if (d.cur) for (const pk of indexKeys(s.podsByNamespace, ns)) if (selects(d.cur as Service, pods.get(pk) as Pod | undefined)) setMember(s, key, pk, true);
  }
  return key;
}
