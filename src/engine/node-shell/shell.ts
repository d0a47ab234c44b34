/**
 * `sim ssh <node> -- <command>`: a command run by the node's login shell (`bash -c`), as root, on
 * the node's own state. The command line is parsed by the container shell's parser
 * (images/shell-parse.ts); simple commands, pipes, `;`, `&&` and `||` run, with quoting, `$VAR`
 * from a small login environment, bash's brace expansion and pathname expansion over the node's
 * files (`ls /etc/host*`). The commands are the node's tools (crictl, journalctl,
 * iptables-save, nft, systemctl, lsb_release) and the coreutils text and file tools containers have
 * (cat, ls, grep, head, tail, wc, sort, …, and free, df, nproc, uptime over the machine's /proc:
 * images/sysinfo.ts) over the node's disk (host-fs.ts: the generated files
 * under the learner's edits, which stay). A change in the kubelet's staticPodPath wakes the kubelet
 * (manifest-watch.ts). Nothing runs in the background and no simulated time passes. Just over 400
 * lines: the login shell's expansion and its dispatch to the node's tools read one small AST walk.
 */
import { normalizePath, stat, writeFile, type BaseFs, type FsLayer } from '../images/fs';
import type { ShellNode, Word } from '../images/shell-ast';
import { parseScript } from '../images/shell-parse';
import { containerGlob } from '../images/shell-glob';
import { braceWords } from '../images/shell-expand';
import { hasGlob, quotePattern } from '../../k8s/fnmatch';
import { TOOLS, type ToolEnv } from '../images/tools';
import type { ExecRequest } from '../images/tool-types';
import { openssl } from '../images/tools-openssl';
import type { World } from '../world';
import { crictl } from './crictl';
import { kubeadm } from './kubeadm';
import { hostProcesses } from './processes';
import { agentId } from '../core/ids';
import { baseFacts } from '../node/machine-facts';
import { proc, type Proc } from '../images/proc-model';
import { keepNodeLayer, nodeBase, nodeLayer } from './host-fs';
import { manifestDir, notifyManifestChanges } from './manifest-watch';
import type { NodeDisk, ShellIo, ShellResult } from './io';
import { journalctl } from './journalctl';
import { systemctl } from './systemctl';
import { lsbRelease } from './lsb-release';
import { nodeIp } from './ip';
import { iptablesSave, nftListRuleset } from './netfilter';
import { liveMachineFacts } from '../node/resource-metrics';
import { nodeMounts, withSystem, type SystemView } from '../images/sysinfo';

export type { ShellResult };

type NodeTool = (w: World, node: string, args: string[], io: ShellIo, disk: NodeDisk) => number;

const NODE_TOOLS: Readonly<Record<string, NodeTool>> = {
  crictl,
  kubeadm,
  ip: nodeIp,
  journalctl,
  'iptables-save': (w, node, args, io) => {
    const t = args[0] === '-t' ? args[1] : args[0]?.startsWith('--table=') ? args[0].slice('--table='.length) : undefined;
    if (t !== undefined && !['mangle', 'filter', 'nat', 'raw', 'security'].includes(t)) {
      io.err(`iptables-save: Unable to open table ${t}\n`);
      return 1;
    }
    io.out(iptablesSave(w, node, t));
    return 0;
  },
  nft: (w, node, args, io) => {
    if (args.join(' ') !== 'list ruleset') {
      io.err('Error: syntax error, only `nft list ruleset` is supported here\n');
      return 1;
    }
    io.out(nftListRuleset(w, node));
    return 0;
  },
  systemctl: (w, node, args, io) => systemctl(w, node, args, io),
  lsb_release: lsbRelease,
};

const HOST_SHELLS = new Set(['sh', 'bash', 'dash']);

/** Whether `program` (a name or a path in a PATH directory) is one the node's shell runs. */
export function hostHas(program: string): boolean {
  const slash = program.lastIndexOf('/');
  const dir = slash < 0 ? '' : program.slice(0, slash) || '/';
  if (dir && !['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'].includes(dir)) return false;
  const name = program.slice(slash + 1);
  return HOST_SHELLS.has(name) || Object.hasOwn(NODE_TOOLS, name) || TOOLS.has(name) || name === 'openssl';
}

