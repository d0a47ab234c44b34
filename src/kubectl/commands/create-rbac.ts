/**
 * `kubectl create role|clusterrole|rolebinding|clusterrolebinding` (create_role.go,
 * create_clusterrole.go, create_rolebinding.go, create_clusterrolebinding.go). This cluster's
 * RBAC policy is built into kube-apiserver and rbac.authorization.k8s.io is not served, so after
 * kubectl's own validation the POST meets the apiserver's 404, which client-go reports as a
 * generic NotFound naming the verb and the resource.
 */
import { CmdError, isNetworkError, plainError, standardErrorMessage } from '../errors';
import type { FlagDef, Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import type { ResourceInfo } from '../../k8s/resources';
import { DRY_RUN_FLAG, OUTPUT_FLAG, VALIDATE_FLAG, dryRunOf } from './common';

export type RbacGenerator = 'role' | 'clusterrole' | 'rolebinding' | 'clusterrolebinding';

const COMMON: FlagDef[] = [{ name: 'save-config', kind: 'bool' }, { name: 'field-manager', kind: 'string' }, VALIDATE_FLAG, DRY_RUN_FLAG, OUTPUT_FLAG];
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

const RESOURCE: Record<RbacGenerator, { resource: string; kind: string; namespaced: boolean }> = {
  role: { resource: 'roles', kind: 'Role', namespaced: true },
  clusterrole: { resource: 'clusterroles', kind: 'ClusterRole', namespaced: false },
  rolebinding: { resource: 'rolebindings', kind: 'RoleBinding', namespaced: true },
  clusterrolebinding: { resource: 'clusterrolebindings', kind: 'ClusterRoleBinding', namespaced: false },
};

/** Each generator's Validate, in upstream's order. */
function validate(flags: Flags, what: RbacGenerator): void {
  switch (what) {
    case 'role':
      if (flags.list('verb').length === 0) throw plainError('at least one verb must be specified');
      if (flags.list('resource').length === 0) throw plainError('at least one resource must be specified');
      return;
    case 'clusterrole':
      if (flags.str('aggregation-rule')) {
        if (flags.list('non-resource-url').length || flags.list('verb').length || flags.list('resource').length || flags.list('resource-name').length) {
          throw plainError('aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames');
        }
        return;
      }
      if (flags.list('verb').length === 0) throw plainError('at least one verb must be specified');
      if (flags.list('resource').length === 0 && flags.list('non-resource-url').length === 0) throw plainError('one of resource or nonResourceURL must be specified');
      for (const url of flags.list('non-resource-url')) {
        if (!url.startsWith('/')) throw plainError('nonResourceURL should start with /');
        if (url.slice(0, -1).includes('*')) throw plainError("nonResourceURL only supports wildcard matches when '*' is at the end");
      }
      return;
    case 'rolebinding':
      if ((flags.str('clusterrole') === '') === (flags.str('role') === '')) throw plainError('exactly one of clusterrole or role must be specified');
      break;
    case 'clusterrolebinding':
      if (!flags.has('clusterrole')) throw new CmdError('error: required flag(s) "clusterrole" not set\n');
      break;
  }
  for (const sa of flags.list('serviceaccount')) if (sa.split(':').length !== 2 || sa.split(':').some((p) => p === '')) throw plainError('serviceaccount must be <namespace>:<name>');
}

export function rbacGenerator(env: Env, flags: Flags, what: RbacGenerator): number {
  const named = flags.args.length - (flags.afterDash?.length ?? 0);
  if (named !== 1) throw new CmdError(`error: exactly one NAME is required, got ${named}\nSee 'kubectl create ${what} -h' for help and examples\n`);
  const name = flags.args[0]!;
  validate(flags, what);
  if (dryRunOf(flags) === 'client') throw plainError(`--dry-run=client is not available in this simulator for "create ${what}": its kind is not served here`);
  const r = RESOURCE[what];
  const info: ResourceInfo = { ...r, singular: what, group: 'rbac.authorization.k8s.io', version: 'v1', shortNames: [], verbs: ['create'], subresources: [] };
  const res = env.client.create(info, namespaceOf(flags), { apiVersion: 'rbac.authorization.k8s.io/v1', kind: r.kind, metadata: { name } }, dryRunOf(flags) === 'server');
  if (res.ok) return 0;
  if (isNetworkError(res.error)) throw new CmdError(`${standardErrorMessage(res.error)}\n`);
  // NewGenericServerResponse: a 404 without a Status body names the verb and the group resource.
  const message = res.error.code === 404 ? `${res.error.message} (post ${r.resource}.rbac.authorization.k8s.io)` : res.error.message;
  // The binding generators wrap the failure; create role and clusterrole return it as it is.
  if (what === 'rolebinding' || what === 'clusterrolebinding') throw plainError(`failed to create ${what}: ${message}`);
  throw new CmdError(`${standardErrorMessage({ ...res.error, message })}\n`);
}
