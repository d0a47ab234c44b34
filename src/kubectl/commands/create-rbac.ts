/**
 * `kubectl create role|clusterrole|rolebinding|clusterrolebinding` (create_role.go,
 * create_clusterrole.go, create_rolebinding.go, create_clusterrolebinding.go): kubectl's own
 * validation, the one-rule-per-API-group object it builds (resources resolved through discovery
 * as its RESTMapper does), and the POST. Role and ClusterRole return a failed create as it is;
 * the binding generators wrap it (`failed to create rolebinding: …`). The typed object is what is
 * printed and what --save-config encodes (typed-kinds.ts).
 */
import type { KObject } from '../../k8s/types';
import { resolveResource, resourceInfo } from '../../k8s/resources';
import { RBAC_API_VERSION, RBAC_GROUP, type PolicyRule, type Subject } from '../../k8s/rbac';
import { CmdError, isNetworkError, plainError, standardErrorMessage } from '../errors';
import type { FlagDef, Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { withTypedLastApplied } from '../apply/objects';
import { GENERATOR_WRITE_FLAGS, checkOutput, dryRunOf, printResult, withDryRun } from './common';
import { typedObject } from './typed-kinds';

export type RbacGenerator = 'role' | 'clusterrole' | 'rolebinding' | 'clusterrolebinding';

const COMMON: readonly FlagDef[] = GENERATOR_WRITE_FLAGS;
const RULES: FlagDef[] = [
  { name: 'verb', kind: 'strings' },
  { name: 'resource', kind: 'strings' },
  { name: 'resource-name', kind: 'stringArray' },
];
const SUBJECTS: FlagDef[] = [
  { name: 'clusterrole', kind: 'string' },
  { name: 'user', kind: 'stringArray' },
  { name: 'group', kind: 'stringArray' },
  { name: 'serviceaccount', kind: 'stringArray' },
];

export const RBAC_GENERATOR_FLAGS: Record<RbacGenerator, FlagDef[]> = {
  role: [...RULES, ...COMMON],
  clusterrole: [...RULES, { name: 'non-resource-url', kind: 'strings' }, { name: 'aggregation-rule', kind: 'string' }, ...COMMON],
  rolebinding: [...SUBJECTS, { name: 'role', kind: 'string' }, ...COMMON],
  clusterrolebinding: [...SUBJECTS, ...COMMON],
};

const RESOURCE: Record<RbacGenerator, { resource: string; kind: string }> = {
  role: { resource: 'roles', kind: 'Role' },
  clusterrole: { resource: 'clusterroles', kind: 'ClusterRole' },
  rolebinding: { resource: 'rolebindings', kind: 'RoleBinding' },
  clusterrolebinding: { resource: 'clusterrolebindings', kind: 'ClusterRoleBinding' },
};

const VALID_RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];
const VALID_NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** The verbs only some resources take, and which (specialVerbs). */
const SPECIAL_VERBS: Record<string, readonly [string, string][]> = {
  use: [
    ['policy', 'podsecuritypolicies'],
    ['extensions', 'podsecuritypolicies'],
  ],
  bind: [
    [RBAC_GROUP, 'roles'],
    [RBAC_GROUP, 'clusterroles'],
  ],
  escalate: [
    [RBAC_GROUP, 'roles'],
    [RBAC_GROUP, 'clusterroles'],
  ],
  impersonate: [
    ['', 'users'],
    ['', 'serviceaccounts'],
    ['', 'groups'],
    ['authentication.k8s.io', 'userextras'],
  ],
};

interface ResourceOption {
  group: string;
  resource: string;
  subresource: string;
}

const uniq = (xs: string[]): string[] => xs.filter((x, i) => xs.indexOf(x) === i);

/** Complete: verbs deduplicated (`*` alone wins), `resource.group/subresource` split, `*` alone wins. */
function completeRules(flags: Flags): { verbs: string[]; resources: ResourceOption[]; names: string[] } {
  const verbs = flags.list('verb').includes('*') ? ['*'] : uniq(flags.list('verb'));
  const resources: ResourceOption[] = [];
  for (const r of flags.list('resource')) {
    const [head, sub] = r.split(/\/(.*)/s, 2) as [string, string | undefined];
    const [res, group] = head.split(/\.(.*)/s, 2) as [string, string | undefined];
    const opt = { group: group ?? '', resource: res, subresource: sub ?? '' };
    if (res === '*' && group === undefined && sub === undefined) {
      resources.splice(0, resources.length, opt);
      break;
    }
    resources.push(opt);
  }
  return { verbs, resources, names: uniq(flags.list('resource-name')) };
}