interface Ctx {
  w: World;
  nodes: ShellNode[];
  node: string;
  env: Record<string, string>;
  /** The generated files (the lower layer) and the node's overlay, which keeps what commands write. */
  base: BaseFs;
  layer: FsLayer;
  /** The whole line is one simple command: bash -c then names no line number in its errors. */
  single: boolean;
  /** ssh's login shell is bash; `chroot /host` in a debugging Pod runs the node's /bin/sh (dash on Ubuntu). */
  dialect: 'bash' | 'dash';
  /** The machine's resources and filesystems (free, df, uptime; /proc files in `base`). */
  system?: SystemView;
  /** `chroot /host` from a Pod (absent: `sim ssh`'s login): whose processes the shell's are. */
  caller?: HostCaller;
  cwd: string;
}

/** The shell's own prefix for an error: bash -c's `bash: line 1: `, dash -c's `/bin/sh: 1: `. */
function errPrefix(ctx: Ctx): string {
  if (ctx.dialect === 'dash') return '/bin/sh: 1: ';
  return ctx.single ? 'bash: ' : 'bash: line 1: ';
}

/** `cd DIR` (HOME without one), recorded from bash 5.2 and dash 0.5.12. */
function cd(ctx: Ctx, args: string[], io: ShellIo): number {
  const target = args[0] ?? ctx.env['HOME'] ?? '/';
  const dir = normalizePath(target, ctx.cwd);
  if (stat(ctx.layer, ctx.base, dir).kind === 'dir') {
    ctx.cwd = dir;
    return 0;
  }
  if (ctx.dialect === 'dash') {
    io.err(`${errPrefix(ctx)}cd: can't cd to ${target}\n`);
    return 2;
  }
  io.err(`${errPrefix(ctx)}cd: ${target}: No such file or directory\n`);
  return 1;
}

/** A word's text: literals, `$VAR`, and `$(…)` (run to completion, trailing newlines dropped). */
function expand(ctx: Ctx, word: Word, io: ShellIo): string {
  return word
    .map((s) => {
      switch (s.t) {
        case 'lit':
          return s.v;
        case 'var':
          return ctx.env[s.name] ?? '';
        case 'cmd': {
          let buf = '';
          run(ctx, ctx.nodes, s.root, '', { out: (t) => (buf += t), err: io.err });
          return buf.replace(/\n+$/, '');
        }
        case 'arith':
          return '';
      }
    })
    .join('');
}

/** A word's text with bash's tilde expansion: an unquoted `~` alone or before `/` is $HOME. */
function tildeExpanded(ctx: Ctx, word: Word, io: ShellIo): string {
  const first = word[0];
  if (first?.t === 'lit' && !first.q && /^~(\/|$)/.test(first.v)) return expand(ctx, [{ ...first, v: (ctx.env['HOME'] ?? '/root') + first.v.slice(1) }, ...word.slice(1)], io);
  return expand(ctx, word, io);
}

/**
 * A word's fields: an unquoted leading `~` is HOME, an unquoted expansion is split into fields,
 * then each field holding an unquoted `*`, `?` or `[` is a pattern matched against the node's
 * files (src/k8s/glob-paths.ts through the containers' images/shell-glob.ts: sorted in byte order,
 * `.*` lists `.` and `..` in dash, not in bash); no match leaves it as written. A word with quoted
 * parts is one field, its quoted characters literal in the pattern.
 */
