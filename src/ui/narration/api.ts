/**
 * Narration of a request's life in the control plane: the request, kube-apiserver's stages,
 * the etcd transaction and commit, the response, and the watch events it fans out. Each
 * function reads the record's typed detail (engine/core/trace.ts), never its summary; every
 * switch is exhaustive, so a new detail variant does not compile until it is narrated.
 */
import type { TraceRecord, TraceRecordOf } from '../../engine/core/trace';
import type { MessageKey } from '../i18n/catalog';
import { actor, objectPhrase, podPhrase, qualified, type Say } from './words';

/** How far back narration looks for the record that explains this one (a binding's node). */
const LOOKBACK = 600;

/** The node kube-scheduler chose for a Pod: its latest `schedule` record before this moment. */
function scheduledNode(context: readonly TraceRecord[], namespace: string | undefined, name: string): string | undefined {
  for (let i = context.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const r = context[i]!;
    if (r.kind !== 'schedule' || r.detail.pod.name !== name || r.detail.pod.namespace !== (namespace ?? '')) continue;
    return r.detail.result === 'scheduled' ? r.detail.selected : undefined;
  }
  return undefined;
}

function requestOf(context: readonly TraceRecord[], requestId: number | undefined): TraceRecordOf<'request'> | undefined {
  if (requestId === undefined) return undefined;
  for (let i = context.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const r = context[i]!;
    if (r.kind === 'request' && r.requestId === requestId) return r;
  }
  return undefined;
}

type ResourceRequest = Extract<TraceRecordOf<'request'>['detail'], { type: 'resource' }>;

/** The object a request is about: the record's object, else the kind and name its path gives. */
function whatOf(say: Say, r: TraceRecord, d: ResourceRequest): string {
  if (r.object && r.object.name !== '') return objectPhrase(say, r.object);
  if (d.name) return `${r.object?.kind.toLowerCase() ?? d.resource} ${qualified(d.namespace, d.name)}`;
  return objectPhrase(say, r.object);
}

const HEALTH_PATH = /^\/(healthz|readyz|livez)(\/|\?|$)/;

export function narrateRequest(say: Say, r: TraceRecordOf<'request'>, context: readonly TraceRecord[]): string {
  const from = actor(say, r.from);
  // kube-apiserver's own controllers (the ClusterIP allocator, the default ServiceCIDR) send
  // their requests to the server they run in, through its loopback client.
  const to = r.from === r.to ? say('narr.itself') : actor(say, r.to);
  const d = r.detail;
  if (d.type === 'non-resource') {
    return HEALTH_PATH.test(d.path) ? say('narr.req.health', { from, to, path: d.path }) : say('narr.req.other', { from, to, request: `${d.method} ${d.path}` });
  }
  const what = whatOf(say, r, d);
  switch (d.subresource) {
    case undefined:
      break;
    case 'binding': {
      if (!d.name) break;
      const node = scheduledNode(context, d.namespace, d.name);
      const pod = podPhrase({ namespace: d.namespace ?? '', name: d.name });
      return node ? say('narr.req.bind', { from, to, what: pod, node }) : say('narr.req.bindSomewhere', { from, to, what: pod });
    }
    case 'status':
      if (d.verb === 'update' || d.verb === 'patch') return say('narr.req.status', { from, to, what });
      break;
    case 'scale':
      if (d.verb !== 'get') return say('narr.req.scale', { from, to, what });
      break;
    case 'log':
      return say('narr.req.log', { from, to, what });
    default:
      break;
  }
  if (d.subresource !== undefined) return say('narr.req.other', { from, to, request: `${d.method} ${d.path}` });
  switch (d.verb) {
    case 'get':
      return say('narr.req.get', { from, to, what });
    case 'list':
    case 'watch':
      return d.namespace ? say('narr.req.listIn', { from, to, resource: d.resource, namespace: d.namespace }) : say('narr.req.list', { from, to, resource: d.resource });
    case 'create':
      return say('narr.req.create', { from, to, what });
    case 'update':
      return say('narr.req.update', { from, to, what });
    case 'patch':
      return say('narr.req.patch', { from, to, what });
    case 'delete':
      return d.name ? say('narr.req.delete', { from, to, what }) : say('narr.req.deleteAll', { from, to, resource: d.resource });
    case 'deletecollection':
      return say('narr.req.deleteAll', { from, to, resource: d.resource });
    default: {
      const never: never = d.verb;
      return String(never);
    }
  }
}

type StageRecord = TraceRecordOf<'authn' | 'authz' | 'mutating-admission' | 'validation' | 'validating-admission'>;

const STAGE_NAME: Readonly<Record<StageRecord['kind'], MessageKey>> = {
  authn: 'narr.stage.authn',
  authz: 'narr.stage.authz',
  'mutating-admission': 'narr.stage.mutating',
  validation: 'narr.stage.validation',
  'validating-admission': 'narr.stage.validating',
};