/** The RESTMapper's ResourceFor: the served resource, or NoResourceMatchError's text. */
function mapResource(r: ResourceOption): { group: string; resource: string } | string {
  const info = resolveResource(r.group ? `${r.resource}.${r.group}` : r.resource);
  if (info) return { group: info.group, resource: info.resource };
  return `no matches for ${r.group}/, Resource=${r.resource}`;
}

/** validateResource: every resource known, special verbs only on their resources. */
function validateResources(verbs: string[], resources: ResourceOption[]): void {
  for (const r of resources) {
    if (r.resource === '') throw plainError('resource must be specified if apiGroup/subresource specified');
    if (r.resource === '*') return;
    const mapped = mapResource(r);
    let err = typeof mapped === 'string' ? mapped : undefined;
    const gr = typeof mapped === 'string' ? { group: r.group, resource: r.resource } : mapped;
    for (const v of verbs) {
      const allowed = SPECIAL_VERBS[v];
      if (!allowed) continue;
      if (!allowed.some(([g, res]) => g === gr.group && res === gr.resource)) throw plainError(`can not perform '${v}' on '${gr.resource}' in group '${gr.group}'`);
      err = undefined;
    }
    if (err) throw plainError(err);
  }
}

/** generateResourcePolicyRules: one rule per API group (groups sorted), then the non-resource URLs. */
function policyRules(verbs: string[], resources: ResourceOption[], names: string[], urls: string[]): PolicyRule[] {
  const byGroup = new Map<string, string[]>();
  for (const r of resources) {
    const mapped = mapResource(r);
    const gr = typeof mapped === 'string' ? { group: r.group, resource: r.resource } : { ...mapped };
    const res = r.subresource ? `${gr.resource}/${r.subresource}` : gr.resource;
    const list = byGroup.get(gr.group) ?? [];
    if (!list.includes(res)) list.push(res);
    byGroup.set(gr.group, list);
  }
  const rules: PolicyRule[] = [...byGroup.keys()].sort().map((g) => ({ verbs, apiGroups: [g], resources: byGroup.get(g)!, ...(names.length ? { resourceNames: names } : {}) }));
  if (urls.length) rules.push({ verbs, nonResourceURLs: urls });
  return rules;
}

function warnVerbs(env: Env, verbs: string[]): void {
  for (const v of verbs) if (!VALID_RESOURCE_VERBS.includes(v)) env.out.err(`Warning: '${v}' is not a standard resource verb\n`);
}

function roleObject(env: Env, flags: Flags, name: string): KObject {
  const { verbs, resources, names } = completeRules(flags);
  if (verbs.length === 0) throw plainError('at least one verb must be specified');
  warnVerbs(env, verbs);
  if (resources.length === 0) throw plainError('at least one resource must be specified');
  validateResources(verbs, resources);
  return { apiVersion: RBAC_API_VERSION, kind: 'Role', metadata: { name }, rules: policyRules(verbs, resources, names, []) };
}