function wordFields(ctx: Ctx, wd: Word, io: ShellIo): string[] {
  const first = wd[0];
  const segs = first?.t === 'lit' && !first.q && /^~(\/|$)/.test(first.v) ? [{ ...first, v: (ctx.env['HOME'] ?? '/root') + first.v.slice(1) }, ...wd.slice(1)] : wd;
  const glob = containerGlob(ctx.layer, ctx.base, ctx.cwd, ctx.dialect);
  const expandField = (text: string, pattern: string): string[] => {
    if (!hasGlob(pattern)) return [text];
    const matches = glob(pattern);
    return matches.length > 0 ? matches : [text];
  };
  if (!segs.some((s) => s.q)) {
    return expand(ctx, segs, io).split(/\s+/).filter(Boolean).flatMap((f) => expandField(f, f));
  }
  let text = '';
  let pattern = '';
  for (const s of segs) {
    const t = expand(ctx, [s], io);
    text += t;
    pattern += s.q ? quotePattern(t) : t;
  }
  return expandField(text, pattern);
}

/**
 * `> f`, `>> f`, `2> f`, `&> f`, `2>&1`, `< f`: where the command's streams go, opened before it
 * runs as bash does (`>` truncates at once). Files land in the node's overlay and stay there.
 * Texts recorded from bash 5.2.15 and dash 0.5.12 on this machine (`bash: /nope/x: No such file or
 * directory`, `/bin/sh: 1: cannot create /nope/x: Directory nonexistent`).
 */
function redirect(ctx: Ctx, n: Extract<ShellNode, { t: 'cmd' }>, io: ShellIo): { io: ShellIo; stdin?: string } | undefined {
  let out = io.out;
  let err = io.err;
  let stdin: string | undefined;
  const drop = (): void => {};
  for (const r of n.redirs) {
    const target = expand(ctx, r.target, io);
    if (r.op === '>&') {
      if (r.fd === 2 && target === '1') err = out;
      else if (r.fd !== 2 && target === '2') out = err;
      continue;
    }
    const full = normalizePath(target, ctx.cwd);
    if (r.op === '<') {
      const s = stat(ctx.layer, ctx.base, full);
      if (s.kind !== 'file') {
        io.err(ctx.dialect === 'dash' ? `${errPrefix(ctx)}cannot open ${target}: No such file\n` : `${errPrefix(ctx)}${target}: ${s.kind === 'dir' ? 'Is a directory' : 'No such file or directory'}\n`);
        return undefined;
      }
      stdin = s.content;
      continue;
    }
    let sink: (t: string) => void = drop;
    if (full !== '/dev/null') {
      const parent = full.slice(0, full.lastIndexOf('/')) || '/';
      const s = stat(ctx.layer, ctx.base, full);
      if (s.kind === 'dir' || stat(ctx.layer, ctx.base, parent).kind !== 'dir') {
        io.err(ctx.dialect === 'dash' ? `${errPrefix(ctx)}cannot create ${target}: ${s.kind === 'dir' ? 'Is a directory' : 'Directory nonexistent'}\n` : `${errPrefix(ctx)}${target}: ${s.kind === 'dir' ? 'Is a directory' : 'No such file or directory'}\n`);
        return undefined;
      }
      if (r.op !== '>>') writeFile(ctx.layer, ctx.base, full, '', false);
      else if (s.kind === 'none') writeFile(ctx.layer, ctx.base, full, '', true);
      sink = (t: string): void => writeFile(ctx.layer, ctx.base, full, t, true);
    }
    if (r.op === '&>') out = err = sink;
    else if (r.fd === 2) err = sink;
    else out = sink;
  }
  return stdin === undefined ? { io: { out, err } } : { io: { out, err }, stdin };
}

