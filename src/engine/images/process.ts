/**
 * A container's process: the contract's API (images/types.ts) over the interpreter.
 *
 * `ProcessState` is plain data. Every call that takes `now` first advances the process to `now`
 * (so functions may update the state they are given — always pass the one stored in the World);
 * the result depends only on the inputs, `now` and the answers its network steps got when the
 * runtime woke it for them (runWithNetwork), never on how often or in what steps it was called.
 * `processExit`/`startupMs` answer from a forecast: a copy of the process run ahead (bounded,
 * and only up to its next network step, processNetAt); an exec that changes the filesystem or
 * starts an app invalidates the forecast.
 * An exec runs beside PID 1 on a head of its own (machine.ts headBeside), and a learner's exec
 * waits for the World between its steps (execInContainer's `pace`) while PID 1 steps on.
 * Over 400 lines on purpose: every entry point shares the advance-then-answer invariant above,
 * which is easier to keep in one module than across several.
 */
import { expandKubernetesVars } from '../../k8s/var-expansion';
import { appAlive, appGrpc, appHttp, appLogStyle, listensOn as appListensOn, memoryAt, serverOf, type AppRun } from './app';
import { dynamicAnswer } from './dynamic-http';
import { containerMounts, tmpfsBytes, withSystem, type MachineFacts, type SystemView } from './sysinfo';
import { agnhostWebhook } from './agnhost-webhook';
import { handshakePem } from './tls';
import { MAJOR, MINOR } from '../../k8s/version';
import type { LogStyle, Route } from './catalog-types';
import { accessLines, behaviourLines } from './app-logs';
import { countRequest } from './log-buffer';
import { buildBaseFs, imageFile, nodeBaseFs } from './base-fs';
import { resolveUser, rowsOf } from './image-user';
import { imageDefinition, type ImageDefinition } from './catalog';
import { resolveCommand, startErrorMessage } from './resolve';
import type { BaseFs, FileIds, FsLayer, MountedVolume, Stat } from './fs';
import { dirEntries, fileLocation, newLayer, normalizePath, stat, writeAs, writeFile, written } from './fs';
import { mysqlApply, mysqlExchange, mysqlRole, type MysqlEvent } from './mysql-serve';
import { mysqlHostOf } from './mysql-host';
import type { MysqlRequest, MysqlWire } from './mysql-wire';
import { zkExchange } from './zookeeper-app';
import type { ZkIo, ZkPeers, ZkReply, ZkRequest } from './zookeeper-server';
import { redisExchange, redisReplicaFeed, redisReplicaWake, redisShutdown, settleRedis, type RedisProcess } from './redis-persist';
import { masterFeed, replicaNextAt } from './redis-repl';
import { network } from './container-net';
import { guestbookPhp } from './guestbook-php';
import { GB_404 } from './guestbook-images';
import { wordpressServe } from './wordpress-serve';
import { advance, headBeside, killTime, LOG_CAP, newMachine, parkedForNet, rejoinHead, restoreScope, runNested, startAt, type LineCut, type Machine, type RunContext, type Sink, type WorldPace } from './machine';
import { containerCreds, containerProcs, namespaceProcs, runUser, userCreds, type ExecSession } from './proc-container';
import type { ProcCreds } from './proc-status';
import { withProcPids } from './proc-status';
import { signalApp } from './app-signals';
import { execPath, lookPathError, searchPath } from './exec-file';
import { runTtyLine, stamped } from './tty-shell';
import { dropAfter, interruptRun } from './sigint';
import { shownAt, takeWrites, type FollowRef } from './follow';
import { nextProcPid } from './shell-chain';
import type { Proc } from './proc-model';
import { chargeRequest } from './resources';
import { runProbe } from './probe';
import { argvScript } from './shell-ast';
import { DEFAULT_OPTS } from '../../k8s/shell-options';
import type { ClusterDns, DnsRoute, ExecChunk, ExecResult, HttpAnswer, HttpRequest, LogLine, NetworkView, Probe, ProbeOutcome, ProcessExit, ProcessInput, RedisWire, ViOpen, ViOutcome } from './types';
import { viSave } from './tools-vi';
import { processIds } from './output';
import { minOf, pushAll } from '../../k8s/arrays';
import { own, setOwn } from '../../k8s/own';
import { cloneData } from '../core/clone';

export interface ProcessState {
  input: ProcessInput;
  /** What runs: ENTRYPOINT/CMD combined with command/args the Kubernetes way. */
  argv: string[];
  /** Container environment as the process sees it (`env` inside the container). */
  env: Record<string, string>;
  machine: Machine;
  /** Set when the runtime could not even start the entrypoint. */
  startError?: ProcessExit;
  /** The command is a script: the argv its `#!` interpreter runs with (PID 1's args in `ps`; its comm stays the script's name). */
  scriptArgv?: string[];
  /** Bumped when an exec changed the filesystem, the set of apps or a redis key space (forecast invalidation). */
  epoch: number;
  /** `netAt`: when the process next needs the cluster's network (its machine parks there). */
  forecast?: { epoch: number; exit: ProcessExit | null; upAt: number; netAt?: number; replAt?: number };
  /** Access-log and shutdown lines appended by requests/signals (bounded). */
  extraLogs: LogLine[];
  /** Set by signalTerm: the process ends here (graceful shutdown). */
  terminated?: ProcessExit;
  /** Cluster DNS as last published by setClusterDns. */
  dns?: ClusterDns;
  /**
   * CPU the requests it served one by one cost (resources.ts chargeRequest): nanocore-seconds as
   * of `at`, and earlier readings as flat [at, nanos, …] pairs, one a second.
   */
  served?: { at: number; nanos: number; marks: number[] };
}

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const LOOKAHEAD_BUDGET = 200_000;

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

/** `command` replaces ENTRYPOINT (and drops CMD); `args` replaces CMD. */
export function containerArgv(def: ImageDefinition, input: Pick<ProcessInput, 'command' | 'args' | 'env'>): string[] {
  const entrypoint = def.tag.entrypoint ?? def.image.entrypoint;
  const expand = (xs: string[]): string[] => xs.map((x) => expandKubernetesVars(x, (name) => own(input.env, name) as string | undefined));
  if (input.command && input.command.length > 0) return [...expand(input.command), ...expand(input.args ?? [])];
  return [...entrypoint, ...(input.args !== undefined ? expand(input.args) : def.image.cmd)];
}

function hostnameOf(input: ProcessInput): string {
  return input.hostname ?? input.env.HOSTNAME ?? 'localhost';
}

function containerEnv(def: ImageDefinition, input: ProcessInput): Record<string, string> {
  const env: Record<string, string> = { PATH, HOSTNAME: hostnameOf(input) };
  // `{version}` is the tag's application version, `{debian}` the Debian release it is built on.
  for (const [k, v] of Object.entries(def.tag.env ?? def.image.env ?? {})) env[k] = v.replace(/\{version\}/g, def.tag.version ?? '').replace(/\{debian\}/g, def.tag.debian ?? '');
  for (const [k, v] of Object.entries(input.env)) setOwn(env, k, v);
  // containerd's oci.WithTTY appends TERM=xterm for a container with a terminal (a TERM the Pod sets comes first, and wins).
  if (input.tty && !Object.hasOwn(env, 'TERM')) env.TERM = 'xterm';
  // runc's setupUser: HOME from the user's /etc/passwd entry, "/" without one (root's /root kept
  // for images whose files are not modelled).
  if (!Object.hasOwn(env, 'HOME')) {
    const who = resolveUser(input.runAsUser !== undefined ? String(input.runAsUser) : (def.image.user ?? ''), rowsOf(imageFile(def, '/etc/passwd')), rowsOf(imageFile(def, '/etc/group')));
    env.HOME = who.entry?.[5] ?? (who.uid === 0 ? '/root' : '/');
  }
  return env;
}

