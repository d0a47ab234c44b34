/**
 * `kubectl set subject (-f FILENAME | TYPE NAME) [--user=…] [--group=…]
 * [--serviceaccount=namespace:name]` (set_subject.go): adds subjects to RoleBindings and
 * ClusterRoleBindings — users, then groups, then service accounts, each sorted and without
 * duplicates; one already bound is not added twice, and a binding that gains nothing is skipped
 * without a word.
 */
import type { RoleBinding, Subject } from '../../k8s/rbac';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import type { FlagDef, Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { collectTargets } from './targets';
import { dryRunOf, NO_RESOURCES } from './common';
import { calculateObjectPatch, sendPatch } from './set-patch';
import { usesFiles } from '../file-inputs';

export const SET_SUBJECT_FLAGS: FlagDef[] = [
  { name: 'user', kind: 'stringArray' },
  { name: 'group', kind: 'stringArray' },
  { name: 'serviceaccount', kind: 'stringArray' },
];

const RBAC_GROUP = 'rbac.authorization.k8s.io';

const sortedUnique = (xs: string[]): string[] => [...new Set(xs)].sort();

function sameSubject(a: Subject, b: Subject): boolean {
  return a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');
}

export function runSetSubject(env: Env, flags: Flags): number {
  const dry = dryRunOf(flags);
  if (flags.args.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const targets = collectTargets(env, flags, flags.args);
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  if (flags.bool('local') && dry === 'server') throw plainError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (flags.bool('all') && flags.str('selector') !== '') throw plainError('cannot set --all and --selector at the same time');
  const users = flags.list('user');
  const groups = flags.list('group');
  const serviceAccounts = flags.list('serviceaccount');
  if (users.length === 0 && groups.length === 0 && serviceAccounts.length === 0) throw plainError('you must specify at least one value of user, group or serviceaccount');
  for (const sa of serviceAccounts) {
    const tokens = sa.split(':');
    if (tokens.length !== 2 || tokens[1] === '') throw plainError('serviceaccount must be <namespace>:<name>');
    if (tokens[0] === '' && targets.items.some((t) => t.obj.kind === 'ClusterRoleBinding')) throw plainError('serviceaccount must be <namespace>:<name>, namespace must be specified');
  }
  const ns = namespaceOf(env, flags);
  const subjects: Subject[] = [
    ...sortedUnique(users).map((name) => ({ kind: 'User', apiGroup: RBAC_GROUP, name })),
    ...sortedUnique(groups).map((name) => ({ kind: 'Group', apiGroup: RBAC_GROUP, name })),
    ...sortedUnique(serviceAccounts).map((sa) => {
      const [namespace, name] = sa.split(':') as [string, string];
      return { kind: 'ServiceAccount', name, namespace: namespace || ns };
    }),
  ];
  const errors: Failure[] = [];
  for (const t of targets.items) {
    if (t.obj.kind !== 'RoleBinding' && t.obj.kind !== 'ClusterRoleBinding') {
      errors.push({ text: `error: ${t.info.resource}/${t.obj.metadata.name ?? ''} setting subjects is only supported for RoleBinding/ClusterRoleBinding\n` });
      continue;
    }
    const outcome = calculateObjectPatch(t.obj, (copy) => {
      const binding = copy as RoleBinding;
      const existing = binding.subjects ?? [];
      const added = subjects.filter((s) => !existing.some((e) => sameSubject(e, s)));
      if (added.length > 0) binding.subjects = [...existing, ...added];
    });
    if (outcome.kind === 'unchanged') continue;
    sendPatch(env, flags, t, outcome.modified, outcome.patch, dry, 'failed to patch subjects to rolebinding: ', 'subjects updated', errors);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
