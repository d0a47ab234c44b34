/**
 * A node's shells run by the containers' interpreter (images/machine.ts), on the node itself:
 * `sim ssh NODE -- LINE` is sshd's `bash -c LINE` as root in /root, the interactive `sim ssh NODE`
 * a login bash (`-bash`) kept between lines as a container's interactive shell is
 * (images/tty-shell.ts), and `chroot /host` from a debugging Pod the node's `/bin/sh -c` (dash) in
 * `/`. The machine is Ubuntu 24.04 (node-image.ts): its disk is the node's (host-fs.ts: the
 * generated files and the userland's programs under the learner's edits, which stay), its
 * programs the userland's coreutils, procps, dash and bash plus the node's own tools (crictl,
 * kubeadm, journalctl, systemctl, iptables-save, nft, ip, lsb_release, openssl, sudo), and `ps`
 * lists the node's process table (processes.ts). A line takes simulated time (`sleep`, loops):
 * its output carries the moments it was written, and one that never ends says so.
 *
 * `sim ssh`'s lines run with the cluster's time (machine.ts WorldPace), as a container's exec
 * and attached lines do (node/exec.ts streamPace): before each step of the line the World runs to that step's
 * moment, so `sleep 30; crictl ps` reads the node 30 s on (the node's files and machine facts
 * are read as of the World's moment: liveNodeBase, asOfNow), and what the line wrote so far is
 * on the node's disk in the World, each change in the kubelet's staticPodPath an inotify event
 * at its moment (manifest-watch.ts). The Simulation bounds the run (its horizon, a Ctrl+C's
 * replay; the runner's bound on a line that never ends) and the line stays `running` there.
 *
 * What the line waits for — `$(…)`, `timeout`'s and `xargs`'s programs — waits for the World too.
 * `chroot /host` from a Pod (runHostCommand) is a program the container's line waits for: it
 * waits for the World with it.
 * Approximate: what runs beside the line — a pipeline's stages, `&` jobs — runs to its end
 * inside the step that starts it, on the World of that step; a login's state lives as long as the World's node shell
 * entry (one login per node); the shells' own processes in `ps` are the login's `-bash`, the
 * command and its pipeline's other programs, not a line's subshells.
 */
import { withSelfUserNamespace } from '../images/proc-status';
import type { World } from '../world';
import { agentId } from '../core/ids';
import { clusterDnsFrom } from '../node/cluster-dns';
import { RESOLVED_STUB } from './files';
import { baseFacts } from '../node/machine-facts';
import { liveMachineFacts } from '../node/resource-metrics';
import { newMachine, runNested, type Machine, type RunContext, type Sink, type WorldPace } from '../images/machine';
import type { BaseFs, FsLayer } from '../images/fs';
import { argvScript } from '../images/shell-ast';
import { resolveCommand } from '../images/resolve';
import { runTtyLine, stamped } from '../images/tty-shell';
import { nodeMounts, withSystem, type SystemView } from '../images/sysinfo';
import { proc, type Proc } from '../images/proc-model';
import { DEFAULT_OPTS } from '../../k8s/shell-options';
import type { ExecChunk, TtyShellState } from '../images/types';
import { keepNodeLayer, nodeBase, nodeLayer } from './host-fs';
import { manifestDir, notifyManifestChanges } from './manifest-watch';
import { hostProcesses } from './processes';
import { nodeImage } from './node-image';
import { nodePrograms } from './node-programs';
import { nodeNetwork } from './node-net';
import type { NodeTerminal } from './watch';
import type { ClusterPace } from '../core/pace';

/** What a line on the node wrote (each chunk when it wrote it), and how it ended. */
export interface ShellResult {
  output: ExecChunk[];
  exitCode: number;
  /** Simulated ms the line ran (absent: none); Infinity with `running`. */
  durationMs?: number;
  /** The line had not ended when the run stopped (`sleep infinity`, `while true; …; sleep 1; done`). */
  running?: true;
  /** An interactive login's line: the shell after it (its PID, directory, prompt, whether it ended). */
  shell?: TtyShellState;
}

