/**
 * `kubectl debug POD --image=IMAGE [-it] [--target=CONTAINER] [-c NAME] [--profile=…] [-- COMMAND]`
 * (pkg/cmd/debug, v1.36): Complete and Validate in upstream's order with their messages, then the
 * ephemeral-container form — the Pod is read, the debug container generated (its name
 * `debugger-xxxxx` unless `-c`, the profile applied), and the strategic merge patch
 * CreateTwoWayMergePatch makes from the Pod before and after is sent to
 * `PATCH pods/<name>/ephemeralcontainers`. With `--attach` (the default for `-i`) kubectl then
 * watches the Pod until the container runs (printing a waiting message as a warning) and
 * attaches, or prints its logs if it already ended; in the page's terminal `-it` with a shell
 * attaches the terminal to that shell as `kubectl run -it` does (attach.ts), and `exit` ends the
 * ephemeral container, which is never restarted.
 *
 * Approximate: the suffix of a generated name is kubectl's own randomness, drawn here from the Pod
 * and the moment (never the engine's PRNG); `--env` pairs come sorted by name (a Go map's order is
 * random); the wait for the container is bounded (kubectl waits until interrupted); a headless
 * runner's stdin is empty, so an attached shell meets end of file and the container exits 0.
 * `node/NAME` creates the node debugging Pod (debug-node.ts), `--copy-to` a copy of the Pod
 * (debug-copy.ts), and each attaches to its container the same way. `-f` is not modelled and says so.
 */
