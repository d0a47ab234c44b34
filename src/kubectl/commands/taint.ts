/**
 * `kubectl taint NODE NAME KEY[=VALUE]:EFFECT ... | KEY[:EFFECT]-` (kubectl/pkg/cmd/taint): the
 * new list of a Node's taints is computed here and sent as a strategic merge patch, which
 * replaces `spec.taints` whole (the list has no merge key). What the taints then do is the
 * scheduler's (NoSchedule, PreferNoSchedule) and the taint eviction controller's (NoExecute).
 */
import type { Node, Taint } from '../../k8s/types';
import { resolveType } from '../builder';
import { CmdError, failureText, plainError, usageError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { listOptions } from '../selectors';
import { resourceInfo } from '../../k8s/resources';
import { DRY_RUN_FLAG, OUTPUT_FLAG, VALIDATE_FLAG, dryRunOf, printResult, withDryRun } from './common';

export const TAINT_FLAGS: FlagDef[] = [
  { name: 'overwrite', kind: 'bool' },
  { name: 'all', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'field-manager', kind: 'string' },
  VALIDATE_FLAG,
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  { name: 'allow-missing-template-keys', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'template', kind: 'string' },
];

type Effect = Taint['effect'];
type Spec = { key: string; value: string; effect: Effect | '' };

const EFFECTS: readonly string[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/** validation.IsQualifiedName's first complaint, if any. */
function qualifiedNameError(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2) return "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
  const name = parts[parts.length - 1]!;
  if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix === '') return 'prefix part must be non-empty';
    if (!DNS_SUBDOMAIN.test(prefix) || prefix.length > 253) return `prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`;
  }
  if (name === '') return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!NAME_PART.test(name)) return NAME_PART_MSG;
  return undefined;
}

/** parseTaint: `key`, `key:effect`, `key=value:effect`. */
function parseTaint(st: string): Spec | string {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect: Effect | '' = '';
  if (parts.length === 1) key = parts[0]!;
  else if (parts.length === 2) {
    if (!EFFECTS.includes(parts[1]!)) return `invalid taint effect: ${parts[1]}, unsupported taint effect`;
    effect = parts[1] as Effect;
    const kv = parts[0]!.split('=');
    if (kv.length > 2) return `invalid taint spec: ${st}`;
    key = kv[0]!;
    if (kv.length === 2) {
      value = kv[1]!;
      if (value !== '' && (value.length > 63 || !NAME_PART.test(value))) {
        return `invalid taint spec: ${st}, a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`;
      }
    }
  } else return `invalid taint spec: ${st}`;
  const bad = qualifiedNameError(key);
  if (bad) return `invalid taint spec: ${st}, ${bad}`;
  return { key, value, effect };
}

/** Taint.ToString: `key=value:effect`, `key:effect`, `key`. */
function taintString(t: Spec): string {
  const kv = t.value ? `${t.key}=${t.value}` : t.key;
  return t.effect ? `${kv}:${t.effect}` : kv;
}

/** MatchTaint: same key and effect. */
function sameTaint(a: { key: string; effect: string }, b: { key: string; effect: string }): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function runTaint(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, TAINT_FLAGS, 'kubectl taint');
  const resources: string[] = [];
  const taintArgs: string[] = [];
  for (const s of flags.args) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) taintArgs.push(s);
    else if (taintArgs.length) throw plainError(`all resources must be specified before taint changes: ${s}`);
    else resources.push(s);
  }
  const dry = dryRunOf(flags);
  if (resources.length < 1) throw plainError('one or more resources must be specified as <resource> <name>');
  if (taintArgs.length < 1) throw plainError('at least one taint update is required');
  const toAdd: Spec[] = [];
  const toRemove: Spec[] = [];
  for (const spec of taintArgs) {
    const parsed = parseTaint(spec.endsWith('-') ? spec.slice(0, -1) : spec);
    if (typeof parsed === 'string') throw usageError(parsed, 'kubectl taint');
    if (spec.endsWith('-')) {
      toRemove.push({ key: parsed.key, value: '', effect: parsed.effect });
      continue;
    }
    if (parsed.effect === '') throw usageError(`invalid taint spec: ${spec}`, 'kubectl taint');
    if (toAdd.some((t) => sameTaint(t, parsed))) throw usageError(`duplicated taints with the same key and effect: {${parsed.key} ${parsed.value} ${parsed.effect} <nil>}`, 'kubectl taint');
    toAdd.push(parsed);
  }
  // Validate: a Node type, no taint both added and removed, then the flags.
  const typed = resources[0]!.toLowerCase();
  const info = resolveType(typed);
  if (info.kind !== 'Node') throw plainError(`invalid resource type ${typed}, only node types are supported`);
  const conflicts = toRemove.filter((r) => toAdd.some((a) => a.key === r.key && (r.effect === '' || a.effect === r.effect))).map((r) => `${r.key}=${r.effect}`);
  if (conflicts.length) throw plainError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  const all = flags.bool('all');
  const selector = flags.str('selector');
  if (all && selector !== '') throw plainError("setting 'all' parameter with a non empty selector is prohibited");
  if (!all && selector === '' && resources.length < 2) throw plainError("at least one resource name must be specified since 'all' parameter is not set");

  const nodes = resourceInfo('nodes')!;
  const errors: Failure[] = [];
  const targets: Node[] = [];
  if (all || selector !== '') {
    const r = env.client.list(nodes, undefined, listOptions(flags));
    if (!r.ok) throw new CmdError(failureText([{ api: r.error }]));
    targets.push(...(r.value as Node[]));
  } else {
    for (const name of resources.slice(1)) {
      const r = env.client.get(nodes, undefined, name);
      if (r.ok) targets.push(r.value as Node);
      else errors.push({ api: r.error });
    }
  }
  const overwrite = flags.bool('overwrite');
  for (const node of targets) {
    const name = node.metadata.name ?? '';
    const old: Taint[] = node.spec?.taints ?? [];
    if (!overwrite) {
      const exists = toAdd.filter((t) => old.some((o) => sameTaint(t, o))).map((t) => t.key);
      if (exists.length) {
        errors.push({ text: `node ${name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false` });
        continue;
      }
    }
    // reorganizeTaints: the added taints first, then the old ones they do not replace.
    let next: Taint[] = toAdd.map((t) => ({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect as Effect }));
    for (const o of old) if (!next.some((t) => sameTaint(t, o))) next.push(o);
    const added = old.length !== next.length;
    const notFound: string[] = [];
    let deleted = false;
    for (const r of toRemove) {
      const before = next.length;
      next = next.filter((t) => !(t.key === r.key && (r.effect === '' || t.effect === r.effect)));
      deleted = next.length !== before;
      if (!deleted) notFound.push(`taint "${taintString(r)}" not found`);
    }
    if (notFound.length) {
      errors.push({ text: notFound.length === 1 ? notFound[0]! : `[${notFound.join(', ')}]` });
      continue;
    }
    const operation = (added && deleted) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
    let result: Node = { ...node, spec: { ...node.spec, taints: next } };
    if (dry !== 'client') {
      const res = env.client.patch(nodes, undefined, name, { spec: { taints: next.length ? next : null } }, dry === 'server');
      if (!res.ok) {
        errors.push({ api: res.error });
        continue;
      }
      result = res.value as Node;
    }
    printResult(env, flags, nodes, result, withDryRun(operation, dry));
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
