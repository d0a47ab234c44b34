/**
 * The human-readable `kubectl get` table: server columns, then kubectl's decorations
 * (NAMESPACE first with -A, `kind/name` when several kinds are printed, -L label columns,
 * LABELS with --show-labels), upper-cased headers, laid out by the get tabwriter.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { kindString } from '../builder';
import { tableFor, type TableDef } from './columns';
import { customTable } from './crd-columns';
import type { TabWriter } from '../../k8s/go-tabwriter';
import { formatLabels } from '../../k8s/printers/util';
import { pushAll } from '../../k8s/arrays';

export interface TableOptions {
  wide: boolean;
  withNamespace: boolean;
  withKind: boolean;
  showLabels: boolean;
  labelColumns: string[];
}

export interface Table {
  header: string[];
  rows: string[][];
}

/** `def` replaces the resource's own table for a view of it (a `/scale` GET prints Scales). */
export function buildTable(info: ResourceInfo, objs: KObject[], opts: TableOptions, now: number, def: TableDef = customTable(info) ?? tableFor(info.resource)): Table {
  const keep = def.columns.map((c) => opts.wide || !c.wide);
  const cols = def.columns.filter((_, i) => keep[i]);
  const nameIdx = cols.findIndex((c) => c.name === 'NAME');
  const header = cols.map((c) => c.name);
  if (opts.withNamespace) header.unshift('NAMESPACE');
  pushAll(header, opts.labelColumns.map((l) => l.toUpperCase()));
  if (opts.showLabels) header.push('LABELS');
  const rows = objs.map((o) => {
    const cells = def.cells(o, now).filter((_, i) => keep[i]);
    if (opts.withKind && nameIdx >= 0) cells[nameIdx] = `${kindString(info)}/${cells[nameIdx]}`;
    if (opts.withNamespace) cells.unshift(o.metadata.namespace ?? '');
    for (const l of opts.labelColumns) cells.push(o.metadata.labels?.[l] ?? '');
    if (opts.showLabels) cells.push(formatLabels(o.metadata.labels));
    return cells;
  });
  return { header, rows };
}

/**
 * The rows of a list the server printed as a Table, in its printer's order where it sorts one
 * (printFlowSchemaList); a named GET's objects keep the order they were asked for.
 */
export function listedTableOrder(info: ResourceInfo, objs: KObject[]): KObject[] {
  const def = customTable(info) ?? tableFor(info.resource);
  return def.order ? def.order(objs) : objs;
}

/** Writes rows (and the header unless suppressed) into the tabwriter; the caller flushes. */
export function writeTable(tw: TabWriter, table: Table, withHeader: boolean): void {
  if (withHeader) tw.write(`${table.header.join('\t')}\n`);
  for (const r of table.rows) tw.write(`${r.join('\t')}\n`);
}
