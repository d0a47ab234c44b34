/**
 * `kubectl create ingress NAME --rule=host/path=service:port[,tls[=secret]]` (k8s.io/kubectl
 * pkg/cmd/create/create_ingress.go): Validate's checks and messages, then the Ingress built as
 * upstream builds it — one rule per host with its paths in order, a path ending in `*` a Prefix
 * (Exact otherwise), a numeric port by number and any other by name, TLS entries grouped by
 * secret with each host once. kubectl prints the typed *networkingv1.Ingress, so its keys follow
 * the Go structs and the empty `status.loadBalancer` is always there. Unlike `create service`,
 * --save-config is honoured (create.ts writes the typed object's JSON as the annotation).
 */
import type { HTTPIngressPath, IngressBackend, IngressRule, IngressTLS, KObject, ServiceBackendPort } from '../../k8s/types';
import { CmdError, plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import { GENERATOR_WRITE_FLAGS } from './common';
import { inOrder, kind, value, type Order } from './typed-order';

export const INGRESS_FLAGS: FlagDef[] = [
  { name: 'class', kind: 'string' },
  { name: 'rule', kind: 'stringArray' },
  { name: 'default-backend', kind: 'string' },
  { name: 'annotation', kind: 'stringArray' },
  ...GENERATOR_WRITE_FLAGS,
];

/** ruleRegex: host/path=svcname:svcport, then an optional `,tls[=secret]`; MatchString, so not anchored at the end. */
const RULE = /^[\w*\-.]*\/.*=[\w-]+:[\w-]+(,tls=?([\w-]+)?)?/;

/** Validate, after Complete has taken the NAME. */
function validate(rules: string[], annotations: string[], defaultBackend: string): void {
  if (defaultBackend === '' && rules.length === 0) {
    throw plainError('not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)');
  }
  for (const rule of rules) if (!RULE.test(rule)) throw plainError(`rule ${rule} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]`);
  for (const a of annotations) if (!a.includes('=')) throw plainError(`annotation ${a} is invalid and should be in format key=[value]`);
  if (defaultBackend !== '' && defaultBackend.split(':').length !== 2) throw plainError('default-backend should be in format servicename:serviceport');
}

/** intstr.Parse: what strconv.ParseInt(val, 10, 32) reads is the port number, anything else its name; omitempty drops 0 and "". */
function backendPort(port: string): ServiceBackendPort {
  const n = /^[+-]?\d+$/.test(port) ? Number(port) : NaN;
  if (Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31) return n === 0 ? {} : { number: n };
  return port === '' ? {} : { name: port };
}

/**
 * buildIngressBackendSvc. Upstream indexes the split without checking it, so a path holding `=`
 * (`/a=b=svc:80`) panics there: the panic's first line and Go's exit status 2, not its goroutine dump.
 */
function serviceBackend(service: string): IngressBackend {
  const [name = '', port] = service.split(':');
  if (port === undefined) throw new CmdError('panic: runtime error: index out of range [1] with length 1\n', 2);
  return { service: { name, port: backendPort(port) } };
}

function httpPath(pathSvc: string): HTTPIngressPath {
  const [first = '', service = ''] = pathSvc.split('=');
  let path = `/${first}`;
  let pathType: HTTPIngressPath['pathType'] = 'Exact';
  if (path.endsWith('*')) {
    pathType = 'Prefix';
    path = path.slice(0, -1);
  }
  return { path, pathType, backend: serviceBackend(service) };
}

function buildRules(rules: string[]): IngressRule[] {
  const out: IngressRule[] = [];
  for (const rule of rules) {
    const noTLS = rule.split(',')[0]!;
    const slash = noTLS.indexOf('/');
    const host = noTLS.slice(0, slash);
    const path = httpPath(noTLS.slice(slash + 1));
    const same = out.find((r) => (r.host ?? '') === host);
    if (same) same.http!.paths!.push(path);
    else out.push({ ...(host ? { host } : {}), http: { paths: [path] } });
  }
  return out;
}

function buildTLS(rules: string[]): IngressTLS[] {
  const seen = new Set<string>();
  const out: IngressTLS[] = [];
  for (const rule of rules) {
    const parts = rule.split(',');
    if (parts.length !== 2) continue;
    const host = rule.split('/')[0]!;
    const secret = parts[1]!.split('=')[1] ?? '';
    if (seen.has(host)) continue;
    seen.add(host);
    const bySecret = out.find((t) => (t.secretName ?? '') === secret);
    if (bySecret) {
      (bySecret.hosts ??= []).push(host);
      continue;
    }
    const tls: IngressTLS = { ...(host ? { hosts: [host] } : {}), ...(secret ? { secretName: secret } : {}) };
    if (tls.hosts || tls.secretName) out.push(tls);
  }
  return out;
}

const PORT: Order = { name: 0, number: 0 };
const BACKEND: Order = { service: { name: 0, port: PORT }, resource: { apiGroup: 0, kind: 0, name: 0 } };
const SPEC: Order = {
  ingressClassName: 0,
  defaultBackend: BACKEND,
  tls: [{ hosts: 0, secretName: 0 }],
  rules: [{ host: 0, http: { paths: [{ path: 0, pathType: 0, backend: BACKEND }] } }],
};
const LB_INGRESS: Order = { ip: 0, hostname: 0, ports: [{ port: 0, protocol: 0, error: 0 }] };
const INGRESS: Order = kind({ spec: value(SPEC), status: value({ loadBalancer: value({ ingress: [LB_INGRESS] }) }) });

/** The Ingress as the typed client decodes it: Go field order, and the always-written status.loadBalancer. */
export function typedIngress(obj: KObject): KObject {
  return inOrder(obj, INGRESS) as KObject;
}

/**
 * Validate then createIngress: the object `create ingress NAME` sends, namespaced as the request
 * is (create.ts drops the namespace unless -n enforced it, from a client dry run and from
 * --save-config's annotation alike).
 */
export function buildIngress(flags: Flags, name: string, namespace: string): KObject {
  const rules = flags.list('rule');
  const annotationFlags = flags.list('annotation');
  const defaultBackend = flags.str('default-backend');
  validate(rules, annotationFlags, defaultBackend);
  const annotations: Record<string, string> = {};
  for (const a of annotationFlags) {
    const i = a.indexOf('=');
    annotations[a.slice(0, i)] = a.slice(i + 1);
  }
  const className = flags.str('class');
  const tls = buildTLS(rules);
  const built = buildRules(rules);
  const spec = {
    ...(className ? { ingressClassName: className } : {}),
    ...(defaultBackend ? { defaultBackend: serviceBackend(defaultBackend) } : {}),
    ...(tls.length ? { tls } : {}),
    ...(built.length ? { rules: built } : {}),
  };
  const metadata = { name, namespace, ...(Object.keys(annotations).length ? { annotations } : {}) };
  return { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata, spec } as KObject;
}