import type { Container, EphemeralContainer, KObject, Node, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { resolveType } from '../builder';
import { CmdError, fatalText, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { attachment, INTERACTIVE_SHELLS, STARTUP_SCRIPT } from '../attach';
import { MAX_WAIT_MS, watchUntil } from '../wait-util';
import { readLog } from './logs-stream';
import { randomSuffixes } from '../rand-suffix';
import { viSaveOver } from './exec';
import { attachLine, pid1Shell, reattachMessage } from './attach-line';
import { nodeDebugPod } from './debug-node';
import { podCopy, type CopyOptions } from './debug-copy';
import { applyEphemeralProfile } from './debug-profiles';
import type { CommandResult, OutputChunk } from '../types';

export const DEBUG_FLAGS: FlagDef[] = [
  { name: 'filename', short: 'f', kind: 'strings', values: 'files' },
  { name: 'arguments-only', kind: 'bool' },
  { name: 'attach', kind: 'bool' },
  { name: 'container', short: 'c', kind: 'string' },
  { name: 'copy-to', kind: 'string' },
  { name: 'replace', kind: 'bool' },
  { name: 'env', kind: 'strings' },
  { name: 'image', kind: 'string' },
  { name: 'keep-labels', kind: 'bool' },
  { name: 'keep-annotations', kind: 'bool' },
  { name: 'keep-liveness', kind: 'bool' },
  { name: 'keep-readiness', kind: 'bool' },
  { name: 'keep-startup', kind: 'bool' },
  { name: 'keep-init-containers', kind: 'bool' },
  { name: 'set-image', kind: 'strings' },
  { name: 'image-pull-policy', kind: 'string', values: ['Always', 'IfNotPresent', 'Never'] },
  { name: 'stdin', short: 'i', kind: 'bool' },
  { name: 'quiet', short: 'q', kind: 'bool' },
  { name: 'same-node', kind: 'bool' },
  { name: 'share-processes', kind: 'bool' },
  { name: 'target', kind: 'string', values: 'containers' },
  { name: 'tty', short: 't', kind: 'bool' },
  { name: 'profile', kind: 'string', values: ['general', 'baseline', 'restricted', 'netadmin', 'sysadmin', 'legacy'] },
  { name: 'custom', kind: 'string', values: 'files' },
];

const PODS = resourceInfo('pods')!;
const PROFILES = ['legacy', 'general', 'baseline', 'restricted', 'netadmin', 'sysadmin'];
const SESSION_NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";

/** distribution/reference's ReferenceRegexp: [domain/]path[:tag][@digest]. */
const COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const REFERENCE = new RegExp(`^((?:${DOMAIN}/)?${COMPONENT}(?:/${COMPONENT})*)(?::([\\w][\\w.-]{0,127}))?(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}))?$`);

interface Options extends CopyOptions {
  ns: string;
  names: string[];
  attach: boolean;
  target: string;
  replace: boolean;
}

/** Complete + Validate: the options, or the first error upstream would print. */
function options(env: Env, argv: string[]): Options {
  const flags = parseFlags(argv, DEBUG_FLAGS, 'kubectl debug');
  const atDash = flags.afterDash === undefined ? -1 : flags.args.length - flags.afterDash.length;
  const names = atDash >= 0 ? flags.args.slice(0, atDash) : flags.args;
  const args = atDash >= 0 ? flags.args.slice(atDash) : [];
  const interactive = flags.bool('stdin');
  const attachChanged = flags.has('attach');
  const env_: { name: string; value: string }[] = [];
  for (const pair of flags.list('env').flatMap((s) => s.split(','))) {
    const eq = pair.indexOf('=');
    if (eq < 0) throw plainError(`invalid argument "${flags.list('env').join(',')}" for "--env" flag: ${pair} must be formatted as key=value`);
    const name = pair.slice(0, eq);
    const i = env_.findIndex((e) => e.name === name);
    if (i >= 0) env_.splice(i, 1);
    env_.push({ name, value: pair.slice(eq + 1) });
  }
  env_.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const o: Options = {
    ns: namespaceOf(env, flags),
    names,
    args,
    argsOnly: flags.bool('arguments-only'),
    attach: attachChanged ? flags.bool('attach') : interactive,
    container: flags.str('container'),
    env: env_,
    image: flags.str('image'),
    interactive,
    tty: flags.bool('tty'),
    quiet: flags.bool('quiet'),
    target: flags.str('target'),
    pullPolicy: flags.str('image-pull-policy'),
    profile: flags.str('profile', 'general'),
    copyTo: flags.str('copy-to'),
    sameNode: flags.bool('same-node'),
    shareProcesses: flags.has('share-processes') ? flags.bool('share-processes') : undefined,
    setImages: {},
    replace: flags.bool('replace'),
    keep: {
      labels: flags.bool('keep-labels'),
      annotations: flags.bool('keep-annotations'),
      liveness: flags.bool('keep-liveness'),
      readiness: flags.bool('keep-readiness'),
      startup: flags.bool('keep-startup'),
      initContainers: flags.bool('keep-init-containers', true),
    },
  };
  // Complete: NewProfileApplier, then the custom profile's file.
  if (!PROFILES.includes(o.profile)) throw plainError(`unknown profile: ${o.profile}`);
  const custom = flags.str('custom');
  if (custom) throw plainError(`must pass a container spec json file for custom profile: open ${custom}: no such file or directory`);
  // Validate, in its order.
  if (o.attach && attachChanged && !o.image && !o.container) throw plainError('you must specify --container or create a new container using --image in order to attach.');
  const setImages = flags.list('set-image');
  if (o.copyTo) {
    if (!o.image && setImages.length === 0 && args.length === 0) throw plainError('you must specify --image, --set-image or command arguments.');
    if (args.length > 0 && !o.container && !o.image) throw plainError('you must specify an existing container or a new image when specifying args.');
  } else if (flags.bool('replace')) throw plainError('--replace may only be used with --copy-to.');
  else if (flags.bool('same-node')) throw plainError('--same-node may only be used with --copy-to.');
  else if (setImages.length > 0) throw plainError('--set-image may only be used with --copy-to.');
  else if (!o.image) throw plainError('you must specify --image when not using --copy-to.');
  if (o.image && !REFERENCE.test(o.image)) throw plainError(`invalid image name "${o.image}": invalid reference format`);
  if (names.length === 0 && flags.list('filename').length === 0) throw plainError('NAME or filename is required for debug');
  if (!['', 'Always', 'IfNotPresent', 'Never'].includes(o.pullPolicy)) throw plainError(`invalid image pull policy: ${o.pullPolicy}`);
  for (const pair of setImages.flatMap((s) => s.split(','))) {
    const eq = pair.indexOf('=');
    const image = eq < 0 ? '' : pair.slice(eq + 1);
    if (!REFERENCE.test(image)) throw plainError(`invalid image name "${image}" for container "${eq < 0 ? pair : pair.slice(0, eq)}": invalid reference format`);
    o.setImages[pair.slice(0, eq)] = image;
  }
  if (o.target) {
    if (o.copyTo) throw plainError('--target is incompatible with --copy-to. Use --share-processes instead.');
    if (!o.quiet) env.out.out(`Targeting container "${o.target}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`);
  }
  if (o.tty && !o.interactive) throw plainError('-i/--stdin is required for containers with -t/--tty=true');
  if (o.profile === 'legacy') env.out.err('--profile=legacy is deprecated and planned to be removed in v1.39. It is recommended to specify other profile, for example "--profile=general".\n');
  if (flags.list('filename').length > 0) throw plainError('"kubectl debug -f" is not modelled by this simulator: name the Pod instead (kubectl debug POD --image=IMAGE)');
  return o;
}

/** containerNameToRef: every container name of the Pod, ephemeral ones included. */
function containerNames(pod: Pod): Set<string> {
  return new Set([...pod.spec.containers, ...(pod.spec.initContainers ?? []), ...(pod.spec.ephemeralContainers ?? [])].map((c) => c.name));
}

/** computeDebugContainerName: `-c`, or `debugger-` and five random characters no container has. */
function debugContainerName(env: Env, o: Options, pod: Pod): string {
  if (o.container) return o.container;
  const taken = containerNames(pod);
  const next = randomSuffixes(`${pod.metadata.uid ?? ''}/${env.sim.now}`);
  let name = '';
  while (!name || taken.has(name)) name = `debugger-${next()}`;
  if (!o.quiet) env.out.out(`Defaulting debug container name to ${name}.\n`);
  return name;
}

/** generateDebugContainer: the EphemeralContainer as json.Marshal writes it (omitempty fields dropped). */
function debugContainer(o: Options, name: string): EphemeralContainer {
  const ec: EphemeralContainer = { name };
  if (o.image) ec.image = o.image;
  if (o.args.length) {
    if (o.argsOnly) ec.args = o.args;
    else ec.command = o.args;
  }
  if (o.env.length) ec.env = o.env;
  ec.resources = {};
  ec.terminationMessagePolicy = 'File';
  if (o.pullPolicy) ec.imagePullPolicy = o.pullPolicy as NonNullable<Container['imagePullPolicy']>;
  applyEphemeralProfile(o.profile, ec);
  if (o.interactive) ec.stdin = true;
  if (o.tty) ec.tty = true;
  if (o.target) ec.targetContainerName = o.target;
  return ec;
}

/** A JSON value with every object's keys sorted, as a patch built from Go maps is marshalled. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v as Record<string, unknown>).sort()) out[k] = sortedKeys((v as Record<string, unknown>)[k]);
  return out;
}

/** CreateTwoWayMergePatch(pod, pod + ec): the new item, and the list's order when there were others. */
function ephemeralPatch(pod: Pod, ec: EphemeralContainer): Record<string, unknown> {
  const existing = pod.spec.ephemeralContainers ?? [];
  const spec: Record<string, unknown> = { ephemeralContainers: [ec] };
  if (existing.length) spec['$setElementOrder/ephemeralContainers'] = [...existing.map((c) => c.name), ec.name].map((name) => ({ name }));
  return sortedKeys({ spec }) as Record<string, unknown>;
}

/** displayWarning: the Pod runs as a non-root user and the profile grants capabilities. */
function displayWarning(env: Env, pod: Pod, ec: Container | EphemeralContainer): void {
  const runAsUser = pod.spec.securityContext?.['runAsUser'];
  if (typeof runAsUser !== 'number' || runAsUser === 0 || !ec.securityContext) return;
  const sc = ec.securityContext as { runAsUser?: number; privileged?: boolean; capabilities?: { add?: string[] } };
  if (sc.runAsUser === 0) return;
  if (!sc.privileged && !(sc.capabilities?.add ?? []).length) return;
  env.out.err('Warning: Non-root user is configured for the entire target Pod, and some capabilities granted by debug profile may not work. Please consider using "--custom" with a custom profile that specifies "securityContext.runAsUser: 0".\n');
}

function ephemeralStatus(pod: Pod | undefined, name: string): NonNullable<NonNullable<Pod['status']>['containerStatuses']>[number] | undefined {
  const st = pod?.status;
  return [...(st?.initContainerStatuses ?? []), ...(st?.containerStatuses ?? []), ...(st?.ephemeralContainerStatuses ?? [])].find((s) => s.name === name);
}

/** waitForContainer: the Pod once the container runs or ended; a waiting message is a warning each time it is seen. */
function waitForContainer(env: Env, o: Options, pod: Pod, name: string): Pod {
  const ns = pod.metadata.namespace ?? o.ns;
  const podName = pod.metadata.name ?? '';
  let current: Pod | undefined = env.sim.storedObject<Pod>(`pods/${ns}/${podName}`) ?? pod;
  const ready = (p: Pod | undefined): boolean => {
    const s = ephemeralStatus(p, name);
    if (!s) return false;
    if (s.state.running || s.state.terminated) return true;
    if (!o.quiet && s.state.waiting?.message) env.out.err(`Warning: container ${name}: ${s.state.waiting.message}\n`);
    return false;
  };
  if (ready(current)) return current;
  const met = watchUntil(env, 'pods', { namespace: ns, names: [podName] }, [current as KObject], MAX_WAIT_MS, (e) => {
    if (e.type === 'DELETED') throw new CmdError(fatalText({ code: 404, reason: 'NotFound', message: 'pods "" not found' }));
    current = e.obj as Pod;
    return ready(current);
  });
  if (!met) throw plainError('timed out waiting for the condition');
  return current;
}

/**
 * The end of an attached session once the shell (the container's PID 1) ran `exit N`: attach.go's
 * line, which names an ephemeral container as one that will not be restarted. kubectl debug then
 * returns 0 whatever the shell exited with (it does not wait for the Pod, as `run` does).
 */
function endSession(env: Env, pod: Pod, container: string, code: number): CommandResult {
  const ns = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  env.sim.exitAttachedShell(ns, name, container, code);
  const output: OutputChunk[] = [{ stream: 'stdout', text: reattachMessage(pod, container) }];
  return { output, exitCode: 0 };
}

/** handleAttachPod: wait, then attach (or print the logs of a container that already ended). */
function attachTo(env: Env, o: Options, patched: Pod, container: string): number {
  const pod = waitForContainer(env, o, patched, container);
  const ns = pod.metadata.namespace ?? o.ns;
  const name = pod.metadata.name ?? '';
  const stream = { pod, container, prefix: '' };
  const status = ephemeralStatus(pod, container);
  if (status?.state.terminated) {
    env.out.out(readLog(env, stream, {}));
    return 0;
  }
  // SetupTTY: a TTY needs a terminal; the headless runner's input is not one.
  if (o.tty && !env.tty && !o.quiet) env.out.err('Unable to use a TTY - input is not a terminal or the right kind of file\n');
  if (!o.quiet) env.out.err(SESSION_NOTICE);
  const shell = o.args[0] ?? 'sh';
  // `-- chroot /host`: chroot's /bin/sh -i (the node's, under the debugging Pod's /host) reads the terminal.
  const root = shell === 'chroot' && o.args.length === 2 ? o.args[1] : undefined;
  if (env.tty && o.tty && o.interactive && root !== undefined) {
    const exec = (script: string, _pid?: number, interruptAt?: number) => attachLine(env, pod, container, script, interruptAt);
    const probe = exec('true');
    if (probe.ok) {
      const a = attachment({ pod, container, shell: 'sh', exec }, '');
      a.chroot = { root, cwd: '/', lines: 0, pid1: true };
      env.tty.attach({ ...a, endPid1: (code: number) => endSession(env, pod, container, code) });
      return 0;
    }
  }
  if (env.tty && o.tty && o.interactive && INTERACTIVE_SHELLS.has(shell)) {
    const exec = (script: string, _pid?: number, interruptAt?: number) => attachLine(env, pod, container, script, interruptAt);
    const started = exec(STARTUP_SCRIPT);
    if (started.ok) {
      env.tty.attach({ ...attachment({ pod, container, shell, exec, ...pid1Shell(started) }, started.output), endPid1: (code: number) => endSession(env, pod, container, code), ...viSaveOver(env, pod, container) });
      return 0;
    }
  }
  // No terminal: stdin (empty) meets end of file, so a shell waiting on it exits 0; then what
  // the container wrote is what the attach stream carried.
  if (o.interactive) env.sim.exitAttachedShell(ns, name, container, 0);
  const done = watchUntil(env, 'pods', { namespace: ns, names: [name] }, [pod as KObject], MAX_WAIT_MS, (e) => e.type === 'DELETED' || ephemeralStatus(e.obj as Pod, container)?.state.terminated !== undefined);
  if (done || !o.interactive) env.out.out(readLog(env, stream, {}));
  return 0;
}

/** debugByEphemeralContainer for one Pod; returns the patched Pod and the container's name. */
function debugPod(env: Env, o: Options, pod: Pod): { pod: Pod; container: string } {
  const name = debugContainerName(env, o, pod);
  const ec = debugContainer(o, name);
  displayWarning(env, pod, ec);
  const res = env.client.patch(PODS, pod.metadata.namespace ?? o.ns, pod.metadata.name ?? '', ephemeralPatch(pod, ec), false, 'ephemeralcontainers');
  if (!res.ok) throw new CmdError(fatalText(res.error));
  return { pod: res.value as Pod, container: name };
}

/** debugByCopy: the copy created (then, with --replace, the original deleted at once). */
function debugCopy(env: Env, o: Options, pod: Pod): { pod: Pod; container: string } {
  const { copy, container } = podCopy(env, o, pod);
  const dc = copy.spec.containers.find((c) => c.name === container);
  if (dc) displayWarning(env, copy, dc);
  const res = env.client.create(PODS, copy.metadata.namespace ?? o.ns, copy);
  if (!res.ok) throw new CmdError(fatalText(res.error));
  if (o.replace) {
    const del = env.client.delete(PODS, pod.metadata.namespace ?? o.ns, pod.metadata.name ?? '', { gracePeriodSeconds: 0 });
    if (!del.ok) throw new CmdError(fatalText(del.error));
  }
  return { pod: res.value as Pod, container };
}

/** visitNode: the node debugging Pod, created in the command's namespace. */
function debugNode(env: Env, o: Options, node: Node): { pod: Pod; container: string } {
  const pod = nodeDebugPod(env, o, node);
  const res = env.client.create(PODS, o.ns, pod);
  if (!res.ok) throw new CmdError(fatalText(res.error));
  const created = res.value as Pod;
  return { pod: created, container: created.spec.containers[0]?.name ?? '' };
}

export function runDebug(env: Env, argv: string[]): number {
  const o = options(env, argv);
  // The builder resolves every argument before visiting any (ResourceNames("pods", …)).
  const targets = o.names.map((arg) => {
    const slash = arg.indexOf('/');
    const info = slash >= 0 ? resolveType(arg.slice(0, slash)) : PODS;
    const name = slash >= 0 ? arg.slice(slash + 1) : arg;
    return { info, name };
  });
  for (const t of targets) {
    const got = env.client.get(t.info, o.ns, t.name);
    if (!got.ok) throw new CmdError(fatalText(got.error));
    if (t.info.resource === 'nodes') {
      const { pod, container } = debugNode(env, o, got.value as Node);
      if (o.attach) attachTo(env, o, pod, container);
      continue;
    }
    if (t.info.resource !== 'pods') throw plainError(`"${t.info.group ? `${t.info.group}/` : '/'}${t.info.version}, Kind=${t.info.kind}" not supported by debug`);
    const { pod, container } = o.copyTo ? debugCopy(env, o, got.value as Pod) : debugPod(env, o, got.value as Pod);
    if (o.attach && container) attachTo(env, o, pod, container);
  }
  return 0;
}