/** An exec on a terminal gets TERM=xterm after the container's environment (containerd's CRI execInternal). */
function execEnv(env: Record<string, string>, tty: boolean): Record<string, string> {
  return tty && !Object.hasOwn(env, 'TERM') ? { ...env, TERM: 'xterm' } : env;
}

const SHELLS = new Set(['sh', 'ash', 'bash', 'dash', 'zsh']);

/**
 * A client that reads its stdin itself when the runtime holds it open (`kubectl run -it … --
 * mysql -h mysql`): its prompt on a terminal, its statements from piped input. With `-e` it reads
 * no stdin. What an attach sends reaches it (node/attach.ts), not a shell.
 */
export function readsStdinItself(argv: readonly string[]): boolean {
  const first = argv[0];
  return first !== undefined && base(first) === 'mysql' && !argv.some((a) => a === '-e' || a.startsWith('--execute') || (a.startsWith('-e') && !a.startsWith('--')));
}

/**
 * A shell with no script to run (`sh`, `bash -i`) reads its commands from stdin. With the
 * runtime holding stdin open (spec `stdin: true`, `kubectl run -it`) it waits for input for as
 * long as nobody closes it — the `tail -f /dev/null` the machine already models as waiting —
 * instead of meeting end of file and exiting at once.
 */
function waitsOnStdin(argv: readonly string[], stdinOpen: boolean | undefined, mounts?: ProcessInput['mounts']): boolean {
  return stdinArgvOf(argv, stdinOpen, mounts) !== undefined;
}

const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const interactiveFlags = (args: readonly string[]): boolean => args.every((a) => a === '-i' || a === '-l' || a === '--login');

/**
 * The program that reads the terminal when PID 1 waits on it, as the command a typed line is run
 * by (`sh`, `bash`), or `chroot DIR /bin/sh` for a chroot into a mount of the node's `/` whose
 * shell (the node's, tools-chroot.ts) reads it (`kubectl debug node/… -it -- chroot /host`).
 */
function stdinArgvOf(argv: readonly string[], stdinOpen: boolean | undefined, mounts: ProcessInput['mounts']): string[] | undefined {
  const first = argv[0];
  if (stdinOpen !== true || first === undefined) return undefined;
  if (SHELLS.has(base(first))) return interactiveFlags(argv.slice(1)) ? [first] : undefined;
  if (readsStdinItself(argv)) return [...argv];
  const [, dir, prog, ...rest] = argv;
  if (base(first) !== 'chroot' || dir === undefined || mounts?.[normalizePath(dir, '/')]?.hostPath !== '/') return undefined;
  return prog === undefined || (SHELLS.has(base(prog)) && interactiveFlags(rest)) ? [first, dir, prog ?? '/bin/sh'] : undefined;
}

/** What runs once an image's docker-entrypoint.sh has exec'd its arguments (`/entrypoint.sh sh` is a shell). */
function execedArgv(def: ReturnType<typeof imageDefinition>, argv: readonly string[]): readonly string[] {
  // The image's ENTRYPOINT names its script as found in PATH (`docker-entrypoint.sh`), or by its path.
  const name = argv[0] ?? '';
  const first = def.image.binaries[name] ?? (name.includes('/') ? undefined : Object.entries(def.image.binaries).find(([path]) => path.endsWith(`/${name}`))?.[1]);
  return first?.kind === 'entrypoint' && argv.length > 1 && !argv[1]!.startsWith('-') ? argv.slice(1) : argv;
}