function runCommand(ctx: Ctx, n: Extract<ShellNode, { t: 'cmd' }>, piped: string, outer: ShellIo): number {
  const opened = redirect(ctx, n, outer);
  // A redirection dash cannot open is a shell error (status 2); bash fails the command (1).
  if (!opened) return ctx.dialect === 'dash' ? 2 : 1;
  const { io } = opened;
  const stdin = opened.stdin ?? piped;
  // bash's brace expansion comes first (`ls /etc/{hostname,hosts}`); dash has none.
  const words = ctx.dialect === 'bash' ? n.words.flatMap(braceWords) : n.words;
  const argv = words.flatMap((wd) => wordFields(ctx, wd, outer));
  const [name, ...args] = argv;
  const assigned = Object.fromEntries(n.assigns.map((a) => [a.name, tildeExpanded(ctx, a.value, outer)]));
  // `NAME=value` alone sets a shell variable for the rest of the line; before a command it is that command's.
  if (name === undefined) {
    Object.assign(ctx.env, assigned);
    return 0;
  }
  if (name === 'cd') return cd(ctx, args, io);
  if (name === 'pwd') {
    io.out(`${ctx.cwd}\n`);
    return 0;
  }
  const tool = NODE_TOOLS[name];
  if (tool) return tool(ctx.w, ctx.node, args, io, { layer: ctx.layer, base: ctx.base });
  // Ubuntu's openssl (the laptop's: tools-openssl.ts), for the node's PKI under /etc/kubernetes/pki.
  const common = name === 'openssl' ? openssl : TOOLS.get(name);
  if (common) {
    const env: ToolEnv = {
      io: { stdin, out: io.out, err: io.err },
      vars: n.assigns.length ? { ...ctx.env, ...assigned } : ctx.env,
      cwd: ctx.cwd,
      clock: ctx.w.now,
      fs: ctx.layer,
      base: ctx.base,
      flavour: 'coreutils',
      dialect: ctx.dialect,
      hostname: ctx.node,
      processes: nodeShellProcs(ctx, [name, ...args]),
      caller: { uid: 0, tty: !ctx.caller || ctx.caller.tty ? 'pts/0' : '?' },
      memTotalKb: memTotalKb(ctx.w, ctx.node),
      version: '',
      ...(ctx.system ? { system: ctx.system } : {}),
      // Ubuntu's merged /usr: the node's programs are in /usr/bin and, through the link, /bin.
      program: (full) => /^\/(usr\/)?bin\/[^/]+$/.test(full) && hostHas(full),
    };
    const r = common(args, env);
    return r.exec ? runExec(ctx, r.exec, stdin, outer) : r.status;
  }
  io.err(ctx.dialect === 'dash' ? `${errPrefix(ctx)}${name}: not found\n` : `${errPrefix(ctx)}${name}: command not found\n`);
  return 127;
}

/**
 * What a tool runs (`env`, `xargs`, `find -exec`, `timeout`, `nohup`), one program after
 * another in the tool's environment. Approximate: the node's shell keeps no clock of its own,
 * so `timeout`'s limit never fires here, and nohup's output file is not used (no terminal is
 * told apart).
 */
function runExec(ctx: Ctx, exec: ExecRequest, stdin: string, outer: ShellIo): number {
  const statuses: number[] = [];
  const saved = ctx.env;
  try {
    ctx.env = exec.env;
    for (const argv of [exec.argv, ...(exec.more ?? [])]) {
      if (!hostHas(argv[0]!)) {
        outer.err(exec.missing);
        return exec.missingStatus ?? 127;
      }
      const node: Extract<ShellNode, { t: 'cmd' }> = { t: 'cmd', assigns: [], words: argv.map((v): Word => [{ t: 'lit', v, q: true }]), redirs: [] };
      const status = runCommand(ctx, node, exec.stdin ?? stdin, outer);
      statuses.push(status);
      const stop = exec.stop?.(status);
      if (stop !== undefined) {
        outer.err(stop);
        break;
      }
    }
  } finally {
    ctx.env = saved;
  }
  return exec.status ? exec.status(statuses) : statuses[statuses.length - 1]!;
}

/**
 * The node's table as its own shell sees it: `sim ssh`'s login shell (`-bash` on pts/0) and the
 * command it runs; from a Pod, `chroot /host` on a terminal runs `/bin/sh -i` under the Pod's
 * shim, and an exec's `chroot /host CMD` is just CMD there (chroot execs it), without a terminal.
 */
