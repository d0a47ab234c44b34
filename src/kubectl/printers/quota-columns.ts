/**
 * printers.go's printResourceQuota (NAME, AGE, REQUEST, LIMIT: `used/hard` of every hard
 * resource, the `limits.*` ones in LIMIT) and printLimitRange (NAME, CREATED AT in RFC 3339 UTC).
 */
import type { ResourceQuota } from '../../k8s/types';
import { qty, qtyString } from '../../k8s/resource-list';
import { since } from '../../k8s/printers/util';
import type { TableDef } from './columns';

const show = (v: string | undefined): string => (v === undefined ? '0' : qtyString(qty(v)));

const resourceQuota: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'AGE' }, { name: 'REQUEST' }, { name: 'LIMIT' }],
  cells(o, now) {
    const q = o as ResourceQuota;
    const hard = q.status?.hard ?? {};
    const request: string[] = [];
    const limit: string[] = [];
    for (const r of Object.keys(hard).sort()) {
      const pieces = r.split('.');
      (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(`${r}: ${show(q.status?.used?.[r])}/${show(hard[r])}`);
    }
    return [o.metadata.name ?? '', since(o.metadata.creationTimestamp, now), request.join(', '), limit.join(', ')];
  },
};

const limitRange: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'CREATED AT' }],
  cells(o) {
    // CreationTimestamp.Time.UTC().Format(time.RFC3339): what the API stores already.
    return [o.metadata.name ?? '', o.metadata.creationTimestamp ?? ''];
  },
};

export const QUOTA_TABLES: Record<string, TableDef> = { resourcequotas: resourceQuota, limitranges: limitRange };
