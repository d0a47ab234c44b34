/**
 * `kubectl auth can-i` and `kubectl auth whoami` (kubectl/pkg/cmd/auth): each asks the
 * apiserver one question by creating a review object — SelfSubjectAccessReview,
 * SelfSubjectRulesReview (`--list`), SelfSubjectReview — so RBAC and `--as` answer, not kubectl.
 */
import type { KObject } from '../../k8s/types';
import { resolveResource, resourceInfo, type ResourceInfo } from '../../k8s/resources';
import { CmdError, failureText, plainError } from '../errors';
import { defaultSubCommandRun } from '../help/parent-usage';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { tabulate, GET_TABLE } from '../../k8s/go-tabwriter';
import { noCompatiblePrinter, parseOutput, printGeneric, PRINT_FORMATS } from '../printers/generic';
import { templateOptions } from './common';
import { combineResourceGroup, goList, printableRules, type PolicyRule } from '../../k8s/rbac';

export const AUTH_SUBCOMMANDS = ['can-i', 'whoami'] as const;

export const AUTH_FLAGS: FlagDef[] = [
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'quiet', short: 'q', kind: 'bool' },
  { name: 'subresource', kind: 'string' },
  { name: 'list', kind: 'bool' },
  { name: 'no-headers', kind: 'bool' },
];

export const WHOAMI_FLAGS: FlagDef[] = [
  { name: 'output', short: 'o', kind: 'string', values: ['json', 'yaml'] },
  { name: 'allow-missing-template-keys', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'template', kind: 'string' },
];

export const AUTH_SUBCOMMAND_FLAGS: Readonly<Record<string, readonly FlagDef[]>> = { 'can-i': AUTH_FLAGS, whoami: WHOAMI_FLAGS };

const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
/** Names can-i passes on without a discovery warning. */
const NON_STANDARD = new Set(['users', 'groups']);

export function runAuth(env: Env, argv: string[]): number {
  const sub = argv[0];
  if (sub === 'can-i') return canI(env, argv.slice(1));
  if (sub === 'whoami') return whoami(env, argv.slice(1));
  return defaultSubCommandRun(env, argv, 'auth', 'err');
}

function reviewInfo(resource: string): ResourceInfo {
  return resourceInfo(resource)!;
}

function create(env: Env, resource: string, spec: Record<string, unknown>): Record<string, unknown> {
  const info = reviewInfo(resource);
  const body = { apiVersion: `${info.group}/${info.version}`, kind: info.kind, metadata: {}, spec } as unknown as KObject;
  const res = env.client.create(info, undefined, body);
  if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
  return ((res.value as unknown as Record<string, unknown>)['status'] ?? {}) as Record<string, unknown>;
}

/** can-i's warnings end with a blank line (cani.go's `Warning: …\n\n`, recorded from kubectl v1.35.2). */
function warn(env: Env, text: string): void {
  env.out.err(`Warning: ${text}\n\n`);
}

