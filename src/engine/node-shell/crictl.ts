/**
 * `crictl` on a node, against its runtime's real state: `ps [-a] [-q]`, `pods [-q]`, `images
 * [-q]`, `logs [--tail N] ID`, `inspect ID` (a short JSON status). Ids are the runtime's, the
 * same ones kubectl shows in containerStatuses' containerID, and any unique prefix selects one,
 * as crictl allows. Static Pods on control-plane machines are listed too (their processes are
 * the simulation's components, their ids those of the mirror Pods' status), each with the dead
 * container before its current one, which container GC keeps as it does for every Pod.
 */
import { rfc3339 } from '../../k8s/time';
import type { ComponentId, SimMillis } from '../core/ids';
import { processLogs } from '../images/process';
import { runLines } from '../logging/process-log';
import { runtimeOf } from '../node/cri';
import { repositoryOf } from '../node/image-store';
import type { RuntimeState } from '../node/runtime-state';
import { factsOf } from '../node/runtime-impl';
import type { World } from '../world';
import type { ShellIo } from './io';
import { humanDuration, humanSize, tabwrite } from './tabwriter';
import { imageOfStatic, staticContainers, staticLeftovers, staticSandboxes } from './static-containers';
import { runCli, subcommandHelp } from './crictl-cli';
import { CRICTL_APP } from './crictl-commands';

interface CtrRow {
  id: string;
  imageId: string;
  imageRef: string;
  createdAt: number;
  state: 'Created' | 'Running' | 'Exited';
  name: string;
  attempt: number;
  podId: string;
  pod: string;
  namespace: string;
  exitCode?: number;
  startedAt?: number;
  finishedAt?: number;
  /** Each CRI record as crictl prints it: an F record with its newline, a P record without. */
  logs: () => string[];
}

interface PodRow {
  id: string;
  createdAt: number;
  state: 'Ready' | 'NotReady';
  name: string;
  namespace: string;
  attempt: number;
  /** getSandboxesRuntimeHandler: the handler the sandbox was run with, `(default)` for none. */
  runtime: string;
}

const STATE = { CONTAINER_CREATED: 'Created', CONTAINER_RUNNING: 'Running', CONTAINER_EXITED: 'Exited' } as const;

const short = (id: string): string => id.replace(/^sha256:/, '').slice(0, 13);

function containers(w: World, node: string, rt: RuntimeState): CtrRow[] {
  const rows: CtrRow[] = [];
  for (const c of rt.containers.values()) {
    const sb = rt.sandboxes.get(c.sandboxId);
    const img = rt.images.get(c.imageRef);
    rows.push({
      id: c.id,
      imageId: img?.id ?? c.imageId,
      imageRef: c.imageRef,
      createdAt: c.createdAt,
      state: STATE[c.state],
      name: c.config.name,
      attempt: c.config.attempt,
      podId: c.sandboxId,
      pod: sb?.podName ?? 'unknown',
      namespace: sb?.podNamespace ?? 'unknown',
      ...(c.exitCode !== undefined ? { exitCode: c.exitCode } : {}),
      ...(c.startedAt !== undefined ? { startedAt: c.startedAt } : {}),
      ...(c.finishedAt !== undefined ? { finishedAt: c.finishedAt } : {}),
      logs: () => (c.process ? processLogs(c.process, w.now).map((l) => (l.partial ? l.text : `${l.text}\n`)) : []),
    });
  }
  for (const s of staticContainers(w, node)) {
    const img = rt.images.get(imageOfStatic(s.kind));
    const comp = w.components.get(s.componentId as ComponentId);
    rows.push({
      id: s.containerId,
      imageId: img?.id ?? '',
      imageRef: imageOfStatic(s.kind),
      createdAt: s.startedAt,
      state: s.running ? 'Running' : 'Exited',
      name: s.kind,
      attempt: s.restartCount,
      podId: s.sandboxId,
      pod: s.podName,
      namespace: 'kube-system',
      ...(s.running ? {} : { exitCode: s.exitCode }),
      logs: () => (s.crashLog ?? (comp ? (runLines(comp, false) ?? []).map((l) => l.text) : [])).map((l) => `${l}\n`),
    });
    const prev = s.previous;
    if (prev) {
      rows.push({
        id: prev.containerId,
        imageId: img?.id ?? '',
        imageRef: imageOfStatic(s.kind),
        createdAt: prev.createdAt,
        state: 'Exited',
        name: s.kind,
        attempt: prev.attempt,
        podId: prev.sandboxId ?? s.sandboxId,
        pod: s.podName,
        namespace: 'kube-system',
        exitCode: prev.exitCode,
        logs: () => (prev.crashLog ?? (comp ? (runLines(comp, true) ?? []).map((l) => l.text) : [])).map((l) => `${l}\n`),
      });
    }
  }
  for (const [i, l] of staticLeftovers(w, node).entries()) {
    const comp = w.components.get(l.componentId as ComponentId);
    const c = l.container;
    // The component's runs, newest last: a leftover ran before whatever runs now.
    const back = (comp?.running ? 1 : 0) + staticLeftovers(w, node).slice(0, i).filter((o) => o.componentId === l.componentId).length;
    rows.push({
      id: c.containerId,
      imageId: rt.images.get(imageOfStatic(l.kind))?.id ?? '',
      imageRef: imageOfStatic(l.kind),
      createdAt: c.createdAt,
      state: 'Exited',
      name: l.kind,
      attempt: c.attempt,
      podId: c.sandboxId ?? '',
      pod: l.podName,
      namespace: 'kube-system',
      exitCode: c.exitCode,
      logs: () => (c.crashLog ?? (comp?.log?.runs[comp.log.runs.length - 1 - back]?.lines ?? []).map((x) => x.text)).map((x) => `${x}\n`),
    });
  }
  // crictl sorts by creation time, newest first.
  return rows.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}