/** authn … validating-admission: kube-apiserver's own pipeline, each a self-hop. */
export function narrateStage(say: Say, r: StageRecord): string {
  const server = actor(say, r.from);
  const what = objectPhrase(say, r.object);
  const rejected = (message: string): string => say('narr.rejected', { server, stage: say(STAGE_NAME[r.kind]), message });
  switch (r.kind) {
    case 'authn':
      return say('narr.authn', { server, user: r.detail.user });
    case 'authz':
      return say(r.detail.allowed ? 'narr.authz.allowed' : 'narr.authz.denied', { server, verb: r.detail.verb, resource: r.detail.resource });
    case 'mutating-admission': {
      const d = r.detail;
      switch (d.result) {
        case 'mutated':
          return say('narr.mutate.changed', { server, what, plugins: d.plugins.join(', ') });
        case 'unchanged':
          return say('narr.mutate.none', { server, what });
        case 'rejected':
          return rejected(d.message);
        default: {
          const never: never = d;
          return String(never);
        }
      }
    }
    case 'validation':
      return r.detail.result === 'valid' ? say('narr.validation.valid', { server, what }) : rejected(r.detail.message);
    case 'validating-admission': {
      const d = r.detail;
      if (d.result === 'rejected') return rejected(d.message);
      if (d.operation === 'delete') return say('narr.admit.delete', { server, what });
      if (d.ignored) return say('narr.admit.ignoredWebhook', { server, what, webhooks: d.ignored.join(', ') });
      if (d.webhooks) return say('narr.admit.byWebhook', { server, what, webhooks: d.webhooks.join(', ') });
      return say('narr.admit', { server, what });
    }
    default: {
      const never: never = r;
      return String(never);
    }
  }
}

const ETCD_WRITE: Readonly<Record<TraceRecordOf<'etcd-write'>['detail']['op'], MessageKey>> = {
  create: 'narr.etcd.write.create',
  update: 'narr.etcd.write.update',
  delete: 'narr.etcd.write.delete',
};

export function narrateEtcdWrite(say: Say, r: TraceRecordOf<'etcd-write'>): string {
  return say(ETCD_WRITE[r.detail.op], { server: actor(say, r.from), etcd: actor(say, r.to), key: r.detail.key });
}

/** Whether the failed reply answers a read (an `etcd-read` of the same request), not a write. */
function askedToRead(context: readonly TraceRecord[], r: TraceRecordOf<'etcd-commit'>): boolean {
  if (r.requestId === undefined) return false;
  for (let i = context.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const x = context[i]!;
    if (x === r || x.requestId !== r.requestId) continue;
    if (x.kind === 'etcd-read') return true;
    if (x.kind === 'etcd-write') return false;
  }
  return false;
}

/** Traced only when it fails (storage.ts's rangeRead): etcd's failed reply follows. */
export function narrateEtcdRead(say: Say, r: TraceRecordOf<'etcd-read'>): string {
  return say('narr.etcd.read', { server: actor(say, r.from), etcd: actor(say, r.to), key: r.detail.key });
}

export function narrateEtcdCommit(say: Say, r: TraceRecordOf<'etcd-commit'>, context: readonly TraceRecord[]): string {
  const etcd = actor(say, r.from);
  const d = r.detail;
  switch (d.type) {
    case 'committed': {
      const revision = String(d.revision);
      // The scheduler's binding: say which node the Pod is now bound to.
      const req = requestOf(context, r.requestId);
      const bind = req?.detail.type === 'resource' && req.detail.subresource === 'binding' && req.detail.name ? req.detail : undefined;
      const node = bind ? scheduledNode(context, bind.namespace, bind.name!) : undefined;
      if (req && bind && node) return say('narr.etcd.bound', { etcd, revision, scheduler: actor(say, req.from), pod: podPhrase({ namespace: bind.namespace ?? '', name: bind.name! }), node });
      return d.members > 1 ? say('narr.etcd.commitQuorum', { etcd, revision, quorum: d.quorum, members: d.members }) : say('narr.etcd.commit', { etcd, revision });
    }
    case 'failed':
      return say(askedToRead(context, r) ? 'narr.etcd.readError' : 'narr.etcd.error', { etcd, error: d.error });
    case 'leader-elected':
      return d.previous !== undefined ? say('narr.etcd.leaderAfter', { member: d.member, term: d.term, previous: d.previous }) : say('narr.etcd.leader', { member: d.member, term: d.term });
    case 'restored':
      return say('narr.etcd.restored', { etcd, path: d.path, revision: String(d.snapshotRevision) });
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

export function narrateResponse(say: Say, r: TraceRecordOf<'response'>): string {
  const server = actor(say, r.from);
  const client = actor(say, r.to);
  const d = r.detail;
  switch (d.type) {
    case 'network':
      return say('narr.resp.network', { server, client, error: d.error });
    case 'status': {
      if (d.message !== undefined) return say('narr.resp.error', { server, client, error: `${d.code} ${d.reason || 'Error'}: ${d.message}` });
      const status = `${d.code} ${d.reason}`.trim();
      if (d.object) return say('narr.resp.object', { server, client, status, what: objectPhrase(say, d.object) });
      if (d.items !== undefined) return say('narr.resp.items', { server, client, status, count: d.items });
      return say('narr.resp.plain', { server, client, status });
    }
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

const WATCH_EVENTS: Readonly<Record<Extract<TraceRecordOf<'watch'>['detail'], { type: 'event' }>['event'], MessageKey>> = {
  ADDED: 'narr.watch.added',
  MODIFIED: 'narr.watch.modified',
  DELETED: 'narr.watch.deleted',
};

export function narrateWatch(say: Say, r: TraceRecordOf<'watch'>): string {
  const server = actor(say, r.from);
  const watcher = actor(say, r.to);
  const d = r.detail;
  switch (d.type) {
    case 'closed':
      return say('narr.watch.ended', { server, watcher });
    case 'event': {
      const what = objectPhrase(say, r.object);
      return d.dropped ? say('narr.watch.dropped', { type: d.event, what, watcher }) : say(WATCH_EVENTS[d.event], { server, watcher, what });
    }
    default: {
      const never: never = d;
      return String(never);
    }
  }
}
