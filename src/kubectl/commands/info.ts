/** `kubectl version`, `kubectl cluster-info`, `kubectl api-resources`, `kubectl api-versions`. */
import { aggregatedResourceInfos, listedResources } from '../discovery';
import { categoriesOf } from '../../k8s/discovery';
import type { Service } from '../../k8s/types';
import { resourceInfo, type ResourceInfo } from '../../k8s/resources';
import { CmdError, fatalText, plainError, usageError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { requestTimeout, type Env } from '../env';
import { GET_TABLE, tabulate } from '../../k8s/go-tabwriter';
import { runClusterInfoDump } from './cluster-info-dump';
import { toJsonIndent } from '../../k8s/printers/json';
import { CLIENT_VERSION, GIT_VERSION, KUSTOMIZE_VERSION } from '../../k8s/version';
import { toYaml } from '../../k8s/printers/yaml';
import { goDuration } from '../../k8s/time';

const CLIENT = CLIENT_VERSION;

export const VERSION_FLAGS: FlagDef[] = [
  { name: 'client', kind: 'bool' },
  { name: 'output', short: 'o', kind: 'string', values: ['json', 'yaml'] },
];

export function runVersion(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, VERSION_FLAGS, 'kubectl version');
  const o = flags.str('output');
  let server: Record<string, unknown> | undefined;
  let error: string | undefined;
  if (!flags.bool('client')) {
    const res = env.client.rawPath('/version');
    if (!res.ok) error = fatalText(res.error);
    else server = JSON.parse(res.body) as Record<string, unknown>;
  }
  if (o === 'json' || o === 'yaml') {
    const doc = { clientVersion: CLIENT, kustomizeVersion: KUSTOMIZE_VERSION, ...(server ? { serverVersion: server } : {}) };
    env.out.out(o === 'json' ? toJsonIndent(doc) : toYaml(doc));
  } else {
    env.out.out(`Client Version: ${GIT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`);
    if (server) env.out.out(`Server Version: ${String(server['gitVersion'])}\n`);
  }
  if (error) throw new CmdError(error);
  return 0;
}

export const CLUSTER_INFO_FLAGS: FlagDef[] = [];

export function runClusterInfo(env: Env, argv: string[]): number {
  if (argv[0] === 'dump') return runClusterInfoDump(env, argv.slice(1));
  const flags = parseFlags(argv, CLUSTER_INFO_FLAGS, 'kubectl cluster-info');
  if (flags.args[0] === 'dump') return runClusterInfoDump(env, argv.filter((a, i) => i !== argv.indexOf('dump')));
  // restConfig.Host: the kubeconfig's server as written.
  const host = env.client.serverUrl ?? `https://${env.sim.serverAddress()}`;
  const res = env.client.list(resourceInfo('services')!, 'kube-system', { labelSelector: [{ key: 'kubernetes.io/cluster-service', op: 'In', values: ['true'] }] });
  if (!res.ok) {
    env.out.err('\nTo further debug and diagnose cluster problems, use \'kubectl cluster-info dump\'.\n');
    throw new CmdError(fatalText(res.error));
  }
  let out = `Kubernetes control plane is running at ${host}\n`;
  for (const svc of res.value as Service[]) {
    const port = svc.spec?.ports?.[0];
    let name = svc.metadata.name ?? '';
    if (port) {
      const scheme = port.name === 'https' || port.port === 443 ? 'https' : '';
      // utilnet.JoinSchemeNamePort
      name = scheme ? `${scheme}:${name}:${port.name ?? ''}` : port.name ? `${name}:${port.name}` : name;
    }
    const link = `${host}/api/v1/namespaces/${svc.metadata.namespace ?? ''}/services/${name}/proxy`;
    out += `${svc.metadata.labels?.['kubernetes.io/name'] || svc.metadata.name} is running at ${link}\n`;
  }
  env.out.out(`${out}\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n`);
  return 0;
}

export const API_RESOURCES_FLAGS: FlagDef[] = [
  { name: 'namespaced', kind: 'bool' },
  { name: 'api-group', kind: 'string' },
  { name: 'output', short: 'o', kind: 'string', values: ['name', 'wide'] },
  { name: 'no-headers', kind: 'bool' },
  { name: 'sort-by', kind: 'string' },
  { name: 'verbs', kind: 'strings' },
  { name: 'cached', kind: 'bool' },
  { name: 'categories', kind: 'strings' },
];