function nodeShellProcs(ctx: Ctx, argv: string[]): Proc[] {
  const host = hostProcesses(ctx.w, ctx.node);
  const at = ctx.w.now;
  const comm = argv[0]!.slice(argv[0]!.lastIndexOf('/') + 1).slice(0, 15);
  const caller = ctx.caller;
  if (!caller) {
    const login = proc({ pid: 2417, ppid: 1, uid: 0, user: 'root', comm: 'bash', args: '-bash', startedAt: at, stat: 'Ss', tty: 'pts/0' });
    return [...host, login, proc({ pid: 2431, ppid: 2417, uid: 0, user: 'root', comm, args: argv.join(' '), startedAt: at, stat: 'R+', tty: 'pts/0' })];
  }
  const shim = shimOf(ctx.w, ctx.node, caller.podUid, host);
  if (!caller.tty) return [...host, proc({ pid: 2417, ppid: shim, uid: 0, user: 'root', comm, args: argv.join(' '), startedAt: at, stat: 'R' })];
  const shell = proc({ pid: 2417, ppid: shim, uid: 0, user: 'root', comm: 'sh', args: '/bin/sh -i', startedAt: at, stat: 'Ss', tty: 'pts/0' });
  return [...host, shell, proc({ pid: 2431, ppid: 2417, uid: 0, user: 'root', comm, args: argv.join(' '), startedAt: at, stat: 'R+', tty: 'pts/0' })];
}

/** The PID of the containerd shim of the Pod's sandbox in `host` (1 when there is none: CRI-O). */
function shimOf(w: World, node: string, podUid: string, host: Proc[]): number {
  const rt = w.components.get(agentId('container-runtime', node));
  if (rt?.kind !== 'container-runtime') return 1;
  const sb = [...rt.sandboxes.values()].find((s) => s.podUid === podUid && s.state === 'SANDBOX_READY');
  return (sb && host.find((p) => p.comm === 'containerd-shim' && p.args.includes(` -id ${sb.id} `))?.pid) ?? 1;
}

/** The node's memory (its capacity, MemTotal), `ps`'s %MEM denominator. */
function memTotalKb(w: World, node: string): number {
  return baseFacts(w, node, undefined)?.memTotalKib ?? 8141880;
}

function run(ctx: Ctx, nodes: ShellNode[], i: number, stdin: string, io: ShellIo): number {
  const n = nodes[i]!;
  switch (n.t) {
    case 'cmd':
      return runCommand(ctx, n, stdin, io);
    case 'pipe': {
      let input = stdin;
      let code = 0;
      n.cmds.forEach((c, k) => {
        const last = k === n.cmds.length - 1;
        let buf = '';
        code = run(ctx, nodes, c, input, last ? io : { out: (t) => (buf += t), err: io.err });
        input = buf;
      });
      return n.bang ? (code === 0 ? 1 : 0) : code;
    }
    case 'and': {
      const l = run(ctx, nodes, n.l, stdin, io);
      return l === 0 ? run(ctx, nodes, n.r, stdin, io) : l;
    }
    case 'or': {
      const l = run(ctx, nodes, n.l, stdin, io);
      return l !== 0 ? run(ctx, nodes, n.r, stdin, io) : l;
    }
    case 'seq': {
      let code = 0;
      for (const item of n.items) code = run(ctx, nodes, item, stdin, io);
      return code;
    }
    case 'group':
      return run(ctx, nodes, n.body, stdin, io);
    case 'loop':
    case 'for':
    case 'if':
    case 'fndef':
    case 'case':
    case 'cond':
    case 'arith':
      io.err(`${ctx.dialect === 'dash' ? '/bin/sh: 1: ' : 'bash: line 1: '}${n.t === 'loop' ? 'while' : n.t === 'fndef' ? 'function' : n.t === 'cond' ? '[[' : n.t === 'arith' ? '((' : n.t}: not supported in this node shell\n`);
      return 2;
  }
}