export function startProcess(input: ProcessInput): ProcessState {
  const def = imageDefinition(input.image.ref);
  const argv = containerArgv(def, input);
  const env = containerEnv(def, input);
  const fs = newLayer();
  if (input.mounts) fs.mounts = { ...input.mounts };
  const script = waitsOnStdin(execedArgv(def, argv), input.stdinOpen, input.mounts) ? argvScript(['tail', '-f', '/dev/null']) : argvScript(argv);
  const machine = newMachine(script, { vars: { ...env }, positional: [argv[0] ?? ''], cwd: def.image.workingDir ?? '/', dialect: null, opts: DEFAULT_OPTS }, input.startedAt, fs);
  startAt(machine, 0);
  const p: ProcessState = { input, argv, env, machine, epoch: 0, extraLogs: [] };
  if (input.dns) p.dns = input.dns;
  const first = argv[0];
  if (first === undefined) {
    p.startError = { at: input.startedAt, exitCode: 128, reason: 'StartError', message: 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: no command specified: unknown' };
  } else {
    const ctx = context(p, false);
    const problem = lookPath(ctx, machine, first);
    if (problem !== undefined) p.startError = { at: input.startedAt, exitCode: 128, reason: 'StartError', message: startErrorMessage(first, problem) };
    else if (resolveCommand(ctx, first, machine.cwd, machine.fs).k === 'missing') {
      const path = first.includes('/') ? first : searchPath(ctx, machine.fs, machine.vars.PATH ?? PATH, runUser(machine, ctx), first)?.path;
      const run = path === undefined ? undefined : execPath(ctx, machine.fs, machine.cwd, runUser(machine, ctx), [path, ...argv.slice(1)]);
      if (run?.k === 'run') p.scriptArgv = run.argv;
    }
  }
  if (p.startError) machine.state = 'done';
  return p;
}

/**
 * Go's exec.LookPath on argv[0], as runc runs it before it starts the process (a create-time
 * error): undefined when found. A path that is a file the user may execute passes, whatever is
 * in it: execve's own failures come after the start (exec-file.ts, commands.ts).
 */
function lookPath(ctx: RunContext, m: Machine, name: string): string | undefined {
  if (resolveCommand(ctx, name, m.cwd, m.fs).k !== 'missing') return undefined;
  if (!name.includes('/')) return searchPath(ctx, m.fs, m.vars.PATH ?? PATH, runUser(m, ctx), name)?.executable ? undefined : `exec: ${JSON.stringify(name)}: executable file not found in $PATH`;
  return lookPathError(name, execPath(ctx, m.fs, m.cwd, runUser(m, ctx), [name]));
}

// ---------------------------------------------------------------------------------------------
// Context and time
// ---------------------------------------------------------------------------------------------

const baseCache = new WeakMap<ProcessInput, BaseFs>();
const hostCache = new WeakMap<ProcessInput, BaseFs>();

/** The node under a hostPath mount: live through an exec or attach, else as it was at the start. */
function hostOf(p: ProcessState, net: NetworkView | undefined): BaseFs | undefined {
  if (net?.host) return net.host.root;
  const files = p.input.hostFiles;
  if (!files) return undefined;
  let host = hostCache.get(p.input);
  if (!host) hostCache.set(p.input, (host = nodeBaseFs(files)));
  return host;
}

/**
 * The node and cgroup the container sees (sysinfo.ts): /proc is the node's, the limits are in
 * /sys/fs/cgroup; memory.current is what metrics read (memoryUsageBytes' sum) at the tool's time.
 */
function systemOf(p: ProcessState, machine: MachineFacts | undefined): SystemView | undefined {
  if (!machine) return undefined;
  const i = p.input;
  return {
    machine,
    cgroup: {
      ...(i.memoryLimitBytes !== undefined ? { memoryMax: i.memoryLimitBytes } : {}),
      ...(i.cpuLimitMillicores !== undefined ? { cpuLimitMillicores: i.cpuLimitMillicores } : {}),
      cpuRequestMillicores: i.cpuRequestMillicores ?? 0,
    },
    memoryCurrent: (at) => (p.machine.dialect !== null || p.machine.apps.length === 0 ? 1 << 20 : 0) + p.machine.apps.reduce((n, a) => n + memoryAt(a, at), 0) + tmpfsBytes(i.mounts),
    // Read when df runs: a memory-backed volume's used space changes as the container writes.
    get mounts() {
      return containerMounts(machine, i.memoryLimitBytes, i.mounts ?? {});
    },
  };
}

const USERS = new WeakMap<ProcessState, ProcCreds>();

/**
 * What the runtime reports of the process's user (CRI ContainerStatus.user, containerd 2.x: the
 * OCI spec's uid, gid and additional gids), which the kubelet copies to
 * status.containerStatuses[].user.linux. Fixed for the container's life.
 */
export function containerUser(p: ProcessState): ProcCreds {
  let u = USERS.get(p);
  if (!u) {
    u = userCreds(p.machine, context(p, false));
    USERS.set(p, u);
  }
  return u;
}

/**
 * `main`: the container's own process (not an exec or a probe), which parks at network steps.
 * `clock`: the moment the machine's files (/proc/uptime, /proc/loadavg) are read at: PID 1's
 * clock, or an exec's own.
 */
function context(p: ProcessState, lookahead: boolean, net?: NetworkView, main = false, clock: () => number = () => p.machine.clock): RunContext {
  const def = imageDefinition(p.input.image.ref);
  let base = baseCache.get(p.input);
  if (!base) {
    base = buildBaseFs(def, { hostname: hostnameOf(p.input), podIP: p.input.podIP ?? '127.0.0.1', namespace: p.input.namespace ?? 'default', ...(p.input.hostDomain ? { hostDomain: p.input.hostDomain } : {}) });
    baseCache.set(p.input, base);
  }
  // The node's files lie under the container's hostPath mounts.
  const host = hostOf(p, net);
  if (host) base = { ...base, host };
  const system = systemOf(p, net?.machine ?? p.input.machine);
  if (system) base = withSystem(base, system, clock);
  const ctx: RunContext = {
    argv: p.argv,
    ...(p.scriptArgv ? { scriptArgv: p.scriptArgv } : {}),
    image: def.image,
    tag: def.tag,
    base,
    hostname: hostnameOf(p.input),
    podIP: p.input.podIP ?? '127.0.0.1',
    declaredPorts: [...new Set(Object.values(p.input.ports))],
    restartCount: p.input.restartCount,
    seed: p.input.seed,
    lookahead,
    namespace: p.input.namespace ?? 'default',
    startedAt: p.input.startedAt,
  };
  if (system) {
    ctx.cpus = system.machine.cpus;
    ctx.memTotalKb = system.machine.memTotalKib;
  }
  if (p.input.tty) ctx.tty = true;
  if (p.input.pidBase !== undefined) ctx.pidBase = p.input.pidBase;
  if (p.input.runAsUser !== undefined) ctx.runAsUser = p.input.runAsUser;
  if (p.input.runAsGroup !== undefined) ctx.runAsGroup = p.input.runAsGroup;
  if (p.input.supplementalGroups) ctx.supplementalGroups = p.input.supplementalGroups;
  if (p.input.security) ctx.security = p.input.security;
  // /proc/PID for the container's own processes (not an exec's), read when a tool reads them.
  const procMachine = p.machine;
  ctx.base = withProcPids(ctx.base, () => namespaceProcs(procMachine, ctx), {
    creds: (q) => containerCreds(procMachine, ctx)(q),
    ...(p.input.security ? { security: p.input.security } : {}),
    cpus: system?.machine.cpus ?? 1,
    memTotalKb: system?.machine.memTotalKib ?? 0,
    ...(p.input.userns ? { userns: p.input.userns } : {}),
  });
  if (main && p.input.clusterNet && !net?.http) ctx.parkForNet = true;
  if (p.dns) ctx.dns = p.dns;
  if (p.input.memoryLimitBytes !== undefined) ctx.memoryLimitBytes = p.input.memoryLimitBytes;
  if (system) ctx.system = system;
  if (net) ctx.net = net;
  else if (p.input.netns) {
    const ns = p.input.netns;
    ctx.net = { netns: () => ns };
  }
  return ctx;
}

/** Brings the process up to `now`. */
/** @internal for resources.ts */
export function sync(p: ProcessState, now: number): void {
  if (p.startError) return;
  advance(p.machine, context(p, false, undefined, true), now);
  // A redis-server's save points come due with time alone.
  for (const a of p.machine.apps) if (a.redis && a.redis.dirty > 0) settleRedis(a, redisProcess(p), Math.min(now, a.end?.at ?? now));
}

function machineExit(m: Machine): ProcessExit | null | undefined {
  const kill = killTime(m);
  const oom = (at: number): ProcessExit => ({ at, exitCode: 137, reason: 'OOMKilled' });
  switch (m.state) {
    case 'done':
      if (kill !== undefined && kill < m.clock) return oom(kill);
      return { at: m.clock, exitCode: m.exitCode, reason: m.exitCode === 0 ? 'Completed' : 'Error' };
    case 'killed':
      return oom(m.killedAt);
    case 'blocked':
    case 'spinning':
      return kill !== undefined ? oom(kill) : null;
    case 'running':
      // Endless loop (lookahead stopped) or budget exhausted: only an OOM can end it.
      return kill !== undefined ? oom(kill) : m.endless ? null : undefined;
  }
}

/** The filesystem as the look-ahead writes it: its own copy, with the read-only mounts shared. */
function lookaheadFs(fs: FsLayer): FsLayer {
  let mounts: Record<string, MountedVolume> | undefined;
  if (fs.mounts) {
    mounts = {};
    for (const at in fs.mounts) {
      const mount = fs.mounts[at]!;
      mounts[at] = mount.readOnly ? mount : cloneData(mount);
    }
  }
  const { mounts: _, ...own } = fs;
  return mounts ? { ...cloneData(own), mounts } : cloneData(own);
}

function forecast(p: ProcessState): { exit: ProcessExit | null; upAt: number; netAt?: number; replAt?: number } {
  if (p.forecast && p.forecast.epoch === p.epoch) return p.forecast;
  // The parsed script is append-only and its nodes are never written after parsing: the copy
  // shares them (a fresh array, so what the look-ahead parses stays its own) and clones the rest.
  // Read-only mounts (ConfigMaps, Secrets, the ServiceAccount's token and CA) are shared too: the
  // look-ahead cannot write them, and copying a Pod's token per forecast was a tenth of a run.
  // Started apps (AppRun) are written only when they are made (app.ts startApp), so the copy shares
  // them and gets its own array for what the look-ahead starts; a redis-server's key space changes
  // with the commands it serves, so such an app is copied.
  // One pass over the machine's own keys: a rest pattern and two spreads built three ~30-key
  // objects per forecast, which was most of its cost.
  const m = p.machine as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const k in m) {
    const v = m[k];
    fields[k] = k === 'nodes' ? (v as unknown[]).slice() : k === 'apps' ? (v as AppRun[]).map((a) => (a.redis || a.zk ? cloneData(a) : a)) : k === 'fs' ? lookaheadFs(v as FsLayer) : k === 'logs' ? [] : cloneData(v);
  }
  const copy = fields as unknown as Machine;
  const ctx = context(p, true, undefined, true);
  advance(copy, ctx, Infinity, LOOKAHEAD_BUDGET);
  const exit = machineExit(copy) ?? null;
  const listening = copy.apps.filter((a) => a.listen.length > 0);
  const firstApp = listening[0] ?? copy.apps[0];
  const upAt = listening.length > 0 ? minOf(listening.map((a) => a.listenAt)) : firstApp ? firstApp.startedAt : p.input.startedAt;
  p.forecast = { epoch: p.epoch, exit, upAt };
  // A replica redis-server the process starts dials its master on its own schedule (redis-repl.ts).
  const repl = minOf(copy.apps.map(replicaNextAt).filter((t): t is number => t !== undefined));
  if (Number.isFinite(repl)) p.forecast.replAt = repl;
  if (copy.state === 'running' && parkedForNet(copy, ctx)) p.forecast.netAt = copy.clock;
  return p.forecast;
}

