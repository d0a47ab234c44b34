/**
 * The table of a custom resource, as the apiextensions tableconvertor builds it on the server:
 * NAME, then the version's additionalPrinterColumns (priority > 0 only with `-o wide`), or the
 * default `Age` column when it declares none. Each cell is the column's JSONPath on the object:
 * a `date` is shown as an age, anything absent stays empty.
 */
import { customSource } from '../../k8s/apiextensions';
import type { ResourceInfo } from '../../k8s/resources';
import type { KObject } from '../../k8s/types';
import { since, goValue } from '../../k8s/printers/util';
import type { TableDef } from './columns';
import { findResults, parseTemplate, relaxedJsonPath } from './jsonpath';

const DEFAULT_COLUMNS = [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', priority: 0 }];

function cell(type: string, v: unknown, now: number): string {
  if (v === undefined || v === null) return '';
  if (type === 'date' && typeof v === 'string') return since(v, now);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return goValue(v);
}

/** The table of a custom resource; undefined for a built-in one. */
export function customTable(info: ResourceInfo): TableDef | undefined {
  const custom = customSource(info);
  if (!custom) return undefined;
  const declared = custom.columns.length ? custom.columns : DEFAULT_COLUMNS;
  const paths = declared.map((c) => {
    try {
      return parseTemplate(relaxedJsonPath(c.jsonPath));
    } catch {
      return undefined;
    }
  });
  return {
    columns: [{ name: 'NAME' }, ...declared.map((c) => ({ name: c.name.toUpperCase(), ...((c.priority ?? 0) > 0 ? { wide: true } : {}) }))],
    cells: (o: KObject, now: number) => [
      o.metadata.name ?? '',
      ...declared.map((c, i) => {
        const nodes = paths[i];
        if (!nodes) return '';
        let found: unknown[][];
        try {
          found = findResults(nodes, o as never);
        } catch {
          return '';
        }
        return cell(c.type, found[0]?.[0], now);
      }),
    ],
  };
}

/** printers.go's CustomResourceDefinition columns: NAME and CREATED AT (the RFC 3339 timestamp). */
export const CRD_TABLES: Record<string, TableDef> = {
  customresourcedefinitions: {
    columns: [{ name: 'NAME' }, { name: 'CREATED AT' }],
    cells: (o) => [o.metadata.name ?? '', o.metadata.creationTimestamp ?? ''],
  },
};
