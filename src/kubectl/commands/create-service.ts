/**
 * `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME` (k8s.io/kubectl
 * pkg/cmd/create/create_service.go): the Service is built client-side — label and selector
 * `app: NAME`, one TCP port per `--tcp` word named after it — then POSTed by create.ts, which
 * wraps a failed Create as `failed to create <Type> service: %v`. kubectl prints the typed
 * *corev1.Service it sent or got back: typedService gives it the Go struct's field order (which
 * `-o json` shows) and the always-encoded `status.loadBalancer`. Upstream never reads --save-config
 * into its options (CreateAnnotation stays false), so the flag is accepted and has no effect.
 */
import type { KObject, ServicePort } from '../../k8s/types';
import { utf8Length } from '../../k8s/utf8';
import { CmdError, plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import { goQuote } from '../printers/go-template/lex';
import { GENERATOR_WRITE_FLAGS } from './common';
import { inOrder } from './typed-order';
import { SERVICE } from './typed-kinds';

/**
 * The Service as the typed client decodes it: each struct's keys in Go field order, maps sorted,
 * and the status's LoadBalancer struct, which encoding/json writes even when empty.
 */
export function typedService(obj: KObject): KObject {
  return inOrder(obj, SERVICE) as KObject;
}

export type ServiceKind = 'clusterip' | 'nodeport' | 'loadbalancer' | 'externalname';

/** The spec.type each subcommand writes, which is also the word of its Create error. */
const SERVICE_TYPES: Readonly<Record<ServiceKind, string>> = {
  clusterip: 'ClusterIP',
  externalname: 'ExternalName',
  loadbalancer: 'LoadBalancer',
  nodeport: 'NodePort',
};

const TCP: FlagDef = { name: 'tcp', kind: 'strings' };

/** Each subcommand's own flags: --clusterip, --node-port and --external-name belong to one each. */
export const SERVICE_FLAGS: Readonly<Record<ServiceKind, FlagDef[]>> = {
  clusterip: [TCP, { name: 'clusterip', kind: 'string', values: ['None'] }, ...GENERATOR_WRITE_FLAGS],
  externalname: [TCP, { name: 'external-name', kind: 'string' }, ...GENERATOR_WRITE_FLAGS],
  loadbalancer: [TCP, ...GENERATOR_WRITE_FLAGS],
  nodeport: [TCP, { name: 'node-port', kind: 'int' }, ...GENERATOR_WRITE_FLAGS],
};

export function isServiceKind(word: string): word is ServiceKind {
  return Object.hasOwn(SERVICE_TYPES, word);
}

export function serviceType(kind: ServiceKind): string {
  return SERVICE_TYPES[kind];
}

/** cobra's MarkFlagRequired, checked before the command runs (ahead of the NAME check). */
export function checkRequiredServiceFlags(kind: ServiceKind, flags: Flags): void {
  if (kind === 'externalname' && !flags.has('external-name')) throw new CmdError('error: required flag(s) "external-name" not set\n');
}

/** strconv.ParseUint(s, 10, 16), as utilsnet.ParsePort calls it: the range error wins once the prefix overflows. */
function parsePort(s: string): number {
  if (s === '') throw plainError(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`);
  let n = 0;
  for (const ch of s) {
    if (ch < '0' || ch > '9') throw plainError(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`);
    n = n * 10 + Number(ch);
    if (n > 65535) throw plainError(`strconv.ParseUint: parsing ${goQuote(s)}: value out of range`);
  }
  return n;
}

/** validation.IsValidPortName (IANA_SVC_NAME); every failed rule is reported. */
function portNameErrors(p: string): string[] {
  const errs: string[] = [];
  if (utf8Length(p) > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(p)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(p)) errs.push('must contain at least one letter (a-z)');
  if (p.includes('--')) errs.push('must not contain consecutive hyphens');
  if (p.startsWith('-') || p.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/**
 * parsePorts: `port[:targetPort]`; words after a second `:` are ignored (they stay in the name).
 * A target port strconv.Atoi reads is a number, anything else must be a port name.
 */
function servicePort(spec: string, nodePort: number): ServicePort {
  const [first, second] = spec.split(':') as [string, string | undefined];
  const port = parsePort(first);
  let targetPort: number | string = port;
  if (second !== undefined) {
    const atoi = /^[+-]?\d+$/.test(second) && BigInt(second) >= -(2n ** 63n) && BigInt(second) < 2n ** 63n;
    if (atoi) {
      targetPort = Number(second);
      if (targetPort < 1 || targetPort > 65535) throw plainError('must be between 1 and 65535, inclusive');
    } else {
      const errs = portNameErrors(second);
      if (errs.length) throw plainError(errs.join(','));
      targetPort = second;
    }
  }
  return { name: spec.replaceAll(':', '-'), protocol: 'TCP', port, targetPort, ...(nodePort !== 0 ? { nodePort } : {}) };
}

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_LABEL}(\\.${DNS1123_LABEL})*$`);

/**
 * ServiceOptions.Validate then createService: the Service of `create service <kind> NAME`, or
 * upstream's error. The namespace is written as given; create.ts drops it from a client dry run
 * unless -n enforced it.
 */
export function buildService(kind: ServiceKind, flags: Flags, name: string, namespace: string): KObject {
  const type = SERVICE_TYPES[kind];
  const clusterIP = flags.str('clusterip');
  const tcp = flags.list('tcp');
  const externalName = flags.str('external-name');
  if (clusterIP !== 'None' && tcp.length === 0 && kind !== 'externalname') throw plainError('at least one tcp port specifier must be provided');
  if (kind === 'externalname' && (utf8Length(externalName) > 253 || !DNS1123_SUBDOMAIN.test(externalName))) {
    throw plainError(`invalid service external name ${externalName}`);
  }
  const ports = tcp.map((spec) => servicePort(spec, flags.int('node-port', 0)));
  const spec: Record<string, unknown> = {
    ...(ports.length ? { ports } : {}),
    selector: { app: name },
    ...(clusterIP !== '' ? { clusterIP } : {}),
    type,
    ...(externalName !== '' ? { externalName } : {}),
  };
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, labels: { app: name } },
    spec,
    status: { loadBalancer: {} },
  };
}
