/**
 * kube-apiserver's audit log at the Metadata level: one audit.k8s.io/v1 Event per request the
 * pipeline answered, written at stage ResponseComplete (the policy omits RequestReceived), as
 * `--audit-log-path` writes them, one JSON object per line.
 *
 * The record kept per request is small (what the WithAudit filter knows when the response is
 * written); the JSON line is rendered on demand. Its auditID is drawn from a stream keyed by the
 * world's seed and the request's number, and its sub-millisecond timestamps come from the same
 * number, so auditing draws nothing from the world's PRNG and recorded runs stay the same.
 * Retention is bounded like the process logs: each apiserver keeps its newest MAX_EVENTS.
 */
import type { ComponentId } from '../core/ids';
import { seedRng, uuidV4 } from '../core/rng';
import { rfc3339 } from '../../k8s/time';
import { kubeUserAgent } from '../../k8s/version';
import type { ResourceInfo } from '../../k8s/resources';
import type { World } from '../world';
import type { ApiServerState } from './state';
import type { NetworkError, StatusError } from './status';
import type { AuditObjectRef, AuditRecord } from './audit-types';

export type { AuditLog, AuditObjectRef, AuditRecord } from './audit-types';

export const MAX_AUDIT_EVENTS = 5000;

/** Seeds the stream auditIDs are drawn from (mixed with the world's seed and the request's number). */
const AUDIT_STREAM = 0xa0d1_7e;

/** The address the student's kubectl connects from (the workstation is not a cluster machine). */
export const WORKSTATION_IP = '10.0.0.1';

/** Appends one event to the apiserver's log, dropping the oldest beyond the bound. */
export function appendAudit(server: ApiServerState, rec: AuditRecord): void {
  const log = (server.audit ??= { events: [], written: 0 });
  // Requests answered within one simulated millisecond arrived in order: a few µs apart.
  const micros = log.lastAt === rec.at ? Math.min(899, (log.lastMicros ?? 0) + 5 + ((rec.n * 7919) % 37)) : (rec.n * 7919 + 211) % 400;
  log.lastAt = rec.at;
  log.lastMicros = micros;
  rec.receivedMicros = micros;
  log.events.push(rec);
  log.written++;
  if (log.events.length > MAX_AUDIT_EVENTS * 1.2) log.events.splice(0, log.events.length - MAX_AUDIT_EVENTS);
}

/** What the caller asked for, as the audit event's requestURI and objectRef name it. */
export interface AuditRequest {
  verb: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  body?: { metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string } };
  dryRun?: boolean;
  fieldValidation?: string;
  fieldSelector?: { field: string; op: string; value: string }[];
  read?: { resourceVersion?: string };
  from: ComponentId;
}