/** A Pod's container that runs the node's shell through `chroot /host`, and whether on a terminal. */
export interface HostCaller {
  podUid: string;
  tty: boolean;
}

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** sshd's session environment for root (a non-login `bash -c`): the shell sets the rest itself. */
const SSH_ENV: Readonly<Record<string, string>> = { HOME: '/root', USER: 'root', LOGNAME: 'root', PATH, SHELL: '/bin/bash' };
/** The PID the ssh session's shell has (illustrative, as processes.ts's are). */
const LOGIN_PID = 2417;

/** Why ssh cannot reach the node, as ssh prints it (exit 255), or undefined when it can. */
export function sshUnreachable(w: World, node: string): string | undefined {
  const ip = w.machineSpecs.get(node)?.ip;
  if (ip === undefined) return `ssh: Could not resolve hostname ${node}: Name or service not known`;
  // A machine that is off answers no ARP: the neighbour is unreachable. A cut-off one drops the SYN.
  if (w.faults.has(`node/${node}`)) return `ssh: connect to host ${ip} port 22: No route to host`;
  if (w.faults.has(`network/${node}`)) return `ssh: connect to host ${ip} port 22: Connection timed out`;
  return undefined;
}

/** The PID of the containerd shim of the Pod's sandbox in `host` (1 when there is none: CRI-O). */
function shimOf(w: World, node: string, podUid: string, host: Proc[]): number {
  const rt = w.components.get(agentId('container-runtime', node));
  if (rt?.kind !== 'container-runtime') return 1;
  const sb = [...rt.sandboxes.values()].find((s) => s.podUid === podUid && s.state === 'SANDBOX_READY');
  return (sb && host.find((p) => p.comm === 'containerd-shim' && p.args.includes(` -id ${sb.id} `))?.pid) ?? 1;
}

/**
 * The node's table as its own shell sees it: `sim ssh`'s login shell (`-bash` on pts/0) and the
 * command it runs; from a Pod, `chroot /host` on a terminal runs `/bin/sh -i` under the Pod's
 * shim, and an exec's `chroot /host CMD` is just CMD there (chroot execs it), without a terminal.
 */
function nodeShellProcs(w: World, node: string, caller: HostCaller | undefined, argv: string[], pipeline: Machine['pipeline']): Proc[] {
  const host = hostProcesses(w, node);
  const at = w.now;
  const commOf = (a: string[]): string => a[0]!.slice(a[0]!.lastIndexOf('/') + 1).slice(0, 15);
  // The command and the other programs of its pipeline, which run beside it (`ps aux | grep kube-proxy`
  // lists the grep), forked in the pipeline's order: PIDs one apart around the command's.
  const command = (pid: number, ppid: number, tty: boolean): Proc[] => {
    const t = tty ? { tty: 'pts/0' } : {};
    const others = (pipeline?.stages ?? []).flatMap((stage, i) => (i === pipeline!.index || stage.length === 0 ? [] : [proc({ pid: pid + i - pipeline!.index, ppid, uid: 0, user: 'root', comm: commOf(stage), args: stage.join(' '), startedAt: at, stat: tty ? 'S+' : 'S', ...t })]));
    return [...others, proc({ pid, ppid, uid: 0, user: 'root', comm: commOf(argv), args: argv.join(' '), startedAt: at, stat: tty ? 'R+' : 'R', ...t })].sort((a, b) => a.pid - b.pid);
  };
  if (!caller) {
    const login = proc({ pid: LOGIN_PID, ppid: 1, uid: 0, user: 'root', comm: 'bash', args: '-bash', startedAt: at, stat: 'Ss', tty: 'pts/0' });
    return [...host, login, ...command(2431, LOGIN_PID, true)];
  }
  const shim = shimOf(w, node, caller.podUid, host);
  if (!caller.tty) return [...host, ...command(LOGIN_PID, shim, false)];
  const shell = proc({ pid: LOGIN_PID, ppid: shim, uid: 0, user: 'root', comm: 'sh', args: '/bin/sh -i', startedAt: at, stat: 'Ss', tty: 'pts/0' });
  return [...host, shell, ...command(2431, LOGIN_PID, true)];
}

