/**
 * CalculatePatches (kubectl's set/helper.go) for the `set` subcommands: the object is copied,
 * its pod spec changed by `mutate`, and the two-way strategic merge patch between the two is
 * what gets sent — empty when nothing changed, so the command skips the object without a word.
 */
import type { KObject, PodSpec } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { customResourceInfos } from '../discovery';
import type { Failure } from '../errors';
import type { Env } from '../env';
import type { Flags } from '../flags';
import { printResult, withDryRun, type DryRun } from './common';
import type { Target } from './targets';
import { threeWayPatch } from '../../k8s/strategic-patch';
import { podSpecOf } from './pod-template';
import { recordInto } from '../record';

export type PatchOutcome =
  | { kind: 'no-pod-template' }
  | { kind: 'unchanged' }
  /** `modified` is the changed copy (what a client dry run prints). */
  | { kind: 'patch'; patch: Record<string, unknown>; modified: KObject };

/**
 * `cause` is `--record`'s change cause: written into the copy after `mutate` unless it answers
 * false (set resources records only when a container was transformed), so it is part of the patch.
 */
export function calculatePatch(obj: KObject, mutate: (spec: PodSpec) => boolean | void, cause?: string): PatchOutcome {
  let template = true;
  const outcome = calculateObjectPatch(
    obj,
    (copy) => {
      const spec = podSpecOf(copy);
      if (spec) return mutate(spec);
      template = false;
      return false;
    },
    cause,
  );
  return template ? outcome : { kind: 'no-pod-template' };
}

/** The same for a change anywhere in the object (`set subject`'s subjects). */
export function calculateObjectPatch(obj: KObject, mutate: (copy: KObject) => boolean | void, cause?: string): Exclude<PatchOutcome, { kind: 'no-pod-template' }> {
  const modified = structuredClone(obj);
  if (mutate(modified) !== false) recordInto(modified, cause);
  // CreateTwoWayMergePatch(original, modified): the three-way patch with the original as both
  // the last-applied and the live object.
  const patch = threeWayPatch(obj, modified as unknown as Record<string, unknown>, obj as unknown as Record<string, unknown>);
  return Object.keys(patch).length === 0 ? { kind: 'unchanged' } : { kind: 'patch', patch, modified };
}

/** filepath.Match over a container name (selectContainers): `*` any run, `?` one character. */
export function containerMatches(pattern: string, name: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(name);
}

/**
 * The error a `set` subcommand reports for an object without a pod template: UpdatePodSpecForObject's
 * message with the Go type it was handed (`*v1.Service`; a custom resource is unstructured).
 */
export function noPodTemplateText(info: ResourceInfo, obj: KObject): string {
  const custom = customResourceInfos().some((r) => r.resource === info.resource && r.group === info.group);
  const type = custom ? '*unstructured.Unstructured' : `*${info.version}.${info.kind}`;
  return `error: ${info.resource}/${obj.metadata.name ?? ''} the object is not a pod or does not have a pod template: ${type}\n`;
}

/**
 * The send-and-print half of a `set` subcommand: the patch goes out unless this is a client dry
 * run, then the object is printed with `operation`; a rejected patch is recorded as
 * `failurePrefix` + the server's message, and the command goes on to the next object.
 */
export function sendPatch(env: Env, flags: Flags, t: Target, modified: KObject, patch: Record<string, unknown>, dry: DryRun, failurePrefix: string, operation: string, errors: Failure[]): void {
  let result = modified;
  if (dry !== 'client') {
    const res = env.client.patch(t.info, t.obj.metadata.namespace, t.obj.metadata.name ?? '', patch, dry === 'server');
    if (!res.ok) {
      errors.push({ text: `${failurePrefix}${res.error.message}` });
      return;
    }
    result = res.value;
  }
  printResult(env, flags, t.info, result, withDryRun(operation, dry));
}
