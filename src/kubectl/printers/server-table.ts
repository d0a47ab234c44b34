/**
 * Server-side printing: a list, an object or a watch event rendered as a `meta.k8s.io/v1` Table
 * with the same columns and cells our kubectl port prints (src/kubectl/printers/columns.ts, the
 * port of printers.go), so a real `kubectl get` shows what the headless runner shows. Wide
 * columns carry priority 1 (kubectl shows them with `-o wide`). Column names are kept in the
 * upper case our printers use; kubectl upper-cases them anyway.
 * Here rather than in src/serve because kubectl's `-v=8` log (request-log.ts) prints the Table a
 * server answers `kubectl get` with, as serve writes it.
 */
import type { ApiQuery } from '../../k8s/api-query';
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { tableFor, type TableDef } from './columns';
import { customTable } from './crd-columns';
import { toServed } from '../../k8s/served-versions';

export const TABLE_MEDIA = 'application/json;as=Table;v=v1;g=meta.k8s.io';

/** Whether an Accept header asks for a Table (kubectl lists it first, then plain JSON). */
export function wantsTable(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((t) => t.includes('as=Table') && t.includes('g=meta.k8s.io'));
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface TableOptions {
  /** Omit the column definitions (every watch event after the first). */
  noHeaders: boolean;
  includeObject: IncludeObject;
}

export function includeObjectOf(query: ApiQuery): IncludeObject {
  const v = query.get('includeObject');
  return v === 'None' || v === 'Object' ? v : 'Metadata';
}

function rowObject(info: ResourceInfo, stored: KObject, include: IncludeObject): object | undefined {
  if (include === 'None') return undefined;
  // The row's object is at the request's version (autoscaling/v1 HPAs are converted).
  const obj = toServed(info, stored);
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/**
 * `objs` are stored objects: kube-apiserver's printers read the internal object whatever version
 * was asked for (converting through v1 would reorder an HPA's metrics); the row's object is
 * converted to `info`'s version. `def` replaces the resource's table for a view of it (a Scale).
 */
export function toTable(info: ResourceInfo, objs: KObject[], now: number, resourceVersion: string, opts: TableOptions, def: TableDef = customTable(info) ?? tableFor(info.resource)): object {
  const rows = (def.order ? def.order(objs) : objs).map((o) => {
    const object = rowObject(info, o, opts.includeObject);
    return { cells: def.cells(o, now), ...(object ? { object } : {}) };
  });
  const columnDefinitions = opts.noHeaders
    ? undefined
    : def.columns.map((c) => ({ name: c.name, type: 'string', format: c.name === 'NAME' ? 'name' : '', description: '', priority: c.wide ? 1 : 0 }));
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion }, ...(columnDefinitions ? { columnDefinitions } : {}), rows };
}