/**
 * How a line reaches the node: ssh's session, or a Pod's `chroot /host`; `columns`: the
 * terminal's width; `terminal`: the login's terminal, lent to a full-screen program (watch.ts).
 */
interface Entry {
  caller?: HostCaller;
  columns?: number;
  terminal?: NodeTerminal;
}

/**
 * The interpreter's view of the node for one request: its image, disk, programs and processes.
 * The machine's live resources (/proc, free, df) are read when a program reads them: they sum
 * every container on the node, which advances their processes, and a container's own step that
 * runs `chroot /host …` must not be advanced under itself. `live` false: none (chroot's `has`).
 */
function nodeContext(w: World, node: string, m: Machine, entry: Entry, live = true): RunContext {
  const def = nodeImage();
  const machine = baseFacts(w, node, undefined);
  const known = live ? machine : undefined;
  const now = asOfNow(w, () => liveMachineFacts(w, node) ?? known!);
  // ssh's session is the one login utmp has; chroot from a Pod logs nobody in.
  const system: SystemView | undefined = known
    ? {
        get machine() {
          return now();
        },
        get mounts() {
          return nodeMounts(now());
        },
        users: entry.caller ? 0 : 1,
      }
    : undefined;
  const base = withSelfUserNamespace(system ? withSystem(liveNodeBase(w, node), system, () => m.clock) : liveNodeBase(w, node));
  const caller = entry.caller;
  const ctx: RunContext = {
    argv: ['/sbin/init'],
    image: def.image,
    tag: def.tag,
    base,
    hostname: node,
    podIP: w.machineSpecs.get(node)?.ip ?? '127.0.0.1',
    declaredPorts: [],
    restartCount: 0,
    seed: 0,
    lookahead: false,
    namespace: 'default',
    exec: true,
    programs: nodePrograms(w, node, entry.terminal),
    processTable: { procs: (argv, pipeline) => nodeShellProcs(w, node, caller, argv, pipeline), caller: { uid: 0, tty: !caller || caller.tty ? 'pts/0' : '?' } },
    // The host network namespace: curl and nc reach the node's own sockets and the cluster through its kube-proxy rules.
    net: nodeNetwork(w, node),
    // systemd-resolved's stub (/etc/resolv.conf: files.ts): no cluster.local search, names go to the uplink's DNS.
    stub: { nameserver: RESOLVED_STUB, search: [] },
    // ps's %MEM denominator: the node's capacity (its MemTotal).
    memTotalKb: machine?.memTotalKib ?? 8141880,
  };
  // kube-dns's ClusterIP as this node's kube-proxy rule reaches it, asked by address only (as of the moment asked).
  Object.defineProperty(ctx, 'dns', { enumerable: true, get: () => clusterDnsFrom(w, node) });
  if (system) ctx.system = system;
  if (entry.columns !== undefined) ctx.session = { columns: entry.columns };
  return ctx;
}

/**
 * `make()` as of the World's moment: made again once the World's clock moved (a line's steps
 * wait for it, WorldPace), kept while it stands still.
 */
function asOfNow<T>(w: World, make: () => T): () => T {
  let at = -1;
  let made: T | undefined;
  return () => {
    if (at !== w.now || made === undefined) {
      made = make();
      at = w.now;
    }
    return made;
  };
}

/** The node's files as they are at the World's moment (files.ts renders the cluster's state into them). */
function liveNodeBase(w: World, node: string): BaseFs {
  const now = asOfNow(w, () => nodeBase(w, node));
  return { file: (p) => now().file(p), isDir: (p) => now().isDir(p), list: (d) => now().list(d), link: (p) => now().link?.(p), meta: (p) => now().meta?.(p) };
}

