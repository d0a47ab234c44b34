/**
 * `kubectl debug POD --copy-to=NAME` (pkg/cmd/debug: debugByCopy → generatePodCopyWithDebugContainer):
 * a new Pod with the original's spec (ephemeral containers dropped, `nodeName` cleared unless
 * `--same-node`, `shareProcessNamespace` only when `--share-processes` is given), its labels and
 * annotations, `--set-image` applied to its containers (`*` for all), and either a new debug
 * container (`--image`, named `debugger-xxxxx` unless `-c`) or the container `-c` names changed
 * in place (command, env, image, pull policy, stdin/tty). The profile then applies in the copy
 * style (debug-profiles.ts): the general profile drops labels, annotations and probes, grants
 * SYS_PTRACE and shares the process namespace. A `--set-image`-only copy skips the profile and
 * attaches to nothing. `--replace` deletes the original (grace period 0) after the copy exists.
 *
 * Recorded with kubectl v1.35.2 against `reconcile serve` (each copy's stored Pod, the errors
 * `you must specify image when creating new container` and `you must specify --image,
 * --set-image or command arguments.`).
 */
import type { Container, Pod } from '../../k8s/types';
import { randomSuffixes } from '../rand-suffix';
import type { Env } from '../env';
import { plainError } from '../errors';
import { applyProfile, type DebugContainerOptions, type KeepFlags } from './debug-profiles';

export interface CopyOptions extends DebugContainerOptions {
  copyTo: string;
  sameNode: boolean;
  /** `--share-processes` when given; undefined leaves the original's setting. */
  shareProcesses: boolean | undefined;
  setImages: Record<string, string>;
  keep: KeepFlags;
}

/** The copy, and the name of the container to attach to ('' for a `--set-image`-only copy). */
export function podCopy(env: Env, o: CopyOptions, pod: Pod): { copy: Pod; container: string } {
  const copy: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: o.copyTo, ...(pod.metadata.namespace ? { namespace: pod.metadata.namespace } : {}) },
    spec: structuredClone(pod.spec),
  };
  if (pod.metadata.annotations) copy.metadata.annotations = { ...pod.metadata.annotations };
  if (pod.metadata.labels) copy.metadata.labels = { ...pod.metadata.labels };
  delete copy.spec.ephemeralContainers;
  if (o.shareProcesses !== undefined) copy.spec.shareProcessNamespace = o.shareProcesses;
  if (!o.sameNode) delete copy.spec.nodeName;
  for (const c of copy.spec.containers) {
    const image = o.setImages[c.name] ?? o.setImages['*'];
    if (image) c.image = image;
  }
  let name = o.container;
  let c: Container | undefined = name ? [...copy.spec.containers, ...(copy.spec.initContainers ?? [])].find((x) => x.name === name) : undefined;
  if (!c) {
    if (!o.image) {
      if (Object.keys(o.setImages).length > 0) return { copy, container: '' };
      throw plainError('you must specify image when creating new container');
    }
    if (!name) name = debugContainerName(env, o, pod, copy);
    c = { name, terminationMessagePolicy: 'File' };
    copy.spec.containers.push(c);
  }
  if (o.args.length) {
    if (o.argsOnly) c.args = o.args;
    else {
      c.command = o.args;
      delete c.args;
    }
  }
  if (o.env.length) c.env = o.env;
  if (o.image) c.image = o.image;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy as NonNullable<Container['imagePullPolicy']>;
  if (o.interactive) c.stdin = true;
  else delete c.stdin;
  if (o.tty) c.tty = true;
  else delete c.tty;
  applyProfile(o.profile, 'copy', copy, c.name, o.keep);
  return { copy, container: name };
}

/** computeDebugContainerName over the copy: `debugger-` and five characters no container has. */
function debugContainerName(env: Env, o: CopyOptions, pod: Pod, copy: Pod): string {
  const taken = new Set([...copy.spec.containers, ...(copy.spec.initContainers ?? [])].map((c) => c.name));
  const next = randomSuffixes(`${pod.metadata.uid ?? ''}/${o.copyTo}/${env.sim.now}`);
  let name = '';
  while (!name || taken.has(name)) name = `debugger-${next()}`;
  if (!o.quiet) env.out.out(`Defaulting debug container name to ${name}.\n`);
  return name;
}