function collectionPath(info: ResourceInfo, ns: string | undefined): string {
  const base = info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`;
  return base + (info.namespaced && ns ? `/namespaces/${ns}` : '') + `/${info.resource}`;
}

/**
 * The request line: the path, and the query the client sent as far as the simulation knows it
 * (kubectl lists in chunks of 500, a Reflector lists at resourceVersion 0, writes ask for
 * strict field validation or a dry run).
 */
export function requestURI(info: ResourceInfo | undefined, req: AuditRequest): string {
  if (!info) return `/${req.resource}`;
  const name = req.verb === 'create' && !req.subresource ? undefined : req.name;
  let p = collectionPath(info, req.namespace);
  if (name) p += `/${name}`;
  if (req.subresource) p += `/${req.subresource}`;
  const q: string[] = [];
  if (req.verb === 'list') {
    for (const f of req.fieldSelector ?? []) q.push(`fieldSelector=${encodeURIComponent(`${f.field}${f.op}${f.value}`)}`);
    q.push('limit=500');
  }
  const rv = req.read?.resourceVersion;
  if (rv && (req.verb === 'list' || req.verb === 'get')) q.push(`resourceVersion=${encodeURIComponent(rv)}`);
  if (req.dryRun) q.push('dryRun=All');
  const validation = req.fieldValidation ?? (req.from === 'kubectl' ? 'Strict' : undefined);
  if (validation && (req.verb === 'create' || req.verb === 'update' || req.verb === 'patch') && !req.subresource) q.push(`fieldValidation=${validation}`);
  return q.length ? `${p}?${q.join('&')}` : p;
}

/** LogRequestObject at Metadata level: the ref is completed from the request body's metadata. */
export function objectRef(info: ResourceInfo | undefined, req: AuditRequest): AuditObjectRef | undefined {
  if (!info) return undefined;
  const m = req.body?.metadata;
  // Built in the struct's field order (apiVersion after apiGroup), once: every request has one.
  const ref = { resource: info.resource } as AuditObjectRef;
  const ns = info.namespaced ? (req.namespace ?? m?.namespace) : undefined;
  if (ns) ref.namespace = ns;
  const name = req.name ?? m?.name;
  if (name) ref.name = name;
  if (m?.uid) ref.uid = m.uid;
  if (info.group) ref.apiGroup = info.group;
  ref.apiVersion = info.version;
  if (m?.resourceVersion) ref.resourceVersion = m.resourceVersion;
  if (req.subresource) ref.subresource = req.subresource;
  return ref;
}

/** The response as the audit event records it (a network error never reaches the server). */
export function auditStatus(res: { ok: true; code: number } | { ok: false; error: StatusError | NetworkError }): AuditRecord['status'] {
  if (res.ok) return { code: res.code };
  if ('network' in res.error) return { code: 503 };
  const e = res.error;
  return { code: e.code, failure: { reason: e.reason, message: e.message, ...(e.details ? { details: e.details } : {}) } };
}

const agent = kubeUserAgent;

function userAgent(w: World, rec: AuditRecord): string {
  return clientUserAgent(w, rec.from, rec.user.name, rec.objectRef?.resource);
}

/** The User-Agent each client-go client sends (rest.DefaultKubernetesUserAgent plus AddUserAgent's suffix). */
export function clientUserAgent(w: World, from: ComponentId, userName: string, resource?: string): string {
  const kind = w.components.get(from)?.kind;
  const leases = resource === 'leases';
  switch (kind) {
    case 'kubectl':
      return agent('kubectl');
    case 'kube-scheduler':
      return agent('kube-scheduler', leases ? 'leader-election' : 'scheduler');
    case 'kube-controller-manager':
      return agent('kube-controller-manager', leases ? 'leader-election' : undefined);
    case 'kube-apiserver':
      return agent('kube-apiserver');
    case 'kubelet':
      return agent('kubelet');
    case 'kube-proxy':
      return agent('kube-proxy');
    case 'csi':
      return 'csi-provisioner/v5.2.0';
    case undefined:
      // A controller of a controller manager: its client is built for its ServiceAccount.
      if (userName.startsWith('system:serviceaccount:kube-system:cloud-')) return agent('cloud-controller-manager', userName);
      return agent('kube-controller-manager', userName.startsWith('system:serviceaccount:') ? userName : undefined);
    default:
      return agent(kind);
  }
}

/** The caller's address: its machine's, the server's own for a controller of the local manager. */
function sourceIP(w: World, rec: AuditRecord): string {
  const c = w.components.get(rec.from) ?? w.components.get(rec.server);
  if (!c || c.kind === 'kubectl') return WORKSTATION_IP;
  return w.machineSpecs.get(c.host)?.ip ?? WORKSTATION_IP;
}

/** metav1.MicroTime of the event: the request's millisecond plus microseconds derived from its number. */
function micro(at: number, micros: number): string {
  const ms = at + Math.floor(micros / 1000);
  const base = rfc3339(ms as Parameters<typeof rfc3339>[0]);
  const frac = String((ms % 1000) * 1000 + (micros % 1000)).padStart(6, '0');
  return `${base.slice(0, -1)}.${frac}Z`;
}

export function auditID(w: World, n: number): string {
  return uuidV4(seedRng((w.seed ^ AUDIT_STREAM ^ Math.imul(n, 0x9e3779b1)) >>> 0));
}

function userJSON(u: AuditRecord['user']): Record<string, unknown> {
  return { username: u.name, ...(u.uid ? { uid: u.uid } : {}), groups: [...u.groups] };
}

/** The Event as the JSON log backend writes it, fields in audit.k8s.io/v1's order. */
export function auditEvent(w: World, rec: AuditRecord): Record<string, unknown> {
  const received = rec.receivedMicros ?? 0;
  const latency = 60 + ((rec.n * 104729) % 90);
  const f = rec.status.failure;
  const status = f
    ? { metadata: {}, status: 'Failure', message: f.message, reason: f.reason, ...(f.details ? { details: statusDetails(f.details) } : {}), code: rec.status.code }
    : { metadata: {}, code: rec.status.code };
  return {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: 'Metadata',
    auditID: auditID(w, rec.n),
    stage: 'ResponseComplete',
    requestURI: rec.requestURI,
    verb: rec.verb,
    user: userJSON(rec.user),
    ...(rec.impersonatedUser ? { impersonatedUser: userJSON(rec.impersonatedUser) } : {}),
    sourceIPs: [sourceIP(w, rec)],
    userAgent: userAgent(w, rec),
    ...(rec.objectRef ? { objectRef: rec.objectRef } : {}),
    responseStatus: status,
    requestReceivedTimestamp: micro(rec.at, received),
    stageTimestamp: micro(rec.at, received + latency),
    ...(rec.decision || rec.annotations ? { annotations: eventAnnotations(rec) } : {}),
  };
}

/** The event's annotations: a Go map, so encoding/json writes its keys sorted. */
function eventAnnotations(rec: AuditRecord): Record<string, string> {
  const all: Record<string, string> = { ...rec.annotations };
  if (rec.decision) {
    all['authorization.k8s.io/decision'] = rec.decision;
    all['authorization.k8s.io/reason'] = rec.reason ?? '';
  }
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(all).sort()) sorted[k] = all[k]!;
  return sorted;
}

/** Adds an audit annotation to request `n` while it is served (audit.AddAuditAnnotations). */
export function addAuditAnnotation(server: ApiServerState, n: number, key: string, value: string): void {
  const pending = (server.pendingAuditAnnotations ??= new Map());
  let rec = pending.get(n);
  if (!rec) pending.set(n, (rec = {}));
  rec[key] = value;
}

/** The annotations request `n` collected, removed from the pending set. */
export function takeAuditAnnotations(server: ApiServerState, n: number): Record<string, string> | undefined {
  const rec = server.pendingAuditAnnotations?.get(n);
  if (rec) server.pendingAuditAnnotations!.delete(n);
  return rec;
}

function statusDetails(d: NonNullable<StatusError['details']>): Record<string, unknown> {
  return {
    ...(d.name ? { name: d.name } : {}),
    ...(d.group ? { group: d.group } : {}),
    ...(d.kind ? { kind: d.kind } : {}),
    ...(d.causes?.length ? { causes: d.causes.map((c) => ({ reason: c.type, message: c.message, field: c.field })) } : {}),
    ...(d.retryAfterSeconds ? { retryAfterSeconds: d.retryAfterSeconds } : {}),
  };
}

/** encoding/json escapes HTML-significant characters and the JavaScript line separators. */
export function goJSON(v: unknown): string {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface AuditQuery {
  user?: string;
  verb?: string;
  tail?: number;
}

/** Every apiserver's retained events, merged in request order, filtered, as JSON lines. */
export function auditLines(w: World, q: AuditQuery = {}): string[] {
  const all: AuditRecord[] = [];
  for (const id of w.apiServers) {
    const s = w.components.get(id) as ApiServerState | undefined;
    if (s?.audit) all.push(...s.audit.events);
  }
  all.sort((a, b) => a.n - b.n);
  let picked = all.filter((r) => (q.user === undefined || r.user.name === q.user) && (q.verb === undefined || r.verb === q.verb));
  if (q.tail !== undefined && q.tail >= 0) picked = q.tail === 0 ? [] : picked.slice(-q.tail);
  return picked.map((r) => goJSON(auditEvent(w, r)));
}

/** The policy `--audit-policy-file` names: everything at Metadata, the RequestReceived stage omitted. */
export const AUDIT_POLICY_YAML = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages:
- RequestReceived
rules:
- level: Metadata
`;

/** The audit.log of the kube-apiserver on `node` (its own events only), or undefined if none runs there. */
export function auditLogFile(w: World, node: string): string | undefined {
  const id = w.apiServers.find((s) => w.components.get(s)?.host === node);
  const server = id === undefined ? undefined : (w.components.get(id) as ApiServerState | undefined);
  if (!server) return undefined;
  return (server.audit?.events ?? []).map((r) => goJSON(auditEvent(w, r)) + '\n').join('');
}