export function runApiResources(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, API_RESOURCES_FLAGS, 'kubectl api-resources');
  if (!['', 'name', 'kind'].includes(flags.str('sort-by'))) throw plainError('--sort-by accepts only name or kind');
  // api-resources fetches discovery afresh unless --cached (recorded: with a warm cache and the
  // server down, one memcache.go line and the refusal; with --cached, the cached table).
  if (!flags.bool('cached')) env.client.invalidateDiscovery();
  const down = env.client.discover();
  if (down) throw new CmdError(fatalText(down));
  let rows = [...listedResources(), ...aggregatedResourceInfos()];
  if (flags.has('namespaced')) rows = rows.filter((r) => r.namespaced === flags.bool('namespaced'));
  if (flags.has('api-group')) rows = rows.filter((r) => r.group === flags.str('api-group'));
  // apiresources.go: a resource is listed when it supports every verb asked for.
  const verbs = flags.list('verbs');
  if (verbs.length) rows = rows.filter((r) => verbs.every((v) => r.verbs.includes(v)));
  const categories = flags.list('categories');
  if (categories.length) rows = rows.filter((r) => categories.every((c) => categoriesOf(r).includes(c)));
  // sortableResource: by group (the core group's "" first), or --sort-by name or kind; ties by name.
  const sortBy = flags.str('sort-by');
  const key = (r: ResourceInfo): string => (sortBy === 'name' ? r.resource : sortBy === 'kind' ? r.kind : r.group);
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  rows = [...rows].sort((a, b) => cmp(key(a), key(b)) || cmp(a.resource, b.resource));
  if (flags.str('output') === 'name') {
    env.out.out(rows.map((r) => `${r.resource}${r.group ? `.${r.group}` : ''}\n`).join(''));
    return 0;
  }
  const wide = flags.str('output') === 'wide';
  const header = ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', ...(wide ? ['VERBS', 'CATEGORIES'] : [])];
  const lines = rows.map((r) => [r.resource, r.shortNames.join(','), r.group ? `${r.group}/${r.version}` : r.version, String(r.namespaced), r.kind, ...(wide ? [r.verbs.join(','), categoriesOf(r).join(',')] : [])]);
  const text = [...(flags.bool('no-headers') ? [] : [header]), ...lines].map((l) => `${l.join('\t')}\n`).join('');
  env.out.out(tabulate(text, GET_TABLE));
  return 0;
}

export const API_VERSIONS_FLAGS: FlagDef[] = [];

/**
 * `kubectl api-versions`: discovery's ServerGroups (GET /api, then /apis, through the apiserver
 * like `get --raw`, so a stopped apiserver fails it the same way), every group version, sorted
 * as Go's sort.Strings does (byte order: `v1` lands after the dotted groups).
 */
export function runApiVersions(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, API_VERSIONS_FLAGS, 'kubectl api-versions');
  if (flags.args.length) throw usageError(`unexpected arguments: [${flags.args.join(' ')}]`, 'kubectl api-versions');
  // Always afresh: a warm cache and a stopped server fail as a cold one does (recorded).
  env.client.invalidateDiscovery();
  const down = env.client.discover();
  if (down) throw plainError(`couldn't get available api versions from server: Get ${JSON.stringify(`${env.client.serverBase}/api?timeout=${goDuration(requestTimeout(flags) || 32_000)}`)}: ${down.message}`);
  const versions: string[] = [];
  for (const path of ['/api', '/apis']) {
    const res = env.client.rawPath(path);
    if (!res.ok) throw new CmdError(fatalText(res.error));
    if (res.code !== 200) throw new CmdError('Error from server (NotFound): the server could not find the requested resource\n');
    const doc = JSON.parse(res.body) as { versions?: string[]; groups?: { versions: { groupVersion: string }[] }[] };
    if (doc.versions) versions.push(...doc.versions);
    for (const g of doc.groups ?? []) versions.push(...g.versions.map((v) => v.groupVersion));
  }
  versions.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  env.out.out(versions.map((v) => `${v}\n`).join(''));
  return 0;
}
