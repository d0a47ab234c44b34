/**
 * printers.go's networking.k8s.io tables: printNetworkPolicy (the podSelector, `<none>` when it
 * selects every Pod), printServiceCIDR (its CIDRs joined by commas) and printIPAddress.
 */
import type { IPAddress, NetworkPolicy, ServiceCIDR } from '../../k8s/types';
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

export const NETWORKING_TABLES: Record<string, TableDef> = { networkpolicies: networkPolicy, servicecidrs: serviceCIDR, ipaddresses: ipAddress };