function pods(w: World, node: string, rt: RuntimeState): PodRow[] {
  const rows: PodRow[] = [...rt.sandboxes.values()].map((s) => ({ id: s.id, createdAt: s.createdAt, state: s.state === 'SANDBOX_READY' ? 'Ready' : 'NotReady', name: s.podName, namespace: s.podNamespace, attempt: s.attempt, runtime: s.runtimeHandler || '(default)' }));
  for (const s of staticSandboxes(w, node)) rows.push({ id: s.id, createdAt: s.createdAt, state: s.ready ? 'Ready' : 'NotReady', name: s.podName, namespace: 'kube-system', attempt: s.attempt, runtime: '(default)' });
  return rows.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}

function ago(w: World, at: number): string {
  return `${humanDuration(w.now - at)} ago`;
}

/** `--name` is a regular expression; an invalid one matches nothing. */
function safeRegExp(src: string): RegExp {
  try {
    return new RegExp(src);
  } catch {
    return /(?!)/;
  }
}

function find<T extends { id: string }>(rows: T[], prefix: string): T | undefined {
  const hits = rows.filter((r) => r.id.startsWith(prefix));
  return hits.length === 1 ? hits[0] : undefined;
}

function notFound(io: ShellIo, w: World, what: string, id: string): number {
  io.err(`time="${isoAt(w.now)}" level=fatal msg="${what}: rpc error: code = NotFound desc = an error occurred when try to find container \\"${id}\\": not found"\n`);
  return 1;
}

/** `2026-12-02T13:45:13Z`: logrus's timestamp when stderr is not a terminal. */
function isoAt(t: number): string {
  return rfc3339(t as SimMillis);
}

/** How many of the newest rows `--latest` (1) or `--last N` (N > 0, which wins) keep; undefined: all. */
function latestOf(flag: (name: string) => string | undefined): number | undefined {
  const last = Number(flag('last') ?? 0);
  if (last > 0) return last;
  return flag('latest') === 'true' ? 1 : undefined;
}

/** The first `n` rows, already newest first. */
const newest = <T>(rows: T[], n: number | undefined): T[] => (n === undefined ? rows : rows.slice(0, n));

/** The commands whose Action runs here, against the node's runtime. */
const MODELLED = ['ps', 'pods', 'images', 'logs', 'inspect'] as const;
type Modelled = (typeof MODELLED)[number];
const modelled = (name: string): name is Modelled => (MODELLED as readonly string[]).includes(name);

