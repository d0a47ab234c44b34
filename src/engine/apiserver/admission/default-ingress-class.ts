/**
 * DefaultIngressClass (plugin/pkg/admission/network/defaultingressclass): on create, an Ingress
 * that names no class, by spec.ingressClassName or the legacy kubernetes.io/ingress.class
 * annotation, gets the IngressClass annotated ingressclass.kubernetes.io/is-default-class=true.
 * Several defaults are no error since v1.28: the newest wins, and of equally old ones the first
 * by name. The plugin only writes a name; no class need exist, and nothing acts on it.
 */
import type { Ingress } from '../../../k8s/types';
import type { MutatingPlugin } from './types';

const IS_DEFAULT_CLASS = 'ingressclass.kubernetes.io/is-default-class';
const LEGACY_CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

/** Go's string order (RFC 3339 timestamps of one format sort as the times do). */
function byteCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const DefaultIngressClass: MutatingPlugin = {
  name: 'DefaultIngressClass',
  admit(w, a) {
    if (a.info.resource !== 'ingresses' || a.operation !== 'CREATE' || a.subresource) return false;
    const ing = a.obj as Ingress;
    if (ing.spec?.ingressClassName !== undefined) return false;
    if (ing.metadata.annotations?.[LEGACY_CLASS_ANNOTATION] !== undefined) return false;
    const chosen = [...(w.etcd.kv.get('ingressclasses')?.values() ?? [])]
      .filter((c) => c.metadata.annotations?.[IS_DEFAULT_CLASS] === 'true')
      .sort((x, y) => byteCompare(y.metadata.creationTimestamp ?? '', x.metadata.creationTimestamp ?? '') || byteCompare(x.metadata.name ?? '', y.metadata.name ?? ''))[0];
    if (!chosen) return false;
    ing.spec = { ...ing.spec, ingressClassName: chosen.metadata.name ?? '' };
    return true;
  },
};
