/**
 * describeQuota, describeLimitRange and the namespace describer's sections for both
 * (DescribeResourceQuotas, DescribeLimitRanges) from kubectl pkg/describe/describe.go. A
 * LimitRange item's resources come from a Go map, so kubectl prints them in random order;
 * here they are sorted.
 */
import type { LimitRange, LimitRangeItem, ResourceQuota } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { formatOf, qty, qtyString, qtyValue } from '../../k8s/resource-list';
import type { Client } from '../client';
import { DescribeWriter } from './writer';

const SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

/** Quantity.String() of a stored value; an absent one is the zero Quantity, `0`. */
function show(v: string | undefined): string {
  return v === undefined ? '0' : qtyString(qty(v));
}

function writeScopes(w: DescribeWriter, level: number, scopes: string[] | undefined, bullet: string): void {
  if (!scopes?.length) return;
  const sorted = [...scopes].sort();
  w.write(level, `Scopes:\t${sorted.join(', ')}\n`);
  for (const s of sorted) if (SCOPE_HELP[s]) w.write(level, `${bullet}${SCOPE_HELP[s]}\n`);
}

export function describeQuota(q: ResourceQuota): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${q.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${q.metadata.namespace ?? ''}\n`);
  writeScopes(w, 0, q.spec?.scopes, ' * ');
  w.write(0, 'Resource\tUsed\tHard\n');
  w.write(0, '--------\t----\t----\n');
  const hard = q.status?.hard ?? {};
  const used = q.status?.used ?? {};
  for (const r of Object.keys(hard).sort()) {
    const h = qty(hard[r]);
    const u = used[r];
    // A used value in another format than its hard limit is reprinted as whole units in the hard's format.
    const shown = u === undefined ? '0' : formatOf(u) === h.format ? show(u) : qtyString({ milli: qtyValue(qty(u)) * 1000, format: h.format });
    w.write(0, `${r}\t${shown}\t${qtyString(h)}\n`);
  }
  return w.toString();
}

function limitRangeRows(w: DescribeWriter, level: number, items: LimitRangeItem[]): void {
  for (const item of items) {
    const names = new Set<string>();
    for (const l of [item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio]) for (const k of Object.keys(l ?? {})) names.add(k);
    const cell = (l: Record<string, string> | undefined, k: string): string => (l?.[k] === undefined ? '-' : show(l[k]));
    for (const k of [...names].sort()) {
      w.write(level, `${item.type}\t${k}\t${cell(item.min, k)}\t${cell(item.max, k)}\t${cell(item.defaultRequest, k)}\t${cell(item.default, k)}\t${cell(item.maxLimitRequestRatio, k)}\n`);
    }
  }
}

export function describeLimitRange(lr: LimitRange): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${lr.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${lr.metadata.namespace ?? ''}\n`);
  w.write(0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  limitRangeRows(w, 0, lr.spec?.limits ?? []);
  return w.toString();
}

/** DescribeResourceQuotas then DescribeLimitRanges, as the namespace describer ends. */
export function describeNamespacePolicies(w: DescribeWriter, client: Client, ns: string): void {
  const quotas = client.list(resourceInfo('resourcequotas')!, ns, {});
  const ranges = client.list(resourceInfo('limitranges')!, ns, {});
  w.write(0, '\n');
  const qs = quotas.ok ? (quotas.value as ResourceQuota[]) : [];
  if (qs.length === 0) w.write(0, 'No resource quota.\n');
  else {
    w.write(0, 'Resource Quotas\n');
    for (const q of [...qs].sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))) {
      w.write(1, `Name:\t${q.metadata.name ?? ''}\n`);
      writeScopes(w, 1, q.spec?.scopes, '* ');
      w.write(1, 'Resource\tUsed\tHard\n');
      w.write(1, '--------\t---\t---\n');
      const hard = q.status?.hard ?? {};
      for (const r of Object.keys(hard).sort()) w.write(1, `${r}\t${show(q.status?.used?.[r])}\t${show(hard[r])}\n`);
    }
  }
  w.write(0, '\n');
  const lrs = ranges.ok ? (ranges.value as LimitRange[]) : [];
  if (lrs.length === 0) {
    w.write(0, 'No LimitRange resource.\n');
    return;
  }
  w.write(0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of lrs) limitRangeRows(w, 0, (lr.spec?.limits ?? []).map((i) => ({ ...i, type: ` ${i.type}` })));
}