/** Why ssh cannot reach the node, as ssh prints it (exit 255), or undefined when it can. */
export function sshUnreachable(w: World, node: string): string | undefined {
  const ip = w.machineSpecs.get(node)?.ip;
  if (ip === undefined) return `ssh: Could not resolve hostname ${node}: Name or service not known`;
  // A machine that is off answers no ARP: the neighbour is unreachable. A cut-off one drops the SYN.
  if (w.faults.has(`node/${node}`)) return `ssh: connect to host ${ip} port 22: No route to host`;
  if (w.faults.has(`network/${node}`)) return `ssh: connect to host ${ip} port 22: Connection timed out`;
  return undefined;
}

export function runNodeShell(w: World, node: string, line: string): ShellResult {
  const unreachable = sshUnreachable(w, node);
  if (unreachable) return { output: [{ stream: 'stderr', text: `${unreachable}\n` }], exitCode: 255 };
  return runHostShell(w, node, line, { dialect: 'bash', cwd: '/root' }).result;
}

/**
 * One `-c` line of the node's shell as it runs on the machine itself: ssh's bash in root's home,
 * or the /bin/sh `chroot /host` starts in a debugging Pod on the node (host-view.ts). Returns the
 * directory a `cd` left it in.
 */
/** A Pod's container that runs the node's shell through `chroot /host`, and whether on a terminal. */
export interface HostCaller {
  podUid: string;
  tty: boolean;
}

export function runHostShell(w: World, node: string, line: string, opts: { dialect: 'bash' | 'dash'; cwd: string; caller?: HostCaller }): { result: ShellResult; cwd: string } {
  const output: ShellResult['output'] = [];
  const write = (stream: 'stdout' | 'stderr', text: string): void => {
    if (!text) return;
    const last = output[output.length - 1];
    if (last?.stream === stream) last.text += text;
    else output.push({ stream, text });
  };
  const io: ShellIo = { out: (t) => write('stdout', t), err: (t) => write('stderr', t) };
  const parsed = parseScript(line, opts.dialect === 'bash');
  if (!parsed.ok) {
    const p = parsed.problem;
    if (p.kind === 'cond') return { result: { output: p.message ? [{ stream: 'stderr', text: `bash: -c: line 1: ${p.message}\n` }] : [], exitCode: p.eof ? 2 : 0 }, cwd: opts.cwd };
    const what =
      opts.dialect === 'dash'
        ? `/bin/sh: 1: Syntax error: ${p.kind === 'unexpected' ? `"${p.token}" unexpected` : 'Unterminated quoted string'}`
        : `bash: -c: line 1: ${p.kind === 'unexpected' ? `syntax error near unexpected token \`${p.token}'` : 'unexpected EOF while looking for matching quote'}`;
    return { result: { output: [{ stream: 'stderr', text: `${what}\n` }], exitCode: 2 }, cwd: opts.cwd };
  }
  const { nodes, root } = parsed.script;
  const env = { HOME: '/root', USER: 'root', HOSTNAME: node, PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', SHELL: '/bin/bash' };
  const top = nodes[root];
  const single = top?.t === 'cmd' || (top?.t === 'seq' && top.items.length === 1 && nodes[top.items[0]!]?.t === 'cmd');
  const layer = nodeLayer(w, node);
  const facts = liveMachineFacts(w, node);
  // ssh's session is the one login utmp has; chroot from a Pod logs nobody in.
  const system: SystemView | undefined = facts ? { machine: facts, mounts: nodeMounts(facts), users: opts.dialect === 'bash' ? 1 : 0 } : undefined;
  const base = system ? withSystem(nodeBase(w, node), system, () => w.now) : nodeBase(w, node);
  const before = manifestDir(layer, base);
  const ctx: Ctx = { w, nodes, node, env, base, layer, single, dialect: opts.dialect, cwd: opts.cwd, ...(system ? { system } : {}), ...(opts.caller ? { caller: opts.caller } : {}) };
  const exitCode = run(ctx, nodes, root, '', io);
  keepNodeLayer(w, node, layer);
  notifyManifestChanges(w, node, before, manifestDir(layer, base));
  return { result: { output, exitCode }, cwd: ctx.cwd };
}