/**
 * Runs `body` on the node's disk: what it wrote stays (host-fs.ts), and a change to a manifest
 * wakes the kubelet. `pace` (a line that reads the live cluster): before each step the line's
 * writes so far reach the World, where the kubelet reads the disk, and each change in the
 * manifest directory is an inotify event at its moment, in order (manifest-watch.ts); then the
 * World runs to the step's moment. Without it they reach the World when `body` returns.
 * `shared`: the disk of a run this one is part of (the command a login's `watch` runs), whose
 * owner hands it to the World: this run only writes to it.
 */
function onDisk<T>(w: World, node: string, body: (m: Machine, pace: WorldPace | undefined) => T, machine?: Machine, pace?: ClusterPace, shared?: FsLayer): T {
  const layer = shared ?? nodeLayer(w, node);
  const base = liveNodeBase(w, node);
  let before = manifestDir(layer, base);
  // The layer's version moves with every write: a step that wrote nothing has nothing to hand over.
  let seen = layer.version;
  const flush = (): void => {
    if (shared || layer.version === seen) return;
    seen = layer.version;
    keepNodeLayer(w, node, layer);
    const after = manifestDir(layer, base);
    notifyManifestChanges(w, node, before, after);
    before = after;
  };
  const m = machine ?? newMachine(argvScript(['/sbin/init']), { vars: {}, positional: [], cwd: '/', dialect: null, opts: DEFAULT_OPTS }, w.now, layer);
  m.fs = layer;
  const paced: WorldPace | undefined = pace && {
    to: (t) => {
      flush();
      return t <= w.now ? w.now : pace.to(t);
    },
  };
  try {
    return body(m, paced);
  } finally {
    flush();
  }
}

/**
 * One command on the node as its program (`argv`: ssh's `bash -c LINE`, chroot's `/bin/sh -c
 * LINE` or its PROG), started in `cwd` with `env`, run to its end or as far as it goes.
 */
function runArgv(w: World, node: string, argv: string[], cwd: string, env: Record<string, string>, entry: Entry, stdin = '', at: number = w.now, pace?: ClusterPace, shared?: FsLayer): ShellResult {
  return onDisk(w, node, (m, paced) => {
    const ctx = nodeContext(w, node, m, entry);
    const script = argvScript(argv);
    m.nodes = script.nodes;
    // The shell sets PWD as it starts (bash and dash alike, exported: `env -i bash -c env` lists it).
    Object.assign(m, { vars: { ...env, PWD: cwd }, positional: [argv[0]!], cwd, clock: at });
    // A program's first PID after the session's shell (processes.ts's are illustrative too).
    m.nextPid = LOGIN_PID - 40;
    const combined: string[] = [];
    const chunks: ExecChunk[] = [];
    const times: number[] = [];
    const out: Sink = { k: 'capture', buf: combined, tee: { stream: 'stdout', chunks }, times };
    m.err = { k: 'capture', buf: combined, tee: { stream: 'stderr', chunks }, times };
    const r = runNested(m, ctx, script.root, out, stdin, true, paced ? { pace: paced } : {});
    const output = stamped(chunks, times);
    if (r.blocked || r.spinning) return { output, exitCode: 0, durationMs: Infinity, running: true };
    return { output, exitCode: r.status, durationMs: r.clock - at };
  }, undefined, pace, shared);
}

/**
 * `sim ssh NODE -- LINE`: sshd runs root's shell with `-c LINE` in root's home. `pace`: the
 * cluster's time, which the line's steps wait for (each reads the node as it is then); the
 * World has run to the line's end, or to where `pace` stopped it (the line is then `running`).
 */
export function runNodeShell(w: World, node: string, line: string, columns?: number, pace?: ClusterPace): ShellResult {
  const unreachable = sshUnreachable(w, node);
  if (unreachable) return { output: [{ stream: 'stderr', text: `${unreachable}\n` }], exitCode: 255 };
  return runArgv(w, node, ['bash', '-c', line], '/root', SSH_ENV, columns === undefined ? {} : { columns }, '', w.now, pace);
}

/**
 * `chroot /host [PROG ARGS]` from a Pod on the node (host-view.ts): PROG (the node's `/bin/sh -c
 * LINE` for a shell) runs in the node's `/`, with the environment the container's process had.
 * `pace`: the container's line waits for the World (node/exec.ts streamPace), and so does PROG.
 */
