/**
 * `kubectl diff -f FILE` (pkg/cmd/diff): for every object, the live version (GET) and the merged
 * one — what the apiserver answers to the apply's patch, or to a create, sent as a server-side
 * dry run — are written as YAML (managedFields omitted, Secret data masked) into a LIVE and a
 * MERGED temporary directory, then `diff -u -N` compares the two directories. Exit status is
 * diff's: 0 when equal, 1 when different; kubectl's own errors exit 2 (CheckDiffErr).
 */
import type { KObject } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../../engine/index';
import { toYaml } from '../../k8s/printers/yaml';
import { CmdError, failureText, isNetworkError, withSource, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import type { ManifestDoc } from '../manifest';
import { failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';
import { threeWayPatch } from '../../k8s/strategic-patch';
import { customSource } from '../../k8s/apiextensions';
import { LAST_APPLIED, placeObject, stringMeta } from '../apply/objects';
import { FILENAME_FLAG } from './common';
import { unifiedHunks } from '../../k8s/line-diff';

export const DIFF_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'server-side', kind: 'bool' },
  { name: 'force-conflicts', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'show-secret', kind: 'bool' },
  { name: 'concurrency', kind: 'int' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'prune', kind: 'bool' },
  { name: 'prune-allowlist', kind: 'stringArray' },
  KUSTOMIZE_FLAG,
];

/** CheckDiffErr: every kubectl error exits one above checkErr's code, so it never reads as "changes found". */
const DIFF_ERROR_EXIT = 2;

/** GNU diff's modification time for a file `-N` treats as empty. */
const ABSENT_MTIME = '1970-01-01 00:00:00.000000000 +0000';

interface Pair {
  name: string;
  live: string;
  merged: string;
  liveExists: boolean;
}

/** InfoObject.Name: `[group.]version.Kind.namespace.name`. */
function fileName(doc: ManifestDoc, obj: KObject): string {
  const group = doc.info.group ? `${doc.info.group}.` : '';
  return `${group}${doc.info.version}.${doc.info.kind}.${doc.info.namespaced ? stringMeta(obj, 'namespace') : ''}.${stringMeta(obj, 'name')}`;
}

function omitManagedFields(o: KObject): KObject {
  const c = structuredClone(o);
  delete (c.metadata as { managedFields?: unknown }).managedFields;
  return c;
}

/** The Masker: Secret values never reach the terminal, only whether they changed. */
function maskSecrets(live: KObject | undefined, merged: KObject): void {
  if (merged.kind !== 'Secret') return;
  const a = (live as { data?: Record<string, string> } | undefined)?.data;
  const b = (merged as { data?: Record<string, string> }).data;
  for (const k of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
    const same = a?.[k] === b?.[k];
    if (a && k in a) a[k] = same ? '***' : '*** (before)';
    if (b && k in b) b[k] = same ? '***' : '*** (after)';
  }
}

/** Merged(): the server's answer to the dry-run create, or to the dry-run apply patch. */
function diffOne(env: Env, doc: ManifestDoc, ns: string, explicitNs: boolean): Pair | Failure {
  const local = placeObject(doc.info, doc.obj, ns, explicitNs);
  const name = stringMeta(local, 'name');
  const got = env.client.get(doc.info, local.metadata.namespace, name);
  if (!got.ok && (isNetworkError(got.error) || got.error.reason !== 'NotFound')) return { api: got.error };
  const live = got.ok ? omitManagedFields(got.value) : undefined;
  let res;
  if (!got.ok) res = env.client.create(doc.info, local.metadata.namespace, local, true);
  else {
    // GetModifiedConfiguration(annotate=false): the manifest with its annotations set (`{}` when
    // it had none, as in the recorded last-applied) and no last-applied annotation of its own.
    const modified = structuredClone(local);
    const annotations = { ...(modified.metadata.annotations ?? {}) };
    delete annotations[LAST_APPLIED];
    modified.metadata.annotations = annotations;
    const text = got.value.metadata.annotations?.[LAST_APPLIED];
    let original: unknown;
    try {
      original = text ? JSON.parse(text) : undefined;
    } catch {
      original = undefined;
    }
    const patch = threeWayPatch(original, modified as unknown as Record<string, unknown>, got.value as unknown as Record<string, unknown>, !customSource(doc.info));
    // The patcher holds the live resourceVersion, so a concurrent change is a conflict, not a lie.
    const withVersion = { ...patch, metadata: { ...((patch['metadata'] as Record<string, unknown> | undefined) ?? {}), resourceVersion: got.value.metadata.resourceVersion } };
    res = env.client.patch(doc.info, local.metadata.namespace, name, withVersion, true);
  }
  if (!res.ok) return { api: withSource(res.error, got.ok ? 'patching' : 'creating', doc.source) };
  const merged = omitManagedFields(res.value);
  maskSecrets(live, merged);
  return { name: fileName(doc, local), live: live ? toYaml(live) : '', merged: toYaml(merged), liveExists: live !== undefined };
}

/** os.MkdirTemp's suffix: kubectl's own randomness, derived here from the moment it runs. */
function tempDir(prefix: string, now: number): string {
  let h = 2166136261;
  for (const ch of `${prefix}:${now}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `/tmp/${prefix}-${h}`;
}

/** A file's modification time as GNU diff prints it: `2025-09-01 09:00:12.150000000 +0000`. */
function mtime(now: number): string {
  const ms = String(((now % 1000) + 1000) % 1000).padStart(3, '0');
  return `${rfc3339(now as SimMillis).slice(0, 19).replace('T', ' ')}.${ms}000000 +0000`;
}

export function runDiff(env: Env, argv: string[]): number {
  try {
    return diff(env, argv);
  } catch (e) {
    if (e instanceof CmdError && e.exitCode === 1) throw new CmdError(e.text, DIFF_ERROR_EXIT);
    throw e;
  }
}

function diff(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, DIFF_FLAGS, 'kubectl diff');
  if (flags.args.length) throw new CmdError(`error: Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl diff -h' for help and examples\n`);
  if (!usesFiles(flags)) throw new CmdError('error: must specify one of -f and -k\n');
  const loaded = loadInputs(env, flags);
  if (loaded.errors.length) throw new CmdError(failureText(loaded.errors));
  failIfUnrecognizable(env, flags, loaded, { exitCode: 2 });
  const pairs: Pair[] = [];
  for (const doc of loaded.docs) {
    const r = diffOne(env, doc, namespaceOf(env, flags), flags.has('namespace'));
    if ('name' in r) pairs.push(r);
    else throw new CmdError(failureText([r]));
  }
  const now = env.sim.now;
  const liveDir = tempDir('LIVE', now);
  const mergedDir = tempDir('MERGED', now);
  let changed = false;
  // diff walks the two directories in name order.
  for (const p of [...pairs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const hunks = unifiedHunks(p.live, p.merged);
    if (!hunks) continue;
    changed = true;
    const a = `${liveDir}/${p.name}`;
    const b = `${mergedDir}/${p.name}`;
    env.out.out(`diff -u -N ${a} ${b}\n--- ${a}\t${p.liveExists ? mtime(now) : ABSENT_MTIME}\n+++ ${b}\t${mtime(now)}\n${hunks}`);
  }
  return changed ? 1 : 0;
}
