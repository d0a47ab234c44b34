/**
 * `kubectl set env RESOURCE/NAME KEY_1=VAL_1 … KEY-` (set_env.go): adds, updates or removes
 * environment variables on the selected containers of pod templates; `--from=configmap/NAME`
 * or `secret/NAME` adds one `valueFrom` variable per key (`--keys` to pick, `--prefix` to
 * rename); `--list` prints what the containers would have, `--resolve` with the referenced
 * values. An object the change leaves as it was is skipped without a word, as upstream.
 * Approximate: the keys of `--from` come in sorted order (Go's map order is random), and
 * `--resolve` reads ConfigMap and Secret references only (field references stay unresolved).
 */
import type { ConfigMap, Container, EnvVar, KObject, Secret } from '../../k8s/types';

type EnvVarSource = NonNullable<EnvVar['valueFrom']> & { resourceFieldRef?: { containerName?: string; resource: string } };
import { resourceInfo } from '../../k8s/resources';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import type { FlagDef, Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { collectTargets } from './targets';
import { resolveType } from '../builder';
import { dryRunOf } from './common';
import { calculatePatch, containerMatches, noPodTemplateText, sendPatch } from './set-patch';
import { envVarNameError } from '../env-var-name';
import { decodeBase64 } from '../../k8s/base64';
import { usesFiles } from '../file-inputs';

export const SET_ENV_FLAGS: FlagDef[] = [
  { name: 'containers', short: 'c', kind: 'string' },
  { name: 'from', kind: 'string' },
  { name: 'prefix', kind: 'string' },
  { name: 'env', short: 'e', kind: 'stringArray' },
  { name: 'keys', kind: 'strings' },
  { name: 'list', kind: 'bool' },
  { name: 'resolve', kind: 'bool' },
  { name: 'overwrite', kind: 'bool' },
];

/** SplitEnvironmentFromResources: resources first, then changes; a resource after a change is refused. */
function splitArgs(args: string[]): { resources: string[]; changes: string[] } | undefined {
  const resources: string[] = [];
  const changes: string[] = [];
  for (const a of args) {
    const isEnv = /^.+=/s.test(a) || a.endsWith('-');
    if (isEnv) changes.push(a);
    else if (changes.length > 0) return undefined;
    else resources.push(a);
  }
  return { resources, changes };
}

/** ParseEnv: `KEY=VALUE` sets, `KEY-` removes, `-` reads `KEY=VALUE` lines from stdin. */
function parseEnv(specs: string[], stdin: string | undefined): { set: EnvVar[]; remove: string[] } {
  const set: EnvVar[] = [];
  const remove: string[] = [];
  for (const spec of specs) {
    if (spec === '-') {
      if (stdin === undefined) throw plainError("when '-' is used, STDIN must be open");
      for (const raw of stdin.split('\n')) {
        const line = raw.includes('#') ? raw.slice(0, raw.indexOf('#')) : raw;
        const i = line.indexOf('=');
        if (i >= 0) set.push({ name: line.slice(0, i), value: line.slice(i + 1) });
      }
    } else if (spec.includes('=')) {
      const i = spec.indexOf('=');
      const name = spec.slice(0, i);
      const err = envVarNameError(name);
      if (err) throw plainError(`"${name}" is not a valid key name: ${err}`);
      set.push({ name, value: spec.slice(i + 1) });
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else throw plainError(`unknown environment variable: ${spec}`);
  }
  if (remove.some((r) => set.some((e) => e.name === r))) throw plainError('can not both modify and remove the same environment variable in the same command');
  return { set, remove };
}

/** updateEnv: removals drop, a newer value replaces in place, new ones go last. */
function updateEnv(existing: EnvVar[], set: EnvVar[], remove: string[]): EnvVar[] {
  const covered = new Set(remove);
  const out: EnvVar[] = [];
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = set.find((x) => x.name === e.name);
    if (newer) {
      covered.add(e.name);
      out.push(newer);
    } else out.push(e);
  }
  for (const e of set) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** GetEnvVarRefString. */
function refString(from: EnvVarSource): string {
  if (from.configMapKeyRef) return `configmap ${from.configMapKeyRef.name ?? ''}, key ${from.configMapKeyRef.key}`;
  if (from.secretKeyRef) return `secret ${from.secretKeyRef.name ?? ''}, key ${from.secretKeyRef.key}`;
  if (from.fieldRef) return `field path ${from.fieldRef.fieldPath}`;
  if (from.resourceFieldRef) return `resource field ${from.resourceFieldRef.containerName ? `${from.resourceFieldRef.containerName}/` : ''}${from.resourceFieldRef.resource}`;
  return 'invalid valueFrom';
}

/** The variables `--from` adds, one per key (keyToEnvName: other characters become `_`, upper case). */
function fromVariables(env: Env, flags: Flags): EnvVar[] {
  const from = flags.str('from');
  if (from === '') return [];
  const slash = from.indexOf('/');
  if (slash < 0) throw new CmdError('error: resource(s) were provided, but no name was specified\n');
  const info = resolveType(from.slice(0, slash));
  const got = env.client.get(info, namespaceOf(env, flags), from.slice(slash + 1));
  if (!got.ok) throw new CmdError(failureText([{ api: got.error }]));
  const obj = got.value;
  const keys = flags.list('keys');
  const ref = (key: string): EnvVarSource =>
    obj.kind === 'Secret' ? { secretKeyRef: { name: obj.metadata.name ?? '', key } } : { configMapKeyRef: { name: obj.metadata.name ?? '', key } };
  if (obj.kind !== 'Secret' && obj.kind !== 'ConfigMap') throw plainError('unsupported resource specified in --from');
  const data = (obj as ConfigMap | Secret).data ?? {};
  return Object.keys(data)
    .sort()
    .filter((k) => keys.length === 0 || keys.includes(k))
    .map((key) => {
      const name = key.replace(/[^a-zA-Z0-9_]/g, '_').toUpperCase();
      if (name !== key) env.out.err(`Warning: key ${key} transferred to ${name}\n`);
      return { name, valueFrom: ref(key) };
    });
}

/** GetEnvVarRefValue for the references `--resolve` can read here. */
function resolved(env: Env, namespace: string, from: EnvVarSource): string | undefined {
  const sel = from.configMapKeyRef ?? from.secretKeyRef;
  if (!sel) return undefined;
  const info = resourceInfo(from.configMapKeyRef ? 'configmaps' : 'secrets')!;
  const got = env.client.get(info, namespace, sel.name ?? '');
  if (!got.ok) return undefined;
  const value = (got.value as ConfigMap | Secret).data?.[sel.key];
  if (value === undefined) return undefined;
  return from.secretKeyRef ? decodeBase64(value) : value;
}

function printList(env: Env, flags: Flags, obj: KObject, containers: Container[]): void {
  for (const c of containers) {
    env.out.out(`# ${obj.kind} ${obj.metadata.name ?? ''}, container ${c.name}\n`);
    for (const e of c.env ?? []) {
      if (!e.valueFrom) {
        env.out.out(`${e.name}=${e.value ?? ''}\n`);
        continue;
      }
      const value = flags.bool('resolve') ? resolved(env, obj.metadata.namespace ?? 'default', e.valueFrom) : undefined;
      env.out.out(value !== undefined ? `${e.name}=${value}\n` : `# ${e.name} from ${refString(e.valueFrom)}\n`);
    }
  }
}

export function runSetEnv(env: Env, flags: Flags): number {
  if (flags.bool('all') && flags.str('selector') !== '') throw plainError('cannot set --all and --selector at the same time');
  const split = splitArgs(flags.args);
  if (!split) throw plainError(`all resources must be specified before environment changes: ${flags.args.join(' ')}`);
  if (!usesFiles(flags) && split.resources.length === 0) throw plainError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (flags.bool('list') && flags.str('output') !== '') throw plainError('--list and --output may not be specified together');
  if (flags.list('keys').length > 0 && flags.str('from') === '') throw plainError('when specifying --keys, a configmap or secret must be provided with --from');
  const parsed = parseEnv([...flags.list('env'), ...split.changes], env.stdin);
  const set = [...parsed.set, ...fromVariables(env, flags)].map((e) => ({ ...e, name: `${flags.str('prefix')}${e.name}` }));
  const dry = dryRunOf(flags);
  const targets = collectTargets(env, flags, split.resources);
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  const selector = flags.str('containers', '*');
  const overwrite = flags.bool('overwrite', true);
  const errors: Failure[] = [];
  for (const t of targets.items) {
    const objectName = `${t.info.resource}/${t.obj.metadata.name ?? ''}`;
    let conflict: string | undefined;
    let selected: Container[] = [];
    const outcome = calculatePatch(t.obj, (spec) => {
      selected = [...spec.containers, ...(spec.initContainers ?? [])].filter((c) => containerMatches(selector, c.name));
      if (selected.length === 0) {
        env.out.err(`Warning: ${t.obj.kind}/${t.obj.metadata.name ?? ''} does not have any containers matching "${selector}"\n`);
        return;
      }
      for (const c of selected) {
        if (!overwrite) {
          const clash = set.map((e) => ({ e, cur: (c.env ?? []).find((x) => x.name === e.name) })).find(({ e, cur }) => cur && cur.value !== e.value);
          if (clash) {
            conflict = `'${clash.cur!.name}' already has a value (${clash.cur!.value ?? ''}), and --overwrite is false`;
            return;
          }
        }
        const next = updateEnv(c.env ?? [], set, parsed.remove);
        if (next.length > 0 || c.env) c.env = next;
      }
    });
    if (outcome.kind === 'no-pod-template') {
      errors.push({ text: noPodTemplateText(t.info, t.obj) });
      continue;
    }
    if (flags.bool('list')) {
      printList(env, flags, t.obj, selected);
      continue;
    }
    if (conflict !== undefined) {
      errors.push({ text: `error: ${objectName} ${conflict}` });
      continue;
    }
    if (outcome.kind === 'unchanged') continue;
    sendPatch(env, flags, t, outcome.modified, outcome.patch, dry, 'failed to patch env update to pod template: ', 'env updated', errors);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