export function runHostCommand(w: World, node: string, argv: string[], env: Record<string, string>, stdin: string, at: number, caller?: HostCaller, pace?: ClusterPace): ShellResult {
  return runArgv(w, node, argv, '/', env, caller ? { caller } : {}, stdin, at, pace);
}

/** Whether the node has `program` (a name in its PATH, or a path), as chroot's execvp finds it. */
export function nodeHas(w: World, node: string, program: string): boolean {
  return onDisk(w, node, (m) => resolveCommand(nodeContext(w, node, m, {}, false), program, '/', m.fs).k !== 'missing' || m.fs.files[program] !== undefined);
}

/**
 * The login's terminal as `watch` uses it (watch.ts): its size (80×24 when the page did not
 * say), the cluster's time the line waits in, and the node's shell on the login's disk.
 */
function loginTerminal(w: World, node: string, layer: FsLayer, pace: WorldPace, size: { columns?: number; rows?: number }): NodeTerminal {
  return {
    columns: size.columns ?? 80,
    rows: size.rows ?? 24,
    sleepUntil: (t) => pace.to(t),
    run: (argv, exec, env, cwd, at) => {
      if (exec && !nodeHas(w, node, argv[0]!)) return undefined;
      const r = runArgv(w, node, exec ? argv : ['sh', '-c', argv[0] ?? ''], cwd, env, {}, '', at, undefined, layer);
      return { text: r.output.map((c) => c.text).join(''), status: r.exitCode, ms: r.running ? 0 : (r.durationMs ?? 0) };
    },
  };
}

/**
 * A line typed at the node's interactive login (`sim ssh NODE` without a command): the login
 * bash opened on the session's first request (`pid` absent), kept in the World between lines
 * (World.nodeShells) with its variables, functions, directory, options and history, until `exit`.
 */
export function runNodeLogin(w: World, node: string, line: string, pid: number | undefined, opts: { interruptAt?: number; columns?: number; rows?: number; term?: string; pace?: ClusterPace } = {}): ShellResult {
  const unreachable = sshUnreachable(w, node);
  if (unreachable) return { output: [{ stream: 'stderr', text: `${unreachable}\n` }], exitCode: 255 };
  const shells = (w.nodeShells ??= new Map());
  let machine = shells.get(node);
  if (!machine) {
    machine = newMachine(argvScript(['/sbin/init']), { vars: {}, positional: [], cwd: '/root', dialect: null, opts: DEFAULT_OPTS }, w.now, nodeLayer(w, node));
    machine.nextPid = LOGIN_PID - 40;
    machine.state = 'done';
    shells.set(node, machine);
  }
  const m = machine;
  const start = w.now;
  return onDisk(
    w,
    node,
    (mm, pace) => {
      const terminal = pace && loginTerminal(w, node, mm.fs, pace, opts);
      const ctx = nodeContext(w, node, mm, { ...(opts.columns === undefined ? {} : { columns: opts.columns }), ...(terminal ? { terminal } : {}) });
      // The login starts in root's home (ctx.image.workingDir), with sshd's environment: a
      // session with a terminal also has the TERM its client sent (session.c do_setup_env).
      const env = { ...SSH_ENV, ...(opts.term !== undefined ? { TERM: opts.term } : {}) };
      const t = runTtyLine(mm, ctx, { argv: ['-bash'], ...(pid !== undefined ? { pid } : {}), ...(opts.interruptAt !== undefined ? { interruptAt: opts.interruptAt } : {}), ...(pace ? { pace } : {}) }, env, line, start);
      if (!t) return { output: [], exitCode: 0, shell: { pid: pid ?? 0, cwd: '/root', ended: true } };
      if (t.shell.ended && !(mm.ttyShells ?? []).length) shells.delete(node);
      return { output: t.streams, exitCode: t.exitCode, durationMs: t.blocked ? Infinity : t.endedAt - start, shell: t.shell, ...(t.blocked ? { running: true as const } : {}) };
    },
    m,
    opts.pace,
  );
}