function canI(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, AUTH_FLAGS, 'kubectl auth can-i');
  const list = flags.bool('list');
  const args = flags.args;
  const namespace = flags.bool('all-namespaces') ? '' : namespaceOf(env, flags);
  if (list) {
    if (args.length !== 0) throw plainError('list option must be specified with no arguments');
    if (flags.bool('quiet') || flags.bool('all-namespaces') || flags.str('subresource') !== '') throw plainError("list option can't be specified with neither quiet, all-namespaces nor subresource options");
    const status = create(env, 'selfsubjectrulesreviews', { namespace });
    env.out.out(printRules(status, flags.bool('no-headers')));
    return 0;
  }
  if (args.length !== 2) throw plainError("you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.");
  const verb = args[0]!;
  let nonResourceURL = '';
  let group = '';
  let resource = '';
  let name = '';
  let info: ResourceInfo | undefined;
  if (args[1]!.startsWith('/')) nonResourceURL = args[1]!;
  else {
    const [typed, resName] = args[1]!.split(/\/(.*)/s, 2) as [string, string | undefined];
    name = resName ?? '';
    if (typed === '*') resource = '*';
    else {
      // The RESTMapper: a cold discovery cache that cannot be filled resolves nothing (recorded: the warning, then the refusal).
      info = env.client.discover() ? undefined : resolveResource(typed.toLowerCase());
      if (info) {
        group = info.group;
        resource = info.resource;
      } else {
        const [res, ...g] = typed.toLowerCase().split('.');
        resource = typed;
        if (!NON_STANDARD.has(typed.toLowerCase())) warn(env, g.length ? `the server doesn't have a resource type '${res}' in group '${g.join('.')}'` : `the server doesn't have a resource type '${res}'`);
      }
    }
  }
  const subresource = flags.str('subresource');
  // Validate.
  if (nonResourceURL) {
    if (subresource) throw plainError('--subresource can not be used with NonResourceURL');
    if (!NON_RESOURCE_VERBS.has(verb)) warn(env, `verb '${verb}' is not a known verb`);
  } else if (resource !== '' && !flags.bool('all-namespaces')) {
    if (info && !info.namespaced) warn(env, info.group ? `resource '${info.resource}' is not namespace scoped in group '${info.group}'` : `resource '${info.resource}' is not namespace scoped`);
    if (!RESOURCE_VERBS.has(verb)) warn(env, `verb '${verb}' is not a known verb`);
  }
  if (flags.bool('no-headers')) throw plainError('--no-headers cannot be set without --list specified');
  const spec = nonResourceURL
    ? { nonResourceAttributes: { verb, path: nonResourceURL } }
    : { resourceAttributes: { namespace, verb, group, resource, ...(subresource ? { subresource } : {}), ...(name ? { name } : {}) } };
  const status = create(env, 'selfsubjectaccessreviews', spec);
  const allowed = status['allowed'] === true;
  if (!flags.bool('quiet')) {
    const reason = typeof status['reason'] === 'string' && status['reason'] ? ` - ${status['reason']}` : '';
    env.out.out(allowed ? 'yes\n' : `no${reason}\n`);
  }
  return allowed ? 0 : 1;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function printRules(status: Record<string, unknown>, noHeaders: boolean): string {
  const rules: PolicyRule[] = [];
  for (const r of Array.isArray(status['resourceRules']) ? (status['resourceRules'] as Record<string, unknown>[]) : []) {
    rules.push({ verbs: strings(r['verbs']), apiGroups: strings(r['apiGroups']), resources: strings(r['resources']), resourceNames: strings(r['resourceNames']) });
  }
  for (const r of Array.isArray(status['nonResourceRules']) ? (status['nonResourceRules'] as Record<string, unknown>[]) : []) {
    rules.push({ verbs: strings(r['verbs']), nonResourceURLs: strings(r['nonResourceURLs']) });
  }
  let text = noHeaders ? '' : 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n';
  for (const r of printableRules(rules)) text += `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`;
  return tabulate(text, GET_TABLE);
}

function whoami(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, WHOAMI_FLAGS, 'kubectl auth whoami');
  const o = flags.str('output');
  const fmt = parseOutput(o, PRINT_FORMATS, templateOptions(flags, env.files));
  if (fmt.kind === 'custom-columns' || (fmt.kind === 'table' && o !== '')) throw noCompatiblePrinter(o, PRINT_FORMATS);
  const info = reviewInfo('selfsubjectreviews');
  const body = { apiVersion: `${info.group}/${info.version}`, kind: info.kind, metadata: {} } as unknown as KObject;
  const res = env.client.create(info, undefined, body);
  if (!res.ok) {
    if (!('network' in res.error) && res.error.reason === 'Forbidden') throw plainError('the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it');
    throw new CmdError(failureText([{ api: res.error }]));
  }
  if (fmt.kind !== 'table') {
    env.out.out(printGeneric(fmt, [res.value], true));
    return 0;
  }
  const ui = (((res.value as unknown as Record<string, unknown>)['status'] ?? {}) as Record<string, unknown>)['userInfo'] as Record<string, unknown> | undefined;
  let text = 'ATTRIBUTE\tVALUE\n';
  if (typeof ui?.['username'] === 'string' && ui['username']) text += `Username\t${ui['username']}\n`;
  if (typeof ui?.['uid'] === 'string' && ui['uid']) text += `UID\t${ui['uid']}\n`;
  const groups = strings(ui?.['groups']);
  if (groups.length) text += `Groups\t${goList(groups)}\n`;
  // A ServiceAccount token's credential id, bound Pod and Node: keys sorted, as whoami prints them.
  const extra = (ui?.['extra'] ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(extra).sort()) text += `Extra: ${key}\t${goList(strings(extra[key]))}\n`;
  env.out.out(tabulate(text, GET_TABLE));
  return 0;
}
