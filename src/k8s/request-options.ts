/**
 * A GET's query as kube-apiserver decodes it into its options: ListOptions' label and field
 * selectors, PodLogOptions. The served cluster and the page's `kubectl get --raw` both hand
 * these to the engine, so a URL's `?labelSelector=` or `?tailLines=` means the same in both.
 */
import { queryFlag, type ApiQuery } from './api-query';
import { parseFieldSelector, type FieldRequirement } from './field-selector';
import { parseSelector, type Selector } from './labels';

export interface ListSelectors {
  labelSelector?: Selector;
  fieldSelector?: FieldRequirement[];
}

/** `?labelSelector=` and `?fieldSelector=`, or the parse error kube-apiserver answers 400 with. */
export function listSelectors(q: ApiQuery): ListSelectors | string {
  const out: ListSelectors = {};
  const label = q.get('labelSelector');
  if (label) {
    const p = parseSelector(label);
    if (!p.ok) return p.error;
    out.labelSelector = p.selector;
  }
  const field = q.get('fieldSelector');
  if (field) {
    const p = parseFieldSelector(field);
    if (typeof p === 'string') return p;
    out.fieldSelector = p;
  }
  return out;
}

/** PodLogOptions without `follow`, which is the caller's (only the served cluster streams). */
export interface PodLogOptions {
  container?: string;
  previous?: boolean;
  timestamps?: boolean;
  tailLines?: number;
  sinceSeconds?: number;
  sinceTime?: string;
  limitBytes?: number;
}

export function podLogOptions(q: ApiQuery): PodLogOptions {
  const o: PodLogOptions = {};
  const container = q.get('container');
  if (container) o.container = container;
  if (queryFlag(q, 'previous')) o.previous = true;
  if (queryFlag(q, 'timestamps')) o.timestamps = true;
  const n = (k: string): number | undefined => (q.has(k) && Number.isFinite(Number(q.get(k))) ? Number(q.get(k)) : undefined);
  const tail = n('tailLines');
  if (tail !== undefined) o.tailLines = tail;
  const since = n('sinceSeconds');
  if (since !== undefined) o.sinceSeconds = since;
  const limit = n('limitBytes');
  if (limit !== undefined) o.limitBytes = limit;
  const sinceTime = q.get('sinceTime');
  if (sinceTime) o.sinceTime = sinceTime;
  return o;
}
