/**
 * The request line client-go sends for a request of this kubectl (rest/request.go's URL): the
 * path of the resource, and the query keys sorted as url.Values.Encode sorts them. The -v log
 * prints it (request-log.ts), and so does a request that could not be sent (Go's url.Error:
 * `Post "https://…": dial tcp …`). Recorded from kubectl v1.35.2 against `reconcile serve`.
 */
import { resourceInfo, type ResourceInfo } from '../k8s/resources';
import type { Selector } from '../k8s/labels';
import { aggregatedResourceInfos, customResourceInfos } from './discovery';
import type { Request } from './client';

export const METHOD: Readonly<Record<string, string>> = { get: 'GET', list: 'GET', watch: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE', deletecollection: 'DELETE' };

/** Commands that carry --validate, and so ask for `fieldValidation=Strict` on the objects they write. */
const VALIDATING = new Set(['create', 'apply', 'replace', 'edit']);

/** Go's url.QueryEscape. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** A selector as labels.Selector's String writes it. */
export function selectorText(sel: Selector): string {
  return sel
    .map((r) => {
      if (!('values' in r)) return r.op === 'Exists' ? r.key : `!${r.key}`;
      const { values } = r;
      if (values.length === 1) return `${r.key}${r.op === 'In' ? '=' : '!='}${values[0]}`;
      return `${r.key} ${r.op === 'In' ? 'in' : 'notin'} (${values.join(',')})`;
    })
    .join(',');
}

/** The resource a request names: a custom or aggregated one first, then the built-in table. */
export function infoOf(resource: string, group: string | undefined): ResourceInfo | undefined {
  const matches = (r: ResourceInfo): boolean => r.resource === resource && (group === undefined || r.group === group);
  return customResourceInfos().find(matches) ?? aggregatedResourceInfos().find(matches) ?? resourceInfo(resource);
}

export function requestPath(req: Request): string {
  const info = infoOf(req.resource, req.group);
  const group = req.group ?? info?.group ?? '';
  const version = req.version ?? info?.version ?? 'v1';
  let p = group ? `/apis/${group}/${version}` : `/api/${version}`;
  if (req.namespace) p += `/namespaces/${req.namespace}`;
  p += `/${req.resource}`;
  if (req.name && !(req.verb === 'create' && !req.subresource)) p += `/${req.name}`;
  if (req.subresource) p += `/${req.subresource}`;
  return p;
}

export function requestQuery(req: Request, words: readonly string[]): string {
  const q: [string, string][] = [];
  if (req.subresource === 'log') logQuery(req, q);
  else if (req.subresource === 'exec' && req.execOptions) {
    const o = req.execOptions;
    for (const c of o.command) q.push(['command', c]);
    const container = o.container ?? req.container;
    if (container) q.push(['container', container]);
    q.push(['stderr', 'true']);
    if (o.stdin !== undefined) q.push(['stdin', 'true']);
    q.push(['stdout', 'true']);
    if (o.tty) q.push(['tty', 'true']);
  }
  if (req.verb === 'list') {
    if (req.fieldSelector?.length) q.push(['fieldSelector', fieldSelectorText(req, words)]);
    if (req.labelSelector?.length) q.push(['labelSelector', selectorText(req.labelSelector)]);
    q.push(['limit', '500']);
  }
  const writes = req.verb === 'create' || req.verb === 'update' || req.verb === 'patch';
  if (writes) {
    if (req.dryRun) q.push(['dryRun', 'All']);
    const manager = req.apply?.fieldManager ?? req.fieldManager;
    if (manager) q.push(['fieldManager', manager]);
    const validation = req.fieldValidation ?? (VALIDATING.has(words[0] ?? '') && !req.subresource ? 'Strict' : undefined);
    if (validation) q.push(['fieldValidation', validation]);
    // Server-side apply always says whether it forces (recorded: `…&force=false`).
    if (req.apply) q.push(['force', String(req.apply.force === true)]);
  }
  if (!q.length) return '';
  // A stable sort: repeated keys (exec's `command`) keep their order, as url.Values.Encode writes them.
  q.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${q.map(([k, v]) => `${k}=${queryEscape(v)}`).join('&')}`;
}

/** kubectl logs' PodLogOptions (recorded: `/log?container=t1&tailLines=1`). */
function logQuery(req: Request, q: [string, string][]): void {
  const o = req.logOptions ?? {};
  const container = o.container ?? req.container;
  if (container) q.push(['container', container]);
  if (o.limitBytes !== undefined) q.push(['limitBytes', String(o.limitBytes)]);
  if (o.previous) q.push(['previous', 'true']);
  if (o.sinceSeconds !== undefined) q.push(['sinceSeconds', String(o.sinceSeconds)]);
  if (o.sinceTime !== undefined) q.push(['sinceTime', o.sinceTime]);
  if (o.tailLines !== undefined) q.push(['tailLines', String(o.tailLines)]);
  if (o.timestamps) q.push(['timestamps', 'true']);
}

/**
 * describe's Events query names the object as kubectl describe builds it (recorded:
 * `involvedObject.namespace=default,involvedObject.uid=…,involvedObject.name=t1`).
 */
export function fieldSelectorText(req: Request, words: readonly string[]): string {
  const terms = [...(req.fieldSelector ?? [])];
  if (words[0] === 'describe' && req.resource === 'events') {
    const rank = (f: string): number => ['involvedObject.namespace', 'involvedObject.uid', 'involvedObject.name'].indexOf(f);
    terms.sort((a, b) => rank(a.field) - rank(b.field));
  }
  return terms.map((f) => `${f.field}${f.op}${f.value}`).join(',');
}

/** Go's url.Error for a request that never got an answer: `Post "https://…/deployments?…": dial tcp …`. */
export function urlError(req: Request, words: readonly string[], serverBase: string, message: string): string {
  const method = req.subresource === 'exec' || req.subresource === 'attach' ? 'GET' : (METHOD[req.verb] ?? 'GET');
  return `${method[0]}${method.slice(1).toLowerCase()} ${JSON.stringify(`${serverBase}${requestPath(req)}${requestQuery(req, words)}`)}: ${message}`;
}
