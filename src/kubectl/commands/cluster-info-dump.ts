/**
 * `kubectl cluster-info dump` (kubectl pkg/cmd/clusterinfo/clusterinfo_dump.go): the Nodes, then
 * for each namespace (kube-system and the context's, or --namespaces, or -A) its Events,
 * ReplicationControllers, Services, DaemonSets, Deployments, ReplicaSets and Pods as typed lists,
 * then every container's log between START/END lines — to stdout, or as files under
 * --output-directory. Typed lists as the server encodes them (wire-json.ts): `kind: NodeList`, the
 * list's resourceVersion, items without kind/apiVersion, TypeMeta and ObjectMeta in Go's field
 * order — nested fields sorted where kubectl re-encodes each Go struct in its own field order (the
 * one approximation; the layout, files and log framing are recorded with kubectl v1.35.2).
 */
import type { KObject, Pod } from '../../k8s/types';
import { resourceInfo, type ResourceInfo } from '../../k8s/resources';
import { toJsonIndentInOrder } from '../../k8s/printers/json';
import { typedList } from '../../k8s/wire-json';
import type { Env } from '../env';
import { byKey } from '../client';
import { CmdError, fatalText, plainError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { PRINT_FORMATS, noCompatiblePrinter, parseOutput, printGeneric, type OutputFormat } from '../printers/generic';
import { templateOptions } from './common';

export const CLUSTER_INFO_DUMP_FLAGS: FlagDef[] = [
  { name: 'output-directory', kind: 'string' },
  { name: 'namespaces', kind: 'strings' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'pod-running-timeout', kind: 'string' },
  { name: 'output', short: 'o', kind: 'string', values: PRINT_FORMATS },
  { name: 'template', kind: 'string' },
  { name: 'allow-missing-template-keys', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
];

/** What each namespace's part lists, in the order dump lists them, with the file each goes to. */
const PER_NAMESPACE: readonly [resource: string, file: string][] = [
  ['events', 'events'],
  ['replicationcontrollers', 'replication-controllers'],
  ['services', 'services'],
  ['daemonsets', 'daemonsets'],
  ['deployments', 'deployments'],
  ['replicasets', 'replicasets'],
  ['pods', 'pods'],
];

/**
 * rest.Result's error for a pods/log request that failed (newUnstructuredResponseError: DoRaw
 * does not decode the Status) — recorded: `the server rejected our request for an unknown
 * reason (get pods bad)` for a container still waiting.
 */
const GENERIC_BY_CODE: Readonly<Record<number, string>> = {
  400: 'the server rejected our request for an unknown reason',
  401: 'the server has asked for the client to provide credentials',
  403: 'the server does not allow access to the requested resource',
  404: 'the server could not find the requested resource',
  409: 'the server reported a conflict',
  429: 'the server has received too many requests and has asked us to try again later',
  503: 'the server is currently unable to handle the request',
};

interface Sink {
  write(name: string, ext: string, text: string): void;
}

export function runClusterInfoDump(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, CLUSTER_INFO_DUMP_FLAGS, 'kubectl cluster-info dump');
  const output = flags.str('output') || 'json';
  const fmt = parseOutput(output, PRINT_FORMATS, templateOptions(flags, env.files));
  if (fmt.kind === 'table' || fmt.kind === 'custom-columns') throw noCompatiblePrinter(output, PRINT_FORMATS);
  const dir = flags.str('output-directory');
  const sink = sinkFor(env, dir === '-' ? '' : dir);
  const ext = fmt.kind === 'json' ? '.json' : fmt.kind === 'yaml' ? '.yaml' : '.txt';
  const print = (info: ResourceInfo, ns: string | undefined, file: string): KObject[] => {
    const listed = listTyped(env, info, ns);
    sink.write(file, ext, printList(fmt, listed.list, flags));
    return listed.items;
  };

  print(resourceInfo('nodes')!, undefined, 'nodes');
  for (const ns of namespacesOf(env, flags)) {
    let pods: KObject[] = [];
    for (const [resource, file] of PER_NAMESPACE) {
      const items = print(resourceInfo(resource)!, ns, `${ns}/${file}`);
      if (resource === 'pods') pods = items;
    }
    for (const obj of pods) {
      const pod = obj as Pod;
      const names = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c) => c.name);
      sink.write(`${ns}/${pod.metadata.name}/logs`, '.txt', names.map((c) => containerLog(env, pod, c)).join(''));
    }
  }
  if (dir && dir !== '-') env.out.out(`Cluster info dumped to ${dir}\n`);
  return 0;
}

