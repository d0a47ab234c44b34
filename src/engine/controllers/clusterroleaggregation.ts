/**
 * The ClusterRole aggregation controller (`clusterrole-aggregation-controller`,
 * pkg/controller/clusterroleaggregation): a ClusterRole with an aggregationRule gets, as its
 * rules, the rules of every other ClusterRole its selectors match, by role name, each rule
 * once. Any ClusterRole change requeues every aggregated role, since a label or rule anywhere
 * may change what one gathers.
 */
import type { KObject } from '../../k8s/types';
import type { ClusterRole, PolicyRule } from '../../k8s/rbac';
import { fromLabelSelector, matches } from '../../k8s/labels';
import { componentId } from '../core/ids';
import type { Delta } from '../client/informer';
import { listCache } from '../client/informer';
import { semanticEqual } from '../apiserver/validation/field';
import { DONE, type ControllerContext, type ControllerDef, type ReconcileResult } from './framework';
import { statusCode } from './util/errors';

/** The rules `role`'s aggregationRule gathers from `all` (syncClusterRole's loop). */
export function aggregatedRules(role: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const ls of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const sel = fromLabelSelector(ls);
    const picked = all.filter((r) => matches(sel, r.metadata.labels)).sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
    for (const r of picked) {
      if (r.metadata.name === role.metadata.name) continue;
      for (const rule of r.rules ?? []) if (!out.some((o) => semanticEqual(o, rule))) out.push(rule);
    }
  }
  return out;
}

function keysFor(ctx: ControllerContext, _resource: string, _d: Delta): string[] {
  return listCache<ClusterRole>(ctx.cache('clusterroles'))
    .filter((r) => r.aggregationRule)
    .map((r) => r.metadata.name ?? '');
}

function syncClusterRole(ctx: ControllerContext, name: string): ReconcileResult {
  const inf = ctx.cache('clusterroles');
  const role = inf.cache.get(name) as ClusterRole | undefined;
  if (!role?.aggregationRule) return DONE;
  const rules = aggregatedRules(role, listCache<ClusterRole>(inf));
  // Semantic equality: no rules and `rules: null` are the same.
  if (semanticEqual(rules, role.rules ?? [])) return DONE;
  const next = { ...role, rules } as KObject;
  const res = ctx.request({ verb: 'update', resource: 'clusterroles', name, body: next });
  if (res.ok || statusCode(res) === 404) return DONE;
  return { kind: 'error', message: res.error.message };
}

export const clusterRoleAggregationController: ControllerDef = {
  name: 'clusterrole-aggregation',
  actor: componentId('clusterrole-aggregation-controller'),
  informers: ['clusterroles'],
  keysFor,
  reconcile: syncClusterRole,
};
