/**
 * `--record` (cli-runtime's genericclioptions.RecordFlags): deprecated and hidden from help, still
 * honoured in kubectl v1.36. When true, the command writes itself into the object's
 * `kubernetes.io/change-cause` annotation, which the Deployment controller copies onto the
 * ReplicaSet and `kubectl rollout history` prints as CHANGE-CAUSE. The text is
 * parseCommandArguments': `kubectl`, every non-flag word in order (the command's own words first),
 * then every flag as `--NAME=VALUE` in the order typed (`-f x` → `--filename=x`, a bare bool →
 * `=true`), global flags included. Only the commands that register the flag take it (annotate,
 * apply, autoscale, create -f, edit, expose, label, patch, replace, run, scale, set image/
 * resources/selector/serviceaccount); `create deployment … --record` is an unknown flag.
 */
import type { KObject } from '../k8s/types';
import type { ResourceInfo } from '../k8s/resources';
import type { Env } from './env';
import type { FlagDef, Flags } from './flags';

export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';

export const RECORD_FLAG: FlagDef = { name: 'record', kind: 'bool', deprecated: '--record will be removed in the future' };

/** pflag prints this on stderr for every use of a deprecated flag, as it parses, before the command runs. */
export function warnDeprecatedFlags(env: Env, flags: Flags): void {
  for (const f of flags.seen) if (f.deprecated !== undefined) env.out.err(`Flag --${f.name} has been deprecated, ${f.deprecated}\n`);
}

/**
 * The change cause `--record=true` writes, or undefined when the command must not record
 * (RecordFlags.ToRecorder: only an explicit true records). Prints the deprecation notices first.
 * `words` are the command's own words (`['set', 'image']`).
 */
export function changeCause(env: Env, words: readonly string[], flags: Flags): string | undefined {
  warnDeprecatedFlags(env, flags);
  return recordedCause(words, flags);
}

/** changeCause without the notices: for the second half of a command the log splits in two (`kubectl edit`). */
export function recordedCause(words: readonly string[], flags: Flags): string | undefined {
  if (!flags.bool('record')) return undefined;
  const args = [...words, ...flags.args];
  return `kubectl${args.length ? ` ${args.join(' ')}` : ''}${flags.seen.map((f) => ` --${f.name}=${f.raw}`).join('')}`;
}

/** ChangeCauseRecorder.Record: the annotation set on the object the command is about to send. */
export function recordInto(obj: KObject, cause: string | undefined): void {
  if (cause === undefined) return;
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [CHANGE_CAUSE_ANNOTATION]: cause };
}

/**
 * MakeRecordMergePatch and the second PATCH `scale` and `patch` send after their own: a JSON merge
 * patch that sets the annotation (`{}` when it already says so — still sent), never a dry run
 * (upstream builds that helper without DryRun). Its failure is only logged at -v=4; the object
 * the server answered is returned when it worked.
 */
export function sendRecordPatch(env: Env, info: ResourceInfo, obj: KObject, cause: string | undefined): KObject | undefined {
  if (cause === undefined) return undefined;
  const same = obj.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION] === cause;
  const body = same ? {} : { metadata: { annotations: { [CHANGE_CAUSE_ANNOTATION]: cause } } };
  const res = env.client.patchAs(info, obj.metadata.namespace, obj.metadata.name ?? '', 'merge', body);
  return res.ok ? res.value : undefined;
}
