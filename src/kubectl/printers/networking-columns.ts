/** printers.go's printNetworkPolicy: the name, the policy's podSelector (`<none>` when it selects every Pod), the age. */
import type { NetworkPolicy } from '../../k8s/types';
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

export const NETWORKING_TABLES: Record<string, TableDef> = { networkpolicies: networkPolicy };