/** cliflag.MapStringString: `k=v,k2=v2`. */
function parseLabels(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const i = pair.indexOf('=');
    if (i < 0) throw plainError(`invalid argument "${text}" for "--aggregation-rule" flag: malformed pair, expect string=string`);
    out[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return out;
}

function clusterRoleObject(env: Env, flags: Flags, name: string): KObject {
  const { verbs, resources, names } = completeRules(flags);
  const urls = uniq(flags.list('non-resource-url'));
  const aggregation = flags.str('aggregation-rule');
  if (aggregation) {
    const labels = parseLabels(aggregation);
    if (urls.length || verbs.length || resources.length || names.length) throw plainError('aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames');
    return { apiVersion: RBAC_API_VERSION, kind: 'ClusterRole', metadata: { name }, rules: null, aggregationRule: { clusterRoleSelectors: [{ matchLabels: labels }] } };
  }
  if (verbs.length === 0) throw plainError('at least one verb must be specified');
  if (resources.length === 0 && urls.length === 0) throw plainError('one of resource or nonResourceURL must be specified');
  if (resources.length) {
    warnVerbs(env, verbs);
    validateResources(verbs, resources);
  }
  if (urls.length) {
    for (const v of verbs) if (!VALID_NON_RESOURCE_VERBS.includes(v)) throw plainError(`invalid verb: '${v}' for nonResourceURL`);
    for (const url of urls) {
      if (url === '*') continue;
      if (!url.startsWith('/')) throw plainError('nonResourceURL should start with /');
      if (url.slice(0, -1).includes('*')) throw plainError("nonResourceURL only supports wildcard matches when '*' is at the end");
    }
  }
  return { apiVersion: RBAC_API_VERSION, kind: 'ClusterRole', metadata: { name }, rules: policyRules(verbs, resources, names, urls) };
}

function subjects(flags: Flags): Subject[] {
  const out: Subject[] = [];
  for (const u of flags.list('user')) out.push({ kind: 'User', apiGroup: RBAC_GROUP, name: u });
  for (const g of flags.list('group')) out.push({ kind: 'Group', apiGroup: RBAC_GROUP, name: g });
  for (const sa of flags.list('serviceaccount')) {
    const parts = sa.split(':');
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw plainError('serviceaccount must be <namespace>:<name>');
    out.push({ kind: 'ServiceAccount', name: parts[1]!, namespace: parts[0]! });
  }
  return out;
}

function bindingObject(flags: Flags, name: string, what: 'rolebinding' | 'clusterrolebinding'): KObject {
  let roleRef;
  if (what === 'rolebinding') {
    if ((flags.str('clusterrole') === '') === (flags.str('role') === '')) throw plainError('exactly one of clusterrole or role must be specified');
    roleRef = flags.str('role') ? { apiGroup: RBAC_GROUP, kind: 'Role', name: flags.str('role') } : { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: flags.str('clusterrole') };
  } else {
    if (!flags.has('clusterrole')) throw new CmdError('error: required flag(s) "clusterrole" not set\n');
    roleRef = { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: flags.str('clusterrole') };
  }
  const subs = subjects(flags);
  return { apiVersion: RBAC_API_VERSION, kind: RESOURCE[what].kind, metadata: { name }, roleRef, ...(subs.length ? { subjects: subs } : {}) };
}

export function rbacGenerator(env: Env, flags: Flags, what: RbacGenerator): number {
  const named = flags.args.length - (flags.afterDash?.length ?? 0);
  if (named !== 1) throw new CmdError(`error: exactly one NAME is required, got ${named}\nSee 'kubectl create ${what} -h' for help and examples\n`);
  checkOutput(flags, env.files);
  const name = flags.args[0]!;
  const obj =
    what === 'role' ? roleObject(env, flags, name) : what === 'clusterrole' ? clusterRoleObject(env, flags, name) : bindingObject(flags, name, what);
  const info = resourceInfo(RESOURCE[what].resource)!;
  // Only a namespace given on the command line is written into a namespaced object.
  if (info.namespaced && flags.has('namespace')) obj.metadata = { name, namespace: namespaceOf(env, flags) };
  const dry = dryRunOf(flags);
  const body = typedObject(flags.bool('save-config') ? withTypedLastApplied(obj, typedObject) : obj);
  if (dry === 'client') {
    printResult(env, flags, info, body, withDryRun('created', dry), typedObject);
    return 0;
  }
  const res = env.client.create(info, info.namespaced ? namespaceOf(env, flags) : undefined, body, dry === 'server');
  if (res.ok) {
    printResult(env, flags, info, res.value, withDryRun('created', dry), typedObject);
    return 0;
  }
  // Role and ClusterRole go through the RESTMapper first; the bindings' typed clients wrap the dial error (recorded).
  if (what === 'rolebinding' || what === 'clusterrolebinding') throw plainError(`failed to create ${what}: ${isNetworkError(res.error) ? env.client.unsentText(res.error) : res.error.message}`);
  if (isNetworkError(res.error)) throw new CmdError(`${standardErrorMessage(res.error)}\n`);
  throw new CmdError(`${standardErrorMessage(res.error)}\n`);
}