/** When the process next waits for the cluster's network (undefined: it never does, as forecast). */
export function processNetAt(p: ProcessState): number | undefined {
  if (p.startError) return undefined;
  const f = forecast(p);
  const own = f.exit && f.netAt !== undefined && f.exit.at <= f.netAt ? undefined : f.netAt;
  const r = f.replAt;
  return r !== undefined && (!f.exit || r < f.exit.at) && (own === undefined || r < own) ? r : own;
}

/**
 * Runs the process up to `now` with the cluster's network as it is now: the step it parked at
 * (processNetAt ≤ now) makes its request, and the forecast starts again from what came back.
 */
export function runWithNetwork(p: ProcessState, now: number, net: NetworkView): void {
  if (p.startError) return;
  const ns = p.input.netns;
  const steps = p.machine.steps;
  const ctx = context(p, false, ns && !net.netns ? { ...net, netns: () => ns } : net);
  advance(p.machine, ctx, now);
  if (p.machine.steps !== steps) p.epoch++;
  for (const a of p.machine.apps) {
    const due = replicaNextAt(a);
    if (due === undefined || due > now || deadAt(p, now)) continue;
    const n = network(p.machine, ctx);
    redisReplicaWake(a, redisProcess(p), now, { redis: (host, port, commands) => n.redis?.(host, port, commands) ?? { kind: 'refused' } });
    // Its next step (and maybe its key space) moved: the forecast starts again.
    p.epoch++;
  }
}

/** The writes masters in this container have for their replicas (node/traffic.ts hands them over). */
export function redisFeed(p: ProcessState, now: number): ReturnType<typeof masterFeed> {
  if (p.startError) return [];
  return p.machine.apps.flatMap((a) => (a.redis ? masterFeed(a.redis, now) : []));
}

/** A master's writes for the replica redis-server in this container listening on `port`. */
export function redisReplicate(p: ProcessState, now: number, port: number, feed: ReturnType<typeof masterFeed>[number]): boolean {
  if (p.startError) return false;
  sync(p, now);
  if (deadAt(p, now)) return false;
  const app = p.machine.apps.find((a) => a.redis && appListensOn(a, port, now));
  if (!app || !redisReplicaFeed(app, redisProcess(p), now, feed.runId, feed.offset, feed.entries)) return false;
  p.epoch++;
  return true;
}

/**
 * Runs the process up to `now`, so what it wrote to a shared volume is there for the Pod's other
 * containers (and a PV's next Pod) before they read it. Processes run lazily otherwise.
 */
export function settleProcess(p: ProcessState, now: number): void {
  sync(p, now);
}

/**
 * The shell that is PID 1, reading the terminal the runtime holds open (`kubectl run -it … -- sh`),
 * ran `exit N` typed there: the process ends now with that status. Undefined when PID 1 is not
 * such a shell (or has already ended): nothing changes.
 */
export function exitStdinShell(p: ProcessState, now: number, exitCode: number): ProcessExit | undefined {
  if (p.startError || processExit(p) !== undefined || !waitsOnStdin(execedArgv(imageDefinition(p.input.image.ref), p.argv), p.input.stdinOpen, p.input.mounts)) return undefined;
  sync(p, now);
  p.terminated = { at: now, exitCode, reason: exitCode === 0 ? 'Completed' : 'Error' };
  return p.terminated;
}

/**
 * The shell PID 1 is when it reads the terminal the runtime holds open (`sh` of `kubectl run -it`),
 * as the image exec'd it, with what precedes it (`chroot /host /bin/sh`): what an attach's input
 * reaches, run as `… -c LINE`. Undefined for any other process.
 */
export function stdinShell(p: ProcessState): string[] | undefined {
  if (p.startError) return undefined;
  return stdinArgvOf(execedArgv(imageDefinition(p.input.image.ref), p.argv), p.input.stdinOpen, p.input.mounts);
}

/**
 * A file as the container's filesystem holds it now (its layer and volumes): what the kubelet
 * reads through the host path it bind-mounted there (the termination message). Undefined when no
 * such file exists.
 */
export function containerFile(p: ProcessState, path: string): string | undefined {
  const f = stat(p.machine.fs, context(p, false).base, path);
  return f.kind === 'file' ? f.content : undefined;
}

/** When, if ever, the process exits on its own (crash, completion, OOM kill, start failure). */
export function processExit(p: ProcessState): ProcessExit | undefined {
  if (p.startError) return p.startError;
  const own = forecast(p).exit ?? undefined;
  if (p.terminated && (!own || p.terminated.at < own.at)) return p.terminated;
  return own;
}

/** Milliseconds from start until the app accepts connections (or is up, if it never listens). */
export function startupMs(p: ProcessState): number {
  if (p.startError) return 0;
  return Math.max(0, forecast(p).upAt - p.input.startedAt);
}

/** @internal for resources.ts */
export function deadAt(p: ProcessState, t: number): boolean {
  const e = processExit(p);
  return t < p.input.startedAt || (e !== undefined && e.at <= t);
}

// ---------------------------------------------------------------------------------------------
// Logs
// ---------------------------------------------------------------------------------------------

/** Everything the container wrote up to `now`, in order (what `kubectl logs` shows). */
export function processLogs(p: ProcessState, now: number): LogLine[] {
  if (p.startError) return [];
  sync(p, now);
  const exit = processExit(p);
  const until = exit ? Math.min(now, exit.at) : now;
  const lines: LogLine[] = [...p.machine.logs];
  for (const app of p.machine.apps) {
    const style = appStyle(app);
    const end = Math.min(until, app.end?.at ?? Infinity, app.oomAt ?? Infinity);
    for (const l of app.banner) if (l.at <= end) lines.push(l);
    pushAll(lines, behaviourLines(app, style, until, LOG_CAP));
  }
  pushAll(lines, p.extraLogs);
  // The streams close when the container ends: a line still open is its last, partial, record.
  if (exit && exit.at <= now) {
    for (const stream of ['stdout', 'stderr'] as const) {
      const open = p.machine.logOpen[stream];
      if (open !== '') lines.push({ at: exit.at, stream, text: open, partial: true });
    }
  }
  const visible = lines.filter((l) => l.at <= until);
  // Stable sort keeps same-instant lines in the order they were written.
  visible.sort((a, b) => a.at - b.at);
  return visible.length > LOG_CAP ? visible.slice(visible.length - LOG_CAP) : visible;
}

/** @internal for resources.ts */
export function appStyle(app: AppRun): LogStyle {
  return appLogStyle(app);
}

/** @internal for resources.ts */
export function pushExtra(p: ProcessState, lines: LogLine[]): void {
  pushAll(p.extraLogs, lines);
  if (p.extraLogs.length > LOG_CAP) p.extraLogs.splice(0, p.extraLogs.length - LOG_CAP);
}

// ---------------------------------------------------------------------------------------------
// Network answers
// ---------------------------------------------------------------------------------------------

function readFileFn(p: ProcessState) {
  const base = context(p, false).base;
  return (path: string): Stat => stat(p.machine.fs, base, path);
}

