/**
 * Narration of a request's life in the control plane: the request, kube-apiserver's stages,
 * the etcd transaction and commit, the response, and the watch events it fans out.
 * Each function parses the summary the engine wrote (src/engine/apiserver/handler.ts,
 * storage.ts, client/watch-host.ts); a summary it does not recognise falls back to the
 * summary itself, so a new engine message is never silent, only less fluent.
 */
import type { TraceRecord } from '../../engine/core/trace';
import type { MessageKey } from '../i18n/catalog';
import { actor, objectPhrase, podPhrase, qualified, type Say } from './words';

/** How far back narration looks for the record that explains this one (a binding's node). */
const LOOKBACK = 600;

export interface ApiPath {
  resource: string;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** Namespaces' own subresources: `/api/v1/namespaces/x/status` is not a resource called status in x. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/** `/apis/apps/v1/namespaces/default/deployments/go-api/status` → its parts; undefined for non-API paths. */
export function parseApiPath(path: string): ApiPath | undefined {
  const m = /^\/(?:api\/v1|apis\/[^/]+\/[^/]+)\/(.+)$/.exec(path.split('?')[0] ?? '');
  if (!m) return undefined;
  const seg = m[1]!.split('/').filter(Boolean);
  let namespace: string | undefined;
  if (seg[0] === 'namespaces' && seg.length >= 3 && !NAMESPACE_SUBRESOURCES.has(seg[2]!)) {
    namespace = seg[1];
    seg.splice(0, 2);
  }
  const [resource, name, subresource] = seg;
  if (!resource) return undefined;
  return { resource, ...(namespace ? { namespace } : {}), ...(name ? { name } : {}), ...(subresource ? { subresource } : {}) };
}

/** The node kube-scheduler chose for a Pod: its latest `schedule` record before this moment. */
export function scheduledNode(context: readonly TraceRecord[], namespace: string | undefined, name: string): string | undefined {
  for (let i = context.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const r = context[i]!;
    if (r.kind !== 'schedule' || r.object?.name !== name || (r.object.namespace ?? '') !== (namespace ?? '')) continue;
    return /; selected (\S+)$/.exec(r.summary)?.[1];
  }
  return undefined;
}

function requestOf(context: readonly TraceRecord[], requestId: number | undefined): TraceRecord | undefined {
  if (requestId === undefined) return undefined;
  for (let i = context.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const r = context[i]!;
    if (r.kind === 'request' && r.requestId === requestId) return r;
  }
  return undefined;
}

function whatOf(say: Say, r: TraceRecord, p: ApiPath): string {
  if (r.object && r.object.name !== '') return objectPhrase(say, r.object);
  if (p.name) return `${r.object?.kind.toLowerCase() ?? p.resource} ${qualified(p.namespace, p.name)}`;
  return objectPhrase(say, r.object);
}

export function narrateRequest(say: Say, r: TraceRecord, context: readonly TraceRecord[]): string {
  const from = actor(say, r.from);
  const to = actor(say, r.to);
  const m = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/.exec(r.summary);
  const p = m ? parseApiPath(m[2]!) : undefined;
  if (!m || !p) {
    if (m && m[1] === 'GET' && /^\/(healthz|readyz|livez)\b/.test(m[2]!)) return say('narr.req.health', { from, to, path: m[2]! });
    return say('narr.req.other', { from, to, request: r.summary });
  }
  const verb = m[1]!;
  const what = whatOf(say, r, p);
  if (p.subresource === 'binding' && p.name) {
    const node = scheduledNode(context, p.namespace, p.name);
    const pod = `pod ${qualified(p.namespace, p.name)}`;
    return node ? say('narr.req.bind', { from, to, what: pod, node }) : say('narr.req.bindSomewhere', { from, to, what: pod });
  }
  if (p.subresource === 'status' && (verb === 'PUT' || verb === 'PATCH')) return say('narr.req.status', { from, to, what });
  if (p.subresource === 'scale' && verb !== 'GET') return say('narr.req.scale', { from, to, what });
  if (p.subresource === 'log') return say('narr.req.log', { from, to, what });
  if (p.subresource) return say('narr.req.other', { from, to, request: r.summary });
  switch (verb) {
    case 'GET':
      if (p.name) return say('narr.req.get', { from, to, what });
      return p.namespace ? say('narr.req.listIn', { from, to, resource: p.resource, namespace: p.namespace }) : say('narr.req.list', { from, to, resource: p.resource });
    case 'POST':
      return say('narr.req.create', { from, to, what });
    case 'PUT':
      return say('narr.req.update', { from, to, what });
    case 'PATCH':
      return say('narr.req.patch', { from, to, what });
    default:
      return p.name ? say('narr.req.delete', { from, to, what }) : say('narr.req.deleteAll', { from, to, resource: p.resource });
  }
}

const STAGE_NAME: Readonly<Record<string, MessageKey>> = {
  authn: 'narr.stage.authn',
  authz: 'narr.stage.authz',
  'mutating-admission': 'narr.stage.mutating',
  validation: 'narr.stage.validation',
  'validating-admission': 'narr.stage.validating',
};

/** authn … validating-admission: kube-apiserver's own pipeline, each a self-hop. */
export function narrateStage(say: Say, r: TraceRecord): string {
  const server = actor(say, r.from);
  const what = objectPhrase(say, r.object);
  const rejected = /^rejected: (.*)$/s.exec(r.summary);
  if (rejected) return say('narr.rejected', { server, stage: say(STAGE_NAME[r.kind] ?? 'narr.stage.validation'), message: rejected[1]! });
  let m: RegExpExecArray | null;
  switch (r.kind) {
    case 'authn':
      m = /^authenticated as "(.*)"$/.exec(r.summary);
      if (m) return say('narr.authn', { server, user: m[1]! });
      break;
    case 'authz':
      m = /^RBAC: (allowed|denied) (\S+) (\S+)$/.exec(r.summary);
      if (m) return say(m[1] === 'allowed' ? 'narr.authz.allowed' : 'narr.authz.denied', { server, verb: m[2]!, resource: m[3]! });
      break;
    case 'mutating-admission':
      if (r.summary === 'no mutation') return say('narr.mutate.none', { server, what });
      m = /^mutated by (.+)$/.exec(r.summary);
      if (m) return say('narr.mutate.changed', { server, what, plugins: m[1]! });
      break;
    case 'validation':
      if (/^\S+ is valid$/.test(r.summary)) return say('narr.validation.valid', { server, what });
      break;
    case 'validating-admission':
      if (r.summary === 'admitted') return say('narr.admit', { server, what });
      m = /^admitted delete of (\S+?)\/(\S+)$/.exec(r.summary);
      if (m) return say('narr.admit.delete', { server, what: r.object ? what : `${m[1]!} ${m[2]!}` });
      break;
    default:
      break;
  }
  return say('narr.fallback', { from: server, to: actor(say, r.to), summary: r.summary });
}

export function narrateEtcdWrite(say: Say, r: TraceRecord): string {
  const server = actor(say, r.from);
  const etcd = actor(say, r.to);
  const m = /^Txn (create|update|delete) (\S+)$/.exec(r.summary);
  if (!m) return say('narr.etcd.write.other', { server, etcd, txn: r.summary });
  const key: MessageKey = m[1] === 'create' ? 'narr.etcd.write.create' : m[1] === 'update' ? 'narr.etcd.write.update' : 'narr.etcd.write.delete';
  return say(key, { server, etcd, key: m[2]! });
}

export function narrateEtcdCommit(say: Say, r: TraceRecord, context: readonly TraceRecord[]): string {
  const etcd = actor(say, r.from);
  const commit = /^committed revision (\d+) \(quorum (\d+)\/(\d+)\)$/.exec(r.summary);
  if (commit) {
    const revision = commit[1]!;
    const req = requestOf(context, r.requestId);
    const bind = req ? /\/namespaces\/([^/]+)\/pods\/([^/]+)\/binding$/.exec(req.summary) : null;
    const node = bind ? scheduledNode(context, bind[1], bind[2]!) : undefined;
    if (req && bind && node) return say('narr.etcd.bound', { etcd, revision, scheduler: actor(say, req.from), pod: podPhrase(`${bind[1]!}/${bind[2]!}`), node });
    const members = Number(commit[3]);
    return members > 1 ? say('narr.etcd.commitQuorum', { etcd, revision, quorum: commit[2]!, members }) : say('narr.etcd.commit', { etcd, revision });
  }
  const error = /^error: (.*)$/s.exec(r.summary);
  if (error) return say('narr.etcd.error', { etcd, error: error[1]! });
  const raft = /^raft: (\S+) elected leader at term (\d+)(?: \(was (\S+)\))?$/.exec(r.summary);
  if (raft) {
    return raft[3] ? say('narr.etcd.leaderAfter', { member: raft[1]!, term: raft[2]!, previous: raft[3] }) : say('narr.etcd.leader', { member: raft[1]!, term: raft[2]! });
  }
  return say('narr.fallback', { from: etcd, to: actor(say, r.to), summary: r.summary });
}

export function narrateResponse(say: Say, r: TraceRecord): string {
  const server = actor(say, r.from);
  const client = actor(say, r.to);
  const m = /^(\d{3}) (.*)$/s.exec(r.summary);
  if (!m) return say('narr.resp.network', { server, client, error: r.summary });
  const rest = m[2]!;
  // A failure reads `404 NotFound: <message>`; success has no colon (`201 Created pod/x`).
  if (/^\S+: /.test(rest)) return say('narr.resp.error', { server, client, error: r.summary });
  const items = /^(.*) \((\d+) items\)$/.exec(rest);
  if (items) return say('narr.resp.items', { server, client, status: `${m[1]!} ${items[1]!}`, count: items[2]! });
  const obj = /^(.*) ([a-z0-9.]+)\/(\S+)$/.exec(rest);
  if (obj) {
    const what = r.object && r.object.name === obj[3] ? objectPhrase(say, r.object) : `${obj[2]!} ${obj[3]!}`;
    return say('narr.resp.object', { server, client, status: `${m[1]!} ${obj[1]!}`, what });
  }
  return say('narr.resp.plain', { server, client, status: r.summary });
}

const WATCH_TYPES: Readonly<Record<string, MessageKey>> = {
  ADDED: 'narr.watch.added',
  MODIFIED: 'narr.watch.modified',
  DELETED: 'narr.watch.deleted',
};

export function narrateWatch(say: Say, r: TraceRecord): string {
  const server = actor(say, r.from);
  const watcher = actor(say, r.to);
  if (r.summary.startsWith('watch ended:')) return say('narr.watch.ended', { server, watcher });
  const m = /^watch (\S+) (\S+) (\S+?)( dropped)?$/.exec(r.summary);
  if (!m) return say('narr.fallback', { from: server, to: watcher, summary: r.summary });
  const type = m[1]!;
  const slash = m[3]!.indexOf('/');
  const what = r.object ? objectPhrase(say, r.object) : `${m[2]!} ${slash < 0 ? m[3]! : qualified(m[3]!.slice(0, slash), m[3]!.slice(slash + 1))}`;
  if (m[4]) return say('narr.watch.dropped', { type, what, watcher });
  const key = WATCH_TYPES[type];
  return key ? say(key, { server, watcher, what }) : say('narr.watch.other', { server, watcher, type, what });
}