/** -A: every namespace the server lists; else --namespaces, else kube-system and the context's. */
function namespacesOf(env: Env, flags: Flags): string[] {
  if (flags.bool('all-namespaces')) return listTyped(env, resourceInfo('namespaces')!, undefined).items.map((n) => n.metadata.name ?? '');
  const asked = flags.list('namespaces');
  return asked.length ? asked : ['kube-system', env.namespace];
}

/** A typed client's List: the list's own kind and resourceVersion, items as served without their kind. */
function listTyped(env: Env, info: ResourceInfo, ns: string | undefined): { list: KObject; items: KObject[] } {
  const res = env.client.raw({ verb: 'list', resource: info.resource, ...(info.group ? { group: info.group } : {}), ...(ns ? { namespace: ns } : {}) });
  if (!res.ok) throw new CmdError(fatalText(res.error));
  const items = [...(res.items ?? [])].sort(byKey);
  return { list: typedList(info, items, res.resourceVersion) as unknown as KObject, items };
}

function printList(fmt: Exclude<OutputFormat, { kind: 'table' } | { kind: 'custom-columns' }>, list: KObject, flags: Flags): string {
  // The NamePrinter refuses a list object outright (recorded: `*v1.NodeList`, the first printed).
  if (fmt.kind === 'name') throw plainError(`list types are not supported by name printing: *${list.apiVersion?.split('/').pop() ?? 'v1'}.${list.kind}`);
  const managed = flags.bool('show-managed-fields');
  const items = (list as unknown as { items: KObject[] }).items;
  const shown = managed ? list : ({ ...list, items: items.map(withoutManagedFields) } as unknown as KObject);
  // A typed list marshals in field order; the other printers go through unstructured maps.
  if (fmt.kind === 'json') return toJsonIndentInOrder(shown);
  return printGeneric(fmt, [shown], true, false, true);
}

function withoutManagedFields(o: KObject): KObject {
  if (!o.metadata?.managedFields) return o;
  const { managedFields: _omitted, ...metadata } = o.metadata;
  return { ...o, metadata };
}

function containerLog(env: Env, pod: Pod, container: string): string {
  const where = `container ${container} of pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
  const res = env.client.raw({ verb: 'get', resource: 'pods', subresource: 'log', namespace: pod.metadata.namespace, name: pod.metadata.name, logOptions: { container } });
  let body: string;
  if (res.ok) body = res.text ?? '';
  else if ('network' in res.error) body = `Request log error: ${res.error.message}\n`;
  else {
    const generic = GENERIC_BY_CODE[res.error.code] ?? `an error on the server (${JSON.stringify(res.error.message)}) has prevented the request from succeeding`;
    body = `Request log error: ${generic} (get pods ${pod.metadata.name})\n`;
  }
  return `==== START logs for ${where} ====\n${body}==== END logs for ${where} ====\n`;
}

/** stdout, or setupOutputWriter's files: DIR/NAME.EXT, its parents made as MkdirAll makes them. */
function sinkFor(env: Env, dir: string): Sink {
  if (!dir) return { write: (_name, _ext, text) => env.out.out(text) };
  const ws = env.workstation;
  if (!ws) throw plainError('--output-directory needs the files behind the prompt');
  return {
    write: (name, ext, text) => {
      const full = `${dir.replace(/\/+$/, '')}/${name}${ext}`;
      const parent = full.slice(0, full.lastIndexOf('/')) || '/';
      mkdirAll(env, parent);
      ws.writeFile(full, text);
    },
  };
}

function mkdirAll(env: Env, path: string): void {
  const ws = env.workstation!;
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const p = parts.slice(0, i).join('/');
    if (p === '' || p === '.') continue;
    const s = ws.stat(p);
    if (s.kind === 'dir') continue;
    if (s.kind === 'file') throw plainError(`mkdir ${p}: not a directory`);
    if (!ws.writable(p)) throw plainError(`mkdir ${p}: permission denied`);
    ws.makeDir(p);
  }
}