function answer(p: ProcessState, now: number, port: number, path: string, method = 'GET', host?: string) {
  const read = readFileFn(p);
  const base = context(p, false).base;
  const list = (dir: string): { name: string; dir: boolean }[] => dirEntries(p.machine.fs, base, dir);
  const mtime = (file: string): number | undefined => written(p.machine.fs, base, file)?.at ?? base.meta?.(file)?.mtime;
  for (const app of p.machine.apps) {
    const r = appHttp(app, now, port, path, read, list, { method, mtime, ...(host !== undefined ? { host } : {}) });
    if (r.kind !== 'refused') return { app, r };
  }
  return undefined;
}

/** `bytes`: the body the server sent (nginx's $body_bytes_sent: 0 for a HEAD). */
function logHit(p: ProcessState, app: AppRun, now: number, clientIP: string, path: string, status: number, bytes: number, userAgent: string, method = 'GET', host?: string): void {
  pushExtra(p, accessLines(app, appStyle(app), { at: now, clientIP, path, status, bytes, userAgent, seq: p.extraLogs.length, method, served: countRequest(p.machine, app.pid), ...(host !== undefined ? { host } : {}) }));
}

/** The Pod's gateway on its node's pod CIDR: where kubelet probes come from. */
function gatewayOf(podIP: string): string {
  const parts = podIP.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.1` : podIP;
}

/**
 * One HTTP request to the container (traffic); undefined = connection refused. `userAgent` is the
 * client's header as the access log records it; a caller without one is taken for curl.
 */
export function serveHttp(p: ProcessState, now: number, port: number, path: string, clientIP = '10.244.0.1', userAgent = 'curl/8.5.0', method = 'GET', host?: string): HttpAnswer | undefined {
  if (p.startError) return undefined;
  sync(p, now);
  if (deadAt(p, now)) return undefined;
  const a = answer(p, now, port, path, method, host);
  if (!a) return undefined;
  switch (a.r.kind) {
    case 'hang':
      return { status: 0, body: '', hang: true };
    case 'eof':
      return { status: 0, body: '', closed: true };
    case 'reply':
      logHit(p, a.app, now, clientIP, path, a.r.status, a.r.body.length, userAgent, method, host);
      {
        // The handler's own delay, plus the CPU the request takes at the speed its limit allows.
        const delayMs = a.r.delayMs + chargeRequest(p, now, a.app);
        return { status: a.r.status, body: a.r.body, contentType: a.r.contentType, ...(a.r.head ? { head: a.r.head } : {}), ...(delayMs > 0 ? { delayMs } : {}) };
      }
  }
}

/**
 * One HTTP request to the container from the network with its method, headers, body and TLS
 * (an admission webhook's call): an `agnhost webhook` server answers it over TLS with the
 * certificate in its --tls-cert-file; any other app is served its path, as serveHttp does.
 */
export function serveRequest(p: ProcessState, now: number, port: number, req: HttpRequest, path: string, clientIP = '10.244.0.1', net?: NetworkView): HttpAnswer | undefined {
  if (p.startError) return undefined;
  sync(p, now);
  if (deadAt(p, now)) return undefined;
  const app = p.machine.apps.find((a) => a.behaviour.kind === 'admission-webhook' && appListensOn(a, port, now));
  if (!app || app.behaviour.kind !== 'admission-webhook') {
    const header = (name: string): string | undefined => req.headers.find(([k]) => k.toLowerCase() === name)?.[1];
    const dynamic = serveDynamic(p, now, port, req, clientIP, header, net);
    if (dynamic) return dynamic;
    const php = servePhp(p, now, port, path, clientIP, header, req.method, net);
    if (php) return php;
    return serveHttp(p, now, port, path, clientIP, header('user-agent') ?? 'curl/8.5.0', req.method, header('host'));
  }
  const b = app.behaviour;
  // net/http's answer to plain HTTP on a TLS listener.
  if (!req.tls) return { status: 400, body: 'Client sent an HTTP request to an HTTPS server.\n', contentType: 'text/plain; charset=utf-8' };
  // agnhost loads the pair at start and exits without it; a file removed later is still in memory.
  const cert = readFileFn(p)(b.certFile);
  if (cert.kind !== 'file') return { status: 0, body: '', closed: true };
  const failure = handshakePem(req.tls, cert.content);
  if (failure) return { status: 0, body: '', tlsFailure: failure };
  const contentType = req.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const a = agnhostWebhook(req.path, contentType, req.body ?? '', b.sidecarImage);
  if (a.kind === 'hang') return { status: 0, body: '', hang: true };
  if (a.kind === 'not-found') return { status: 404, body: '404 page not found\n', contentType: 'text/plain; charset=utf-8', tls: true };
  return { status: a.status, body: a.body, contentType: a.contentType, delayMs: a.delayMs, tls: true };
}

/**
 * A server that answers from the request itself (ServerSpec.dynamic: echoserver, an nginx
 * proxy_pass to a Service), its hit logged as any other. Undefined: no such app on `port`.
 */
function serveDynamic(p: ProcessState, now: number, port: number, req: HttpRequest, clientIP: string, header: (name: string) => string | undefined, net: NetworkView | undefined): HttpAnswer | undefined {
  const app = p.machine.apps.find((a) => appListensOn(a, port, now) && serverOf(a.behaviour)?.dynamic);
  const d = app && serverOf(app.behaviour)?.dynamic;
  if (!app || !d) return undefined;
  const route = dynamicAnswer(d, {
    req,
    clientIP,
    port,
    hostname: hostnameOf(p.input),
    podIP: p.input.podIP ?? '127.0.0.1',
    env: (name) => own(p.input.env, name) as string | undefined,
    version: app.version,
    net: () => network(p.machine, context(p, false, net)),
  });
  logHit(p, app, now, clientIP, req.path, route.status, route.body.length, header('user-agent') ?? 'curl/8.5.0', req.method, header('host'));
  return { status: route.status, body: route.body, contentType: route.contentType ?? 'text/plain', ...(route.delayMs ? { delayMs: route.delayMs } : {}) };
}

/**
 * gb-frontend's Apache (log style `apache2`): guestbook.php run against the cluster through
 * `net` (guestbook-php.ts), and Apache's 404 page naming the Host it was asked for. Undefined:
 * another app, or a path its routes answer.
 */
function servePhp(p: ProcessState, now: number, port: number, path: string, clientIP: string, header: (name: string) => string | undefined, method: string, net: NetworkView | undefined): HttpAnswer | undefined {
  const app = p.machine.apps.find((a) => appListensOn(a, port, now) && appStyle(a) === 'apache2');
  if (!app || app.behaviour.kind !== 'serve') return undefined;
  const [file = '/', q = ''] = path.split('?');
  if (Object.hasOwn(app.behaviour.server.routes, file)) return undefined;
  const ctx = context(p, false, net);
  const wp = serveWordPress(p, app, ctx, now, path, clientIP, header, method);
  if (wp) return wp;
  const script = stat(p.machine.fs, ctx.base, '/var/www/html/guestbook.php');
  let route: Route;
  if (file === '/guestbook.php' && script.kind === 'file') {
    const n = network(p.machine, ctx);
    route = guestbookPhp(q, (name) => own(p.input.env, name) as string | undefined, (host, port, commands) => n.redis?.(host, port, commands) ?? { kind: 'refused' }, script.content);
  } else {
    const [name = app.podIP, given] = (header('host') ?? '').split(':');
    route = { ...GB_404, body: GB_404.body.replace('{host}', name || app.podIP).replace('{port}', given ?? String(port)) };
  }
  const body = method === 'HEAD' ? '' : route.body;
  logHit(p, app, now, clientIP, path, route.status, body.length, header('user-agent') ?? 'curl/8.5.0', method, header('host'));
  return { status: route.status, body, contentType: route.contentType ?? 'text/html' };
}

/**
 * The wordpress image's Apache when /var/www/html holds WordPress (its index.php, which the
 * entrypoint copied there): WordPress's answer (wordpress-php.ts), its database dialled from the
 * container as mysqli would (the name resolved by the Pod's DNS, then a TCP connect). Undefined:
 * no WordPress there.
 */
function serveWordPress(p: ProcessState, app: AppRun, ctx: RunContext, now: number, path: string, clientIP: string, header: (name: string) => string | undefined, method: string): HttpAnswer | undefined {
  const env = (name: string): string | undefined => own(p.input.env, name) as string | undefined;
  const a = wordpressServe(app, appStyle(app), (file) => stat(p.machine.fs, ctx.base, file), env, network(p.machine, ctx), { path, method, host: header('host'), at: now });
  if (!a) return undefined;
  pushExtra(p, accessLines(app, appStyle(app), { at: now + a.delayMs, clientIP, path, status: a.status, bytes: a.body.length, userAgent: header('user-agent') ?? 'curl/8.5.0', seq: p.extraLogs.length, method, served: countRequest(p.machine, app.pid), sent: a.sent }));
  return { status: a.status, body: a.body, head: a.head, ...(a.delayMs > 0 ? { delayMs: a.delayMs } : {}) };
}

/** The container's files and log as a redis-server in it reads and writes them (redis-persist.ts). */
function redisProcess(p: ProcessState): RedisProcess {
  const base = context(p, false).base;
  return {
    read: (path) => {
      const f = stat(p.machine.fs, base, path);
      return f.kind === 'file' ? f.content : undefined;
    },
    write: (path, content, at, append) => writeFile(p.machine.fs, base, path, content, append === true, at),
    log: (lines) => pushExtra(p, lines),
  };
}

/** The container's files and log as a ZooKeeper server in it reads and writes them (zookeeper-server.ts). */
function zkIo(p: ProcessState, now: number): ZkIo {
  const ctx = context(p, false);
  const who = (): FileIds => processIds(p.machine, ctx);
  return {
    read: (path) => {
      const f = stat(p.machine.fs, ctx.base, path);
      return f.kind === 'file' ? f.content : undefined;
    },
    list: (dir) => dirEntries(p.machine.fs, ctx.base, dir).map((e) => e.name),
    write: (path, content) => writeAs(p.machine.fs, ctx.base, path, content, now, who),
    log: (lines) => pushExtra(p, lines),
  };
}

/**
 * A connection from the cluster to a ZooKeeper server's `port` in this container. `view`: the
 * Pod's own network, through which a server serving a session reaches its peers.
 */
export function serveZk(p: ProcessState, now: number, port: number, req: ZkRequest, view: () => NetworkView): ZkReply {
  if (p.startError) return { kind: 'refused' };
  sync(p, now);
  if (deadAt(p, now)) return { kind: 'refused' };
  const app = p.machine.apps.find((a) => a.zk && appListensOn(a, port, now));
  if (!app) return { kind: 'refused' };
  const io = zkIo(p, now);
  const peers: ZkPeers = (addr, r) => {
    const m = p.machine;
    const net = network(m, context(p, false, view()));
    return net.zk?.(addr.host, addr.electionPort, r) ?? { kind: 'refused' };
  };
  const answer = zkExchange(app, port, req, now, io, peers);
  // The forecast ran with the old files: a script of this container reading them must run again.
  p.epoch++;
  return answer;
}

/** A replica's mysqld in this container applying a primary's writes (mysql-serve.ts); false when it is none. */
export function replicateMysql(p: ProcessState, now: number, events: MysqlEvent[]): boolean {
  if (p.startError || events.length === 0) return false;
  sync(p, now);
  if (deadAt(p, now)) return false;
  const app = p.machine.apps.find((a) => a.name === 'mysqld' && appListensOn(a, 3306, now));
  if (!app) return false;
  const host = mysqlHostOf(p.machine, context(p, false), p.env, now);
  if (mysqlRole(host) !== 'replica') return false;
  mysqlApply(app, host, events, now);
  p.epoch++;
  return true;
}

/** Whether this container's mysqld is the topology's primary (its writes go to the replicas). */
export function mysqlPrimary(p: ProcessState, now: number): boolean {
  if (p.startError) return false;
  return p.machine.apps.some((a) => a.name === 'mysqld' && appListensOn(a, 3306, now)) && mysqlRole(mysqlHostOf(p.machine, context(p, false), p.env, now)) === 'primary';
}

/** A mysql client's connection from `peer` to `port`: the mysqld there answers it (mysql-serve.ts). */
export function serveMysql(p: ProcessState, now: number, port: number, req: MysqlRequest, peer: string): MysqlWire {
  if (p.startError) return { kind: 'refused' };
  sync(p, now);
  if (deadAt(p, now)) return { kind: 'refused' };
  const app = p.machine.apps.find((a) => appListensOn(a, port, now));
  if (!app) return { kind: 'refused' };
  if (app.name !== 'mysqld') return { kind: 'not-mysql' };
  const before = p.machine.fs.version;
  const reply = mysqlExchange(app, req, mysqlHostOf(p.machine, context(p, false), p.env, now), now, peer);
  // The forecast ran with the old files: a script of this container reading them must run again.
  if (p.machine.fs.version !== before) p.epoch++;
  return { kind: 'reply', reply };
}

/**
 * redis-cli's commands on one connection from the network to `port`: the redis-server there
 * runs them; another server answers what it would to RESP (an HTTP server's `HTTP/1.1 400`).
 */
export function serveRedis(p: ProcessState, now: number, port: number, commands: string[][], peer = '127.0.0.1'): RedisWire {
  if (p.startError) return { kind: 'refused' };
  sync(p, now);
  if (deadAt(p, now)) return { kind: 'refused' };
  const app = p.machine.apps.find((a) => appListensOn(a, port, now));
  if (!app) return { kind: 'refused' };
  if (!app.redis) return { kind: 'not-redis', first: appListensOn(app, port, now)?.protocol === 'tcp' ? '' : 'H' };
  const before = app.redis.writes;
  const replies = redisExchange(app, commands, redisProcess(p), now, peer);
  // The forecast ran with the old key space: a script of this container reading it must run again.
  if (app.redis.writes !== before) p.epoch++;
  noticeShutdown(p);
  noticeKilled(p);
  return { kind: 'replies', replies };
}

/**
 * A SHUTDOWN a redis-server that is PID 1 obeyed (redis-persist.ts): the container's process
 * exits with it, status 0, as after SIGTERM (the caller re-arms the runtime's exit timer).
 */
/**
 * An application a signal ended (pkill, tools-pkill.ts) that the container's PID 1 was: PID 1
 * itself, or the foreground child its shell waits on (`sh -c "start-zookeeper …"` — the last app
 * that shell started; approximate: a background one is not told apart). The shell then exits
 * with its status, and the container with it.
 */
function noticeKilled(p: ProcessState): void {
  const m = p.machine;
  const pid1App = m.apps.find((a) => a.pid === 1);
  const fg = pid1App ?? (m.state === 'blocked' ? m.apps[m.apps.length - 1] : undefined);
  const k = fg?.killed;
  if (!k || (p.terminated && p.terminated.at <= k.at)) return;
  // A handled signal can end it cleanly (nginx exits 0 on SIGQUIT and SIGTERM).
  p.terminated = { at: k.at, exitCode: k.code, reason: k.code === 0 ? 'Completed' : 'Error' };
  p.epoch++;
}

function noticeShutdown(p: ProcessState): void {
  const pid1 = p.machine.apps.find((a) => a.pid === 1);
  const at = pid1?.redis?.shutdownAt;
  if (at === undefined || (p.terminated && p.terminated.at <= at)) return;
  p.terminated = { at, exitCode: 0, reason: 'Completed' };
}

/**
 * What an exec has done to the process so far, handed over each time it is called: a file
 * written, an app started or a redis key set invalidates the forecast (epoch), and a PID 1 the
 * exec ended (`redis-cli shutdown`, `kill 1`) is noticed.
 */
function execTouched(p: ProcessState): () => void {
  const m = p.machine;
  let seen = { fs: m.fs.version, apps: m.apps.length, redis: redisWrites(m.apps) };
  return () => {
    const now = { fs: m.fs.version, apps: m.apps.length, redis: redisWrites(m.apps) };
    if (now.fs !== seen.fs || now.apps !== seen.apps || now.redis !== seen.redis) p.epoch++;
    seen = now;
    noticeShutdown(p);
    noticeKilled(p);
  };
}

/**
 * The exec's pace over the runtime's (`pace`): what the exec did so far reaches the process
 * before the World runs on (so PID 1's forecast and the runtime's exit timer see it), and the
 * exec's context reads the cluster DNS the runtime published to the process meanwhile and the
 * machine's files as of the step's moment (`stepAt`).
 */
function execPace(p: ProcessState, pace: WorldPace, touched: () => void, stepAt: (t: number) => void): WorldPace {
  return {
    to: (t, ctx) => {
      touched();
      const reached = pace.to(t);
      if (ctx && p.dns) ctx.dns = p.dns;
      stepAt(t);
      return reached;
    },
  };
}

/** Changes redis-servers in the container have made to their key spaces (forecast invalidation). */
function redisWrites(apps: readonly AppRun[]): number {
  let n = 0;
  for (const a of apps) n += a.redis?.writes ?? 0;
  return n;
}

/** SIGTERM to a redis-server that is PID 1 (resources.ts): its shutdown, final save included. */
export function redisTerm(p: ProcessState, now: number, app: AppRun): void {
  redisShutdown(app, redisProcess(p), now);
}

/** Whether the process accepts connections on `port` at `now` (a tcpSocket probe's question, without its log lines). */
export function listensOn(p: ProcessState, now: number, port: number): boolean {
  if (p.startError) return false;
  sync(p, now);
  if (deadAt(p, now)) return false;
  return p.machine.apps.some((app) => app.listen.some((l) => l.port === port) && appAlive(app, now) && now >= app.listenAt);
}

/** `net`: the Pod's network as it is now, for an exec probe whose command dials out (built only then). */
export function probeProcess(p: ProcessState, now: number, probe: Probe, podIP: string, net?: () => NetworkView): ProbeOutcome {
  if (!p.startError) sync(p, now);
  const alive = !p.startError && !deadAt(p, now);
  return runProbe(
    {
      alive,
      http: (port, path) => {
        // kubelet's prober dials http://<pod IP>:<port>, so that is its Host.
        const a = answer(p, now, port, path, 'GET', `${podIP}:${port}`);
        if (!a) return { kind: 'refused' };
        if (a.r.kind === 'reply') logHit(p, a.app, now, gatewayOf(podIP), path, a.r.status, a.r.body.length, `kube-probe/${MAJOR}.${MINOR}`);
        return a.r;
      },
      listening: (port) => p.machine.apps.some((app) => app.listen.some((l) => l.port === port) && appAlive(app, now) && now >= app.listenAt),
      grpc: (port) => {
        for (const app of p.machine.apps) {
          const h = appGrpc(app, now, port);
          if (h !== 'refused') return h;
        }
        return 'refused';
      },
      exec: (command) => {
        const r = execInContainer(p, now, command, net?.());
        return { ...r, ms: r.durationMs ?? 0 };
      },
    },
    probe,
    podIP,
    p.input.ports,
  );
}

// ---------------------------------------------------------------------------------------------
// exec
// ---------------------------------------------------------------------------------------------

/**
 * `kubectl exec` / an exec probe: runs `command` (argv, no implicit shell) in the container at
 * `now`, sharing its filesystem and apps. `net` lets it reach the cluster network.
 */
/**
 * The processes `ps` in this container lists at `now` (PID 1 and its live apps): what a container
 * sharing its PID namespace sees of it. Empty once it has stopped.
 */
export function processTable(p: ProcessState, now: number): Proc[] {
  if (p.startError || deadAt(p, now)) return [];
  sync(p, now);
  return containerProcs(p.machine, context(p, false), now);
}

/** A signal from another container of a shared PID namespace to this one's process `pid` (its own numbering), at `now`. */
export function signalProcess(p: ProcessState, now: number, pid: number, sig: number, sender: number): boolean {
  if (p.startError || deadAt(p, now)) return false;
  sync(p, now);
  const delivered = signalApp(p.machine, pid, sig, sender, context(p, false).cpus, now);
  if (delivered) {
    p.epoch++;
    noticeKilled(p);
  }
  return delivered;
}

/** The container's files as a process sharing its PID namespace reads them through /proc/PID/root (links resolved inside it). */
export function rootFs(p: ProcessState): BaseFs {
  const { base } = context(p, false);
  const fs = p.machine.fs;
  return {
    file: (path) => containerFile(p, path),
    isDir: (path) => stat(fs, base, path).kind === 'dir',
    list: (dir) => dirEntries(fs, base, dir).map((e) => e.name),
  };
}

/**
 * `streamed`: a client holds the exec's stream open while the command runs (kubectl exec, an
 * attached line), so a `tail -f` writing to it is followed (follow.ts); an exec probe is not.
 * `pace`: the cluster's time, which the command's own steps wait for (machine.ts WorldPace): each
 * reads the cluster at its moment, and the container's PID 1 runs on meanwhile. The command then
 * runs on a head of its own (headBeside), and what it did so far — a file written, an app started,
 * a redis key set, PID 1 signalled — reaches the process before the World runs on (execPace).
 */
export function execInContainer(p: ProcessState, now: number, command: string[], net?: NetworkView, pidPeers?: Proc[], stdin = '', session?: ExecSession, streamed = false, pace?: WorldPace): ExecResult {
  const first = command[0];
  if (p.startError || deadAt(p, now)) {
    return { exitCode: 126, output: 'OCI runtime exec failed: exec failed: cannot exec in a stopped container: unknown\n', notStarted: true, durationMs: 0 };
  }
  sync(p, now);
  // The exec reads the machine's files at its start, or, waiting for the World, at each step's moment.
  let stepAt = now;
  const ctx = context(p, false, net, false, () => stepAt);
  if (pidPeers?.length) ctx.pidPeers = pidPeers;
  // A shared PID namespace hands out PIDs in one rising sequence: this exec's come after every
  // process the other containers have.
  if (pidPeers?.length && ctx.pidBase !== undefined) {
    const top = Math.max(...pidPeers.map((q) => q.pid)) - ctx.pidBase;
    p.machine.nextPid += Math.max(0, top + 1 - nextProcPid(p.machine));
  }
  ctx.exec = true;
  if (session) ctx.session = session;
  const follows: FollowRef[] = [];
  if (streamed) ctx.follows = follows;
  const following = (): { follow?: FollowRef } => (follows[0] ? { follow: follows[0] } : {});
  const problem = first === undefined ? 'exec: "": executable file not found in $PATH' : lookPath(ctx, p.machine, first);
  if (problem !== undefined || first === undefined) {
    return { exitCode: 126, output: `OCI runtime exec failed: exec failed: unable to start container process: ${problem}: unknown\n`, notStarted: true, durationMs: 0 };
  }
  const fsBefore = p.machine.fs.version;
  const touched = execTouched(p);
  const paced = pace && execPace(p, pace, touched, (t) => (stepAt = t));
  const m = p.machine;
  if (session?.viSave) {
    // The page editor's answer to the vi this stream's terminal opened: vi writes (or refuses) and exits 0.
    const saved = viSave(m.fs, ctx.base, session.viSave, now, () => processIds(m, ctx));
    if (m.fs.version !== fsBefore) p.epoch++;
    return { exitCode: 0, output: '', streams: [], durationMs: 0, editor: { k: 'saved', saved } };
  }
  // A terminal shows the page's editor for a `vi` the command runs (tools-vi.ts): an exec's with
  // -t or its interactive shell's, an attach's when the container has one (`kubectl run -it`).
  const onTty = session?.tty === true || (session?.attached === true && ctx.tty === true);
  const box: { open?: ViOpen } = {};
  if (session?.editor && (onTty || (session.shell !== undefined && !session.attached))) ctx.viBox = box;
  const opened = (): { editor?: ViOutcome } => (box.open ? { editor: { k: 'open', open: box.open } } : {});
  if (session?.shell) {
    // A line typed at an interactive shell runs in that shell (tty-shell.ts); `stdin` is the line.
    const t = runTtyLine(m, ctx, paced ? { ...session.shell, pace: paced } : session.shell, execEnv(p.env, !session.attached), stdin, now);
    touched();
    // The shell is gone (its container's process was replaced): the stream ends as a killed one does.
    if (!t) return { exitCode: 137, output: '', streams: [], durationMs: 0, shell: { pid: session.shell.pid ?? 0, cwd: '/', ended: true } };
    // The line ended the container's PID 1 (SHUTDOWN at redis-cli's prompt): the runtime kills the
    // session's processes with it, before they print another prompt.
    const exit = processExit(p);
    if (!session.attached && !t.shell.ended && exit && exit.at <= t.endedAt + 1) return { exitCode: 137, output: t.output, streams: t.streams, durationMs: Math.max(0, exit.at - now), shell: { ...t.shell, ended: true } };
    return { exitCode: t.exitCode, output: t.output, streams: t.streams, durationMs: t.blocked ? Infinity : t.endedAt - now, shell: t.shell, ...(t.blocked ? { running: true as const } : {}), ...following(), ...opened() };
  }
  const combined: string[] = [];
  const chunks: ExecChunk[] = [];
  const times: number[] = [];
  // `kubectl exec -it POD -- CMD`, or an attach: CMD's stdio is the terminal (isatty true).
  const sink: Sink = { k: 'capture', buf: combined, tee: { stream: 'stdout', chunks }, times, ...(onTty ? { tty: true as const } : {}) };
  // The command runs beside PID 1, on a head of its own: PID 1's scope and clock stay its own.
  const head = headBeside(m);
  const saved = { nodes: m.nodes.length };
  const script = argvScript(command);
  const root = m.nodes.length;
  pushAll(m.nodes, script.nodes);
  // A new process: the container's environment, none of PID 1's shell functions or aliases.
  restoreScope(head, { vars: { ...execEnv(p.env, session?.tty === true) }, positional: [first], cwd: ctx.image.workingDir ?? '/', dialect: null, opts: DEFAULT_OPTS });
  head.clock = now;
  head.err = { k: 'capture', buf: combined, tee: { stream: 'stderr', chunks }, times, ...(onTty ? { tty: true as const } : {}) };
  // A Ctrl+C on the exec's terminal is SIGINT to the command (sigint.ts); without one it is kubectl's own.
  const at = onTty && session?.interruptAt !== undefined ? Math.max(session.interruptAt, now) : undefined;
  const cut: LineCut | undefined = at === undefined ? undefined : { at, then: (sub, inner) => interruptRun(sub, inner, at, { interactive: false, drop: () => dropAfter(combined, chunks, times, at) }) };
  // The PID the command takes: the program session's, if it waits at its prompt.
  const pid = session?.pid1Program ? 1 : nextProcPid(head);
  const keeps = onTty && session?.keepsTerminal === true;
  const r = runNested(head, cut ? { ...ctx, sigint: { at: cut.at, handled: false } } : ctx, root, sink, stdin, true, { ...(onTty ? { ttyIn: true as const } : {}), ...(keeps ? { keepsTerminal: true as const } : {}), ...(cut ? { cut } : {}), ...(paced ? { pace: paced } : {}) });
  rejoinHead(m, head);
  if (r.awaiting && r.scope) (m.ttyShells ??= []).push({ pid, argv: command, startedAt: now, scope: r.scope, status: 0, lines: 0, pending: r.awaiting, program: true });
  // The exec's AST is not needed once it ran; keep the machine's node array from growing.
  if (m.nodes.length > saved.nodes) {
    const cachedExec = Object.values(m.parsed).some((rootIdx) => rootIdx >= saved.nodes);
    if (!cachedExec) m.nodes.length = saved.nodes;
  }
  touched();
  if (r.awaiting) {
    // The program waits at its prompt: the stream stays open, and the next typed lines go to it (tty-shell.ts).
    return { exitCode: 0, output: combined.join(''), streams: stamped(chunks, times), durationMs: r.clock - now, shell: { pid, cwd: ctx.image.workingDir ?? '/', ended: false, prompt: r.awaiting.read.prompt, raw: true } };
  }
  const durationMs = r.blocked || r.spinning ? Infinity : r.clock - now;
  return { exitCode: r.blocked || r.spinning ? 137 : r.status, output: combined.join(''), streams: stamped(chunks, times), durationMs, ...(r.blocked || r.spinning ? { running: true as const } : {}), ...following(), ...opened() };
}

/**
 * What the file a stream's `tail -f` follows (ExecResult.follow) gained up to `now`, each write
 * stamped when tail prints it (follow.ts); `close` ends the follow. Undefined once it is gone.
 */
export function readFollowed(p: ProcessState, now: number, ref: FollowRef, close: boolean): ExecChunk[] | undefined {
  if (p.startError) return undefined;
  sync(p, now);
  const at = fileLocation(p.machine.fs, context(p, false).base, ref.path);
  // BusyBox's tail has printed only what its last read (every `poll` ms) found.
  const upTo = ref.poll === undefined ? now : ref.from + Math.floor((now - ref.from) / ref.poll) * ref.poll;
  return takeWrites(at.layer, ref.id, upTo, close)?.map((w) => ({ stream: 'stdout' as const, text: w.text, at: shownAt(ref, w.at) }));
}

/**
 * Publishes the cluster's DNS as the Pod's node reaches it to the process from `now` on, so a
 * script's `nslookup myservice` (the init-container wait loop) starts resolving once the Service
 * exists, and times out while no CoreDNS answers. Call it when that view changes; it re-forecasts
 * the exit. Returns whether anything changed (a caller re-arms the exit timer only then).
 */
export function setClusterDns(p: ProcessState, now: number, dns: ClusterDns): boolean {
  if (p.dns && sameDns(p.dns, dns)) return false;
  sync(p, now);
  p.dns = dns;
  p.epoch++;
  return true;
}

function sameRoute(a: DnsRoute, b: DnsRoute): boolean {
  if (a.kind !== 'dnat' || b.kind !== 'dnat') return a.kind === b.kind;
  return a.endpoints.length === b.endpoints.length && a.endpoints.every((x, i) => x === b.endpoints[i]);
}

function sameDns(a: ClusterDns, b: ClusterDns): boolean {
  if (a.nameserver !== b.nameserver || !sameRoute(a.route, b.route)) return false;
  const ka = Object.keys(a.records);
  if (ka.length !== Object.keys(b.records).length) return false;
  for (const k of ka) {
    const x = a.records[k]!;
    const y = own(b.records, k) as string[] | undefined;
    if (!y || x.length !== y.length || x.some((ip, i) => ip !== y[i])) return false;
  }
  return true;
}

export { coreNanos, cpuMillicores, memoryUsageBytes, servedCpuNanos, signalTerm } from './resources';
