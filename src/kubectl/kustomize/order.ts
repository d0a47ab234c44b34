/**
 * The order kustomize writes resources in (SortOrderTransformer): `legacy` unless the
 * kustomization's sortOptions say `fifo` — kinds of orderFirst first, orderLast last, the rest
 * by group, version and kind, then by id; `fifo` keeps the order they were read in.
 */
import { KustomizeError, type SortOptions } from './kustomization';
import { gvkOf, gvkString, nameOf, namespaceOf, type Gvk, type Res } from './resource';

/** defaultOrderFirst / defaultOrderLast ("DO NOT CHANGE!"). */
const ORDER_FIRST = [
  'Namespace',
  'ResourceQuota',
  'StorageClass',
  'CustomResourceDefinition',
  'ServiceAccount',
  'PodSecurityPolicy',
  'Role',
  'ClusterRole',
  'RoleBinding',
  'ClusterRoleBinding',
  'ConfigMap',
  'Secret',
  'Endpoints',
  'Service',
  'LimitRange',
  'PriorityClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'Deployment',
  'StatefulSet',
  'CronJob',
  'PodDisruptionBudget',
];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

const gvkSortString = (g: Gvk): string => [g.group || '~G', g.version || '~V', g.kind || '~K'].join('_');
const idSortString = (r: Res): string => [gvkString(gvkOf(r.obj)), namespaceOf(r.obj) || '~X', nameOf(r.obj) || '~N'].join('|');

/** Go's string comparison: by UTF-8 bytes, which is code point order. */
function less(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < x.length && i < y.length; i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d < 0;
  }
  return x.length < y.length;
}

export function sortResources(resources: Res[], options: SortOptions | undefined): Res[] {
  const order = options?.order ?? 'legacy';
  if (order !== 'fifo' && order !== 'legacy') throw new KustomizeError("the field 'sortOptions.order' must be one of [fifo, legacy]");
  if (order === 'fifo') {
    if (options?.legacySortOptions) throw new KustomizeError("the field 'sortOptions.legacySortOptions' is set but the selected sort order is 'fifo', not 'legacy'");
    return resources;
  }
  const first = options?.legacySortOptions?.orderFirst ?? (options?.legacySortOptions ? [] : ORDER_FIRST);
  const last = options?.legacySortOptions?.orderLast ?? (options?.legacySortOptions ? [] : ORDER_LAST);
  const rank = new Map<string, number>();
  first.forEach((k, i) => rank.set(k, -first.length + i));
  last.forEach((k, i) => rank.set(k, 1 + i));
  const lessRes = (a: Res, b: Res): boolean => {
    const ga = gvkOf(a.obj);
    const gb = gvkOf(b.obj);
    if (ga.group !== gb.group || ga.version !== gb.version || ga.kind !== gb.kind) {
      const ia = rank.get(ga.kind) ?? 0;
      const ib = rank.get(gb.kind) ?? 0;
      if (ia !== ib) return ia < ib;
      if (ga.kind === 'Namespace' && gb.kind === 'Namespace' && (ga.group === '' || gb.group === '')) return less(gvkSortString(gb), gvkSortString(ga));
      return less(gvkSortString(ga), gvkSortString(gb));
    }
    return less(idSortString(a), idSortString(b));
  };
  return [...resources].sort((a, b) => (lessRes(a, b) ? -1 : lessRes(b, a) ? 1 : 0));
}
