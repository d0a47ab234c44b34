/**
 * printers.go's networking.k8s.io tables: printNetworkPolicy (the podSelector, `<none>` when it
 * selects every Pod), printIngress and printIngressClass, printServiceCIDR (its CIDRs joined by
 * commas) and printIPAddress.
 */
import type { Ingress, IngressClass, IPAddress, NetworkPolicy, ServiceCIDR } from '../../k8s/types';
import { formatLabelSelector } from '../../k8s/labels';
import { since } from '../../k8s/printers/util';
import type { TableDef } from './columns';

const networkPolicy: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'POD-SELECTOR' }, { name: 'AGE' }],
  cells(o, now) {
    const np = o as NetworkPolicy;
    return [o.metadata.name ?? '', formatLabelSelector(np.spec?.podSelector), since(o.metadata.creationTimestamp, now)];
  },
};

/** formatHosts: the first three hosts, `*` when no rule names one. */
function formatHosts(ing: Ingress): string {
  const rules = ing.spec?.rules ?? [];
  const max = 3;
  const list: string[] = [];
  let more = false;
  for (const r of rules) {
    if (list.length === max) more = true;
    if (!more && r.host) list.push(r.host);
  }
  if (list.length === 0) return '*';
  return more ? `${list.join(',')} + ${rules.length - max} more...` : list.join(',');
}

/** LoadBalancerWidth: the ADDRESS cell outside -o wide (the table here is not rebuilt for wide). */
const LOAD_BALANCER_WIDTH = 16;

/** ingressLoadBalancerStatusStringer: distinct IPs or hostnames, sorted. */
function ingressAddress(ing: Ingress): string {
  const set = new Set((ing.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter((a) => a !== ''));
  const r = [...set].sort().join(',');
  return r.length > LOAD_BALANCER_WIDTH ? `${r.slice(0, LOAD_BALANCER_WIDTH - 3)}...` : r;
}

const ingress: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'CLASS' }, { name: 'HOSTS' }, { name: 'ADDRESS' }, { name: 'PORTS' }, { name: 'AGE' }],
  cells(o, now) {
    const ing = o as Ingress;
    const ports = ing.spec?.tls?.length ? '80, 443' : '80';
    return [o.metadata.name ?? '', ing.spec?.ingressClassName ?? '<none>', formatHosts(ing), ingressAddress(ing), ports, since(o.metadata.creationTimestamp, now)];
  },
};

const ingressClass: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'CONTROLLER' }, { name: 'PARAMETERS' }, { name: 'AGE' }],
  cells(o, now) {
    const p = (o as IngressClass).spec?.parameters;
    const params = p ? `${p.kind}${p.apiGroup !== undefined ? `.${p.apiGroup}` : ''}/${p.name}` : '<none>';
    return [o.metadata.name ?? '', (o as IngressClass).spec?.controller ?? '', params, since(o.metadata.creationTimestamp, now)];
  },
};

const serviceCIDR: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'CIDRS' }, { name: 'AGE' }],
  cells: (o, now) => [o.metadata.name ?? '', ((o as ServiceCIDR).spec?.cidrs ?? []).join(','), since(o.metadata.creationTimestamp, now)],
};

/**
 * The parent as `<resource>[.<group>]/[<namespace>/]<name>`. Upstream's row has an AGE cell too,
 * but its table defines only two columns, and kubectl prints no more cells than columns.
 */
const ipAddress: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'PARENTREF' }],
  cells(o) {
    const ref = (o as IPAddress).spec?.parentRef;
    if (!ref) return [o.metadata.name ?? '', '<none>'];
    const gr = (ref.group ? `${ref.resource ?? ''}.${ref.group}` : (ref.resource ?? '')).toLowerCase();
    return [o.metadata.name ?? '', `${gr}${ref.namespace ? `/${ref.namespace}` : ''}/${ref.name ?? ''}`];
  },
};

export const NETWORKING_TABLES: Record<string, TableDef> = { networkpolicies: networkPolicy, ingresses: ingress, ingressclasses: ingressClass, servicecidrs: serviceCIDR, ipaddresses: ipAddress };