export function crictl(w: World, node: string, args: string[], io: ShellIo): number {
  const rt = runtimeOf(w, node);
  const fatal = (msg: string): number => {
    io.err(`time="${isoAt(w.now)}" level=fatal msg="${msg.replace(/["\\]/g, (c) => `\\${c}`)}"\n`);
    return 1;
  };
  // The global flags (--runtime-endpoint, --timeout, …) are read and not used: every node has one runtime.
  const run = runCli(CRICTL_APP, args);
  switch (run.kind) {
    case 'print':
      io.out(run.stdout);
      return 0;
    case 'usage-error':
      io.out(run.stdout);
      return fatal(run.error);
    case 'help-topic':
      if (run.fatal) return fatal(`No help topic for '${run.name}'`);
      io.err(`No help topic for '${run.name}'\n`);
      return 3;
    case 'action':
      break;
    default: {
      const never: never = run;
      return never;
    }
  }
  const which = run.path.length === 1 ? run.path[0]!.name : undefined;
  if (which === undefined || !modelled(which)) {
    io.err(`crictl ${run.path.map((c) => c.name).join(' ')}: not modelled here (${MODELLED.join(', ')} and their help are)\n`);
    return 1;
  }
  const flag = (name: string): string | undefined => run.values.get(name)?.at(-1);
  const positional = run.args;
  // ps and pods take no argument, logs one: more, and the Action shows the help instead.
  const tooMany = which === 'ps' || which === 'pods' ? positional.length > 0 : (which === 'logs' || which === 'images') && positional.length > 1;
  if (tooMany) {
    io.out(subcommandHelp(CRICTL_APP, run.path));
    return 0;
  }
  if (!rt?.running) {
    io.err(`time="${isoAt(w.now)}" level=fatal msg="validate service connection: validate CRI v1 runtime API for endpoint \\"unix://${factsOf(rt).socket}\\": rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix ${factsOf(rt).socket}: connect: connection refused\\""\n`);
    return 1;
  }
  const name = flag('name');
  const nameRe = name !== undefined ? safeRegExp(name) : undefined;
  const quiet = flag('quiet') === 'true';
  switch (which) {
    case 'ps': {
      const state = flag('state')?.toLowerCase();
      if (state !== undefined && !['created', 'running', 'exited', 'unknown'].includes(state)) {
        io.err(`time="${isoAt(w.now)}" level=fatal msg="--state should be one of created, running, exited or unknown"\n`);
        return 1;
      }
      // --latest and --last lift the default Running filter (getContainersList).
      const all = flag('all') === 'true' || latestOf(flag) !== undefined;
      const shown = (c: CtrRow): boolean => (state !== undefined ? c.state.toLowerCase() === state : all || c.state === 'Running');
      const rows = newest(containers(w, node, rt).filter((c) => shown(c) && (!nameRe || nameRe.test(c.name))), latestOf(flag));
      if (quiet) io.out(rows.map((c) => `${c.id}\n`).join(''));
      else io.out(tabwrite([['CONTAINER', 'IMAGE', 'CREATED', 'STATE', 'NAME', 'ATTEMPT', 'POD ID', 'POD', 'NAMESPACE'], ...rows.map((c) => [short(c.id), short(c.imageId), ago(w, c.createdAt), c.state, c.name, String(c.attempt), short(c.podId), c.pod, c.namespace])]));
      return 0;
    }
    case 'pods': {
      const rows = newest(pods(w, node, rt).filter((p) => !nameRe || nameRe.test(p.name)), latestOf(flag));
      if (quiet) io.out(rows.map((p) => `${p.id}\n`).join(''));
      else io.out(tabwrite([['POD ID', 'CREATED', 'STATE', 'NAME', 'NAMESPACE', 'ATTEMPT', 'RUNTIME'], ...rows.map((p) => [short(p.id), ago(w, p.createdAt), p.state, p.name, p.namespace, String(p.attempt), p.runtime])]));
      return 0;
    }
    case 'images': {
      const imgs = [...new Map([...rt.images.values()].map((i) => [i.ref, i])).values()].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
      if (quiet) io.out([...new Set(imgs.map((i) => i.id))].map((id) => `${id}\n`).join(''));
      else {
        const tagOf = (ref: string): string => (ref.length > repositoryOf(ref).length ? ref.slice(repositoryOf(ref).length + 1) : '<none>');
        io.out(tabwrite([['IMAGE', 'TAG', 'IMAGE ID', 'SIZE'], ...imgs.map((i) => [repositoryOf(i.ref), tagOf(i.ref), short(i.id), humanSize(i.sizeBytes)])]));
      }
      return 0;
    }
    case 'logs': {
      const tail = Number(flag('tail') ?? -1);
      const id = positional[0];
      if (id === undefined) {
        io.err(`time="${isoAt(w.now)}" level=fatal msg="ID cannot be empty"\n`);
        return 1;
      }
      const c = find(containers(w, node, rt), id);
      if (!c) return notFound(io, w, 'failed to get container status', id);
      let lines = c.logs();
      if (tail >= 0) lines = lines.slice(Math.max(0, lines.length - tail));
      io.out(lines.join(''));
      return 0;
    }
    case 'inspect': {
      const id = positional[0];
      if (id === undefined) {
        io.err(`time="${isoAt(w.now)}" level=fatal msg="ID cannot be empty"\n`);
        return 1;
      }
      const c = find(containers(w, node, rt), id);
      if (!c) return notFound(io, w, 'getting the status of the container', id);
      const status = {
        status: {
          id: c.id,
          metadata: { attempt: c.attempt, name: c.name },
          state: `CONTAINER_${c.state.toUpperCase()}`,
          image: { image: c.imageRef },
          imageRef: c.imageId,
          exitCode: c.exitCode ?? 0,
          labels: { 'io.kubernetes.container.name': c.name, 'io.kubernetes.pod.name': c.pod, 'io.kubernetes.pod.namespace': c.namespace },
        },
      };
      io.out(`${JSON.stringify(status, null, 2)}\n`);
      return 0;
    }
    default: {
      const never: never = which;
      return never;
    }
  }
}
