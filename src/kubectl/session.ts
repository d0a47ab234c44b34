/**
 * A terminal session on one simulated cluster: the single command language shared by the CLI
 * runner, the browser terminal, lessons and tests. A line is either real kubectl syntax or a
 * `sim` directive for what kubectl cannot express (advancing time, the trace, faults).
 * Over 400 lines because a line's life — its log entry, the quota check, the attached shell,
 * expansion, redirections, the dispatch to kubectl, sim, watch or a laptop program, and what it
 * reports back (files, namespace, leadSeq) — reads and writes the session's private state; the
 * prompt's grammar, builtins and jobs already live beside it (prompt-*.ts).
 */
import { WORKSTATION_COMMANDS, WORKSTATION_HOSTNAME, WORKSTATION_QUOTA, Workstation, type SimMillis, Simulation, type SimulationOptions, type TopologyName, type ClusterOptions } from '../engine/index';
import { lineCommand } from './command-spec';
import { runKubectl } from './index';
import { contextIn, copyKubeconfig, defaultKubeconfig, KUBECONFIG_PATH, moveServer, type Kubeconfig } from './kubeconfig';
import { applyKubeconfigFile, kubeconfigFileText } from './kubeconfig-file';
import { INTERRUPTED_EXIT_CODE, Interrupted } from './interrupt';
import { fail, ok } from './result';
import { parseScript, tokenize } from '../k8s/script';
import { heredocAsDoubleQuoted } from '../k8s/heredoc';
import { splitRedirects, type Redirect } from '../k8s/redirect';
import { expandWords, rawWords } from '../k8s/shell-words';
import { braceExpand } from '../k8s/brace-expand';
import { parsePromptLine } from '../k8s/prompt-syntax';
import { FATAL_EXPANSION, runPromptLine, type FunctionCaller } from './prompt-run';
import { expansion, promptHost, traced } from './prompt-host';
import { lineBuiltin } from './prompt-builtins';
import { ASSIGNMENT, PromptShell } from './prompt-shell';
import { assignCompoundWord, compoundWord, declarationLists } from './prompt-assign';
import { runSim } from './sim/index';
import { runOnWorkstation } from './workstation-program';
import { runShellLine, shellOf, type Attachment, type Tty } from './attach';
import type { CommandResult, EditorRequest, FileSource, OutputChunk } from './types';
import type { EditorHost, OpenEditor } from './edit-file';
import { fileReplyLine, isEditorProgram, runEditorProgram } from './laptop-editor';
import { containerEditorReply, containerReplyLine, openContainerEditor } from './container-editor';
import { runWatch, type TerminalSize, type WatchHost } from '../k8s/procps-watch-run';
import { Laptop, waitForeground } from './laptop';

export interface SessionOptions {
  seed?: number;
  topology?: TopologyName;
  /** Virtual files by path, for `kubectl apply -f <path>`. */
  files?: Record<string, string>;
  /** A real filesystem (the CLI), consulted after `files`. */
  fileSource?: FileSource;
  /** An existing cluster to drive instead of booting a new one (a fork). */
  simulation?: Simulation;
  /** The workstation to continue on instead of a fresh one from `files` (a fork's copy). */
  workstation?: Workstation;
  /** The prompt's variables and aliases to continue with (a fork's copy). */
  shell?: PromptShell;
  /** The kubeconfig to continue with (a fork's copy); kubeadm's admin.conf plus jane's context when absent. */
  kubeconfig?: Kubeconfig;
  /**
   * Timing overrides for every cluster the session builds, `sim topology` included: the
   * runner's --kube-api-qps / --kube-api-burst.
   */
  timings?: SimulationOptions['timings'];
  /**
   * The terminal is a TTY (the browser's): `kubectl exec -it POD -- sh` attaches it to the
   * container's shell, and results say which shell a line was typed into (kubectl/attach.ts).
   * Without it, as in the runner and lessons' checks, stdin is not a terminal.
   */
  interactive?: boolean;
  /** The servers whose discovery kubectl has cached (a fork's copy). */
  discoveryCached?: readonly string[];
}

export interface LoggedCommand {
  line: string;
  stdin?: string;
  /** The command was interrupted (Ctrl+C) at this simulated time. */
  interruptAt?: number;
  /** Sent by a page control (a fault menu, the instructor's console, the YAML editor's reply): it ran at the laptop's prompt. */
  laptop?: true;
}

/**
 * Simulated time a kubectl invocation takes before its first request: process start, reading
 * kubeconfig, API discovery. Without it, consecutive commands in a script would run in the same
 * simulated millisecond — faster than any person or CI job — and miss the controllers' reaction.
 */
export const KUBECTL_STARTUP_MS = 150;

export interface RunOptions {
  /**
   * Simulated time at which a waiting command (get -w, wait, rollout status, delete --wait,
   * drain, logs -f, sim advance) is interrupted: time stops there, the command writes nothing
   * more and exits 130. A command that does not wait is unaffected.
   */
  interruptAt?: number;
  /**
   * The page's terminal size (an interactive session only): what a full-screen program (`watch`)
   * draws on. An interactive session without one draws on 80×24.
   */
  terminal?: TerminalSize;
  /** Internal: the line runs under `sh -c` (watch's command): no bash aliases, dash's "not found". */
  sh?: true;
  /** Internal: where a call of a prompt function goes (the executor running the command, prompt-run.ts). */
  call?: FunctionCaller;
  /** Internal: the command is a function's, its aliases expanded when the function was defined. */
  aliased?: true;
  /**
   * The line comes from a page control (a fault menu, the instructor's console), not from the
   * keyboard: it runs at the laptop's prompt even while the terminal is attached to a shell, which
   * stays attached for the next typed line.
   */
  laptop?: true;
}

/** The builtins whose NAME=value arguments bash expands as assignments. */
const DECLARATIONS = new Set(['export', 'local', 'declare', 'typeset', 'readonly']);

/** The terminal a full-screen program gets when the page did not say its size. */
const DEFAULT_TERMINAL: TerminalSize = { columns: 80, rows: 24 };

export class Session {
  sim: Simulation;
  seed: number;
  topology: TopologyName;
  /** What kubectl reads (`-f web.yaml`): the workstation's files. */
  readonly files: FileSource;
  /** The learner's machine behind the `$ ` prompt: files written by redirections live here. */
  readonly workstation: Workstation;
  /** bash's state between lines: variables, aliases, `$?`. */
  readonly shell: PromptShell;
  /** Every command run, in order: replaying it on a fresh session reproduces the same world. */
  readonly log: LoggedCommand[] = [];
  /** Last trace seq printed by `sim trace` without --last. */
  traceCursor: number;
  /**
   * The learner's kubeconfig: the cluster is replaced by `sim topology`, the file stays. Only
   * `kubectl config` lines change it, so replaying the log rebuilds it like the rest.
   */
  readonly kubeconfig: Kubeconfig;

  /** The overrides every cluster of this session is built with (SessionOptions.timings). */
  readonly timings: SimulationOptions['timings'];

  readonly interactive: boolean;
  /** The laptop's background jobs and the sockets they listen on (`kubectl port-forward … &`); a fork starts with none. */
  readonly laptop: Laptop;
  /**
   * kubectl's discovery cache under ~/.kube/cache/discovery, by server: empty in a fresh session,
   * so its first command that resolves a resource shows the cold cache's requests under -v=6.
   */
  readonly discoveryCache: Set<string>;
  /** The container shell the terminal is attached to; its state is rebuilt by replaying the log. */
  private attached: Attachment | undefined;
  private readonly tty: Tty = { attach: (a) => (this.attached = a) };
  /** What the page's YAML editor holds open (`kubectl edit`, `vi FILE`); rebuilt by replaying the log too. */
  private editing: OpenEditor | undefined;
  /** The editor this line opened or reopened, for its result. */
  private editorOpened: EditorRequest | undefined;
  /** How many `$(…)` the command running now sits inside. */
  private substitutions = 0;
  /** The line's `leadSeq` so far (CommandResult): set by its first kubectl or sim outside `$(…)`. */
  private leadSeq: number | undefined;
  /** The line's lead command was `sim advance` (or its alias `sleep`): CommandResult.skip. */
  private skip = false;

  constructor(opts: SessionOptions = {}) {
    this.seed = opts.seed ?? 1;
    this.interactive = opts.interactive ?? false;
    this.laptop = new Laptop(this.interactive);
    this.discoveryCache = new Set(opts.discoveryCached ?? []);
    this.topology = opts.topology ?? 'basic';
    this.timings = opts.timings;
    this.sim = opts.simulation ?? this.build(this.seed, this.topology);
    this.shell = opts.shell ?? new PromptShell();
    this.kubeconfig = opts.kubeconfig ?? defaultKubeconfig(this.sim.serverAddress());
    this.workstation = opts.workstation ?? new Workstation({ files: opts.files ?? {}, ...(opts.fileSource ? { fallback: opts.fileSource } : {}) });
    const ws = this.workstation;
    this.files = { readFile: (p) => ws.readFile(p), listDir: (p) => ws.listDir(p) };
    // ~/.kube/config shows the kubeconfig itself, never a copy (kubeconfig-file.ts).
    ws.mount(KUBECONFIG_PATH, { read: () => kubeconfigFileText(this.kubeconfig, (w) => this.sim.kubeadmPem(w)) });
    this.traceCursor = this.sim.lastTraceSeq;
  }

  /**
   * An independent copy of this session at this moment (same cluster, files, kubeconfig and trace cursor,
   * an empty log): what runs in it never touches this one. Lessons read kubectl output there,
   * so a fork is a plain terminal, never attached to a container's shell.
   */
  fork(): Session {
    return new Session({ seed: this.seed, topology: this.topology, workstation: this.workstation.clone(), shell: this.shell.copy(), kubeconfig: copyKubeconfig(this.kubeconfig), simulation: Simulation.fromSnapshot(this.sim.snapshot()), timings: this.timings, discoveryCached: [...this.discoveryCache] });
  }

  /** Replaces the cluster with a fresh one (new topology or seed). */
  rebuild(topology: TopologyName, seed = this.seed, cluster?: ClusterOptions): void {
    this.topology = topology;
    this.seed = seed;
    const from = this.sim.serverAddress();
    this.sim = this.build(seed, topology, cluster);
    moveServer(this.kubeconfig, from, this.sim.serverAddress());
    this.traceCursor = this.sim.lastTraceSeq;
  }

  private build(seed: number, topology: TopologyName, cluster?: ClusterOptions): Simulation {
    return new Simulation({ seed, topology, ...(this.timings ? { timings: this.timings } : {}), ...(cluster ? { cluster } : {}) });
  }

  /**
   * Runs one command line, or one command with its here-document as a terminal sends it (lines
   * joined by newlines). `opts.interruptAt` replays a Ctrl+C: the command's waiting stops at
   * that simulated time (see RunOptions).
   */
  run(line: string, stdin?: string, opts: RunOptions = {}): CommandResult {
    const logged: LoggedCommand = stdin === undefined ? { line } : { line, stdin };
    if (opts.interruptAt !== undefined) logged.interruptAt = opts.interruptAt;
    if (opts.laptop) logged.laptop = true;
    this.log.push(logged);
    this.shell.line = this.log.length;
    const version = this.workstation.version;
    const namespace = this.contextNamespace();
    const saved = this.workstation.checkpoint();
    this.leadSeq = undefined;
    this.skip = false;
    this.laptop.jobs.beginLine();
    // The terminal's size travels with the line that needs it (the page's bridge); the others get 80.
    if (opts.terminal) {
      this.tty.columns = opts.terminal.columns;
      this.tty.rows = opts.terminal.rows;
    } else {
      delete this.tty.columns;
      delete this.tty.rows;
    }
    let res = this.runInteractive(line, stdin, opts);
    // Before the next prompt: what background jobs wrote as they ended, then bash's notices.
    const jobs = this.laptop.jobs.finishLine(this.sim);
    if (jobs.length) res = { ...res, output: [...res.output, ...jobs] };
    if (this.interactive && this.leadSeq !== undefined) res = { ...res, leadSeq: this.leadSeq };
    if (this.interactive && this.skip) res = { ...res, skip: true };
    this.syncKubeconfigFile();
    if (this.workstation.version !== version && this.workstation.size > WORKSTATION_QUOTA) {
      // Nothing half-written is kept: the line's writes are undone and it says why.
      this.workstation.restore(saved);
      res = { ...res, output: [...res.output, { stream: 'stderr', text: `bash: write error: No space left on device (the files behind this prompt hold at most ${WORKSTATION_QUOTA / 1024 / 1024} MiB in all; this line's writes were undone — rm a file to make room)\n` }], exitCode: 1 };
    }
    this.shell.status = res.exitCode;
    if (this.workstation.version !== version) res = { ...res, files: this.workstation.written() };
    const after = this.contextNamespace();
    return after === namespace ? res : { ...res, namespace: after };
  }

  /** A file the line wrote (or removed) at ~/.kube/config becomes the kubeconfig, as kubectl would load it. */
  private syncKubeconfigFile(): void {
    const written = this.workstation.take(KUBECONFIG_PATH);
    if (written !== undefined) applyKubeconfigFile(this.kubeconfig, written, (w) => this.sim.kubeadmPem(w));
  }

  /**
   * The namespace kubectl defaults to: the current kubeconfig context's (what the page's
   * completion needs to know, and what the `sim` directives' `-n` defaults to, as kubectl's does).
   */
  contextNamespace(): string {
    return contextIn(this.kubeconfig, this.kubeconfig.currentContext)?.namespace || 'default';
  }

  private runInteractive(line: string, stdin: string | undefined, opts: RunOptions): CommandResult {
    if (!this.interactive) return this.runLine(line, stdin, opts);
    const typedIn = !opts.laptop && this.attached && shellOf(this.attached);
    this.editorOpened = undefined;
    const res = this.runLine(line, stdin, opts);
    const attached = this.attached && shellOf(this.attached);
    const edit = this.editorOpened;
    this.editorOpened = undefined;
    return { ...res, ...(typedIn ? { typedIn } : {}), ...(attached ? { attached } : {}), ...(edit ? { edit } : {}) };
  }

  private runLine(line: string, stdin: string | undefined, opts: RunOptions): CommandResult {
    const shell = opts.laptop ? undefined : this.attached;
    if (shell) {
      // The container's shell reads the whole text a terminal sends, here-documents included.
      // Each line takes a typist's moment, as a kubectl command does (KUBECTL_STARTUP_MS).
      this.sim.advance(KUBECTL_STARTUP_MS);
      try {
        const done = runShellLine(this.sim, shell, line, opts.interruptAt);
        // `vi FILE` at the attached shell: the page's editor opens on the container's file.
        const save = shell.viSave;
        if (done.editor && save && this.interactive) openContainerEditor(this.editorHost(line), shell, done.editor, (s) => save.call(shell, s));
        if (!done.detached) return done.result;
        this.attached = undefined;
        if (!shell.removeOnDetach) return done.result;
        // run.go's deferred removeCreatedObjects: the Pod goes once the session ends.
        const removed = this.execute(`kubectl delete pod ${shell.pod} -n ${shell.namespace} --wait=false --ignore-not-found`, undefined, {});
        return { ...done.result, output: [...done.result.output, ...removed.output], exitCode: done.result.exitCode || removed.exitCode };
      } catch (e) {
        // A bug in the simulation must never take the session down with it.
        return fail(`error: internal error: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (stdin === undefined) {
      // A line is read as the script runner reads it, so both run the same command: `#` comments
      // (a comment alone runs nothing), and a here-document a terminal sends with its command
      // (`kubectl apply -f - <<EOF` … `EOF`, joined by newlines) feeds the same document.
      const parsed = parseScript(line);
      if (!parsed.ok) return fail(`error: ${parsed.message}`, 2);
      if (parsed.commands.length > 1) return fail('error: one command at a time: this line holds several', 2);
      const block = parsed.commands[0];
      if (!block) return ok();
      if (!block.expand) return this.execute(block.text, block.stdin, opts);
      // What a `$(…)` in the document writes to stderr reaches the terminal before the command runs.
      const stderr: OutputChunk[] = [];
      const res = this.execute(block.text, this.expandDocument(block.stdin, opts, stderr), opts);
      return stderr.length ? { ...res, output: [...stderr, ...res.output] } : res;
    }
    return this.execute(line, stdin, opts);
  }

  /**
   * An unquoted here-document as bash feeds it: `$VAR`, `$(command)` and `\` escapes expanded,
   * as in a double-quoted word (`request: $(base64 -w0 jane.csr)` in a manifest). A body bash
   * could not expand is fed as written.
   */
  private expandDocument(body: string | undefined, opts: RunOptions, stderr: OutputChunk[]): string | undefined {
    if (body === undefined || !/[$`\\]/.test(body)) return body;
    const r = expandWords(heredocAsDoubleQuoted(body), expansion(this, opts, stderr), false);
    return r.ok ? r.argv.join('') : body;
  }

  /**
   * A line as bash runs it (src/k8s/prompt-syntax.ts, prompt-run.ts): lists, pipelines, loops,
   * `if`, `case`, groups; every simple command comes back to `stage`. A here-document feeds the
   * first command, as bash gives `a <<EOF && b` to `a`. Internal: the prompt's executor calls it.
   */
  substitute(inner: string, opts: RunOptions, stdin?: string): CommandResult {
    this.substitutions++;
    try {
      return this.execute(inner, stdin, opts, stdin === undefined ? this.interactive : false);
    } finally {
      this.substitutions--;
    }
  }

  /** Whether the command running now sits inside a `$(…)` (an `exit` there prints nothing). */
  get substituting(): boolean {
    return this.substitutions > 0;
  }

  /** How many `$(…)` the command running now sits in (bash's `set -x` prints `++` at 1). */
  get substitutionDepth(): number {
    return this.substitutions;
  }

  /** A kubectl or sim command of the line begins its own work now (CommandResult.leadSeq). */
  private leads(sim: Simulation): void {
    if (this.substitutions === 0 && this.leadSeq === undefined) this.leadSeq = sim.lastTraceSeq + 1;
  }

  execute(line: string, stdin: string | undefined, opts: RunOptions, tty = this.interactive): CommandResult {
    const parsed = parsePromptLine(line);
    if (!parsed.ok) return fail(opts.sh ? `sh: 1: ${parsed.message}` : `bash: ${parsed.message}`, 2);
    return runPromptLine(parsed.node, promptHost(this, opts), stdin, tty, opts.interruptAt);
  }

  /** `TEXT &`: the body runs as a job (laptop.ts). Internal: the prompt's executor calls it. */
  background(text: string, body: () => CommandResult): CommandResult {
    return this.laptop.background(text, this.sim.now, body);
  }

  isWorkstationCommand(stage: string): boolean {
    const tok = tokenize(stage.trim());
    return tok.ok && tok.argv[0] !== undefined && WORKSTATION_COMMANDS.includes(tok.argv[0]);
  }

  /**
   * One simple command with its redirections, opened left to right before it runs as bash opens
   * them (so `> f` empties f even when the command fails, and `> f 2>&1` differs from `2>&1 > f`).
   * A stream sent to the terminal keeps flowing as that stream: `2>&1 | grep` pipes stderr too.
   */
  stage(text: string, stdin: string | undefined, opts: RunOptions, tty: boolean): CommandResult {
    // The `<(…)` the command names (its words', its redirections') close as it ends.
    const mark = this.workstation.pipeMark();
    const outputs = this.outputSubstitutions.length;
    try {
      const parsed = splitRedirects(text, (word) => expandWords(word, expansion(this, opts, [])));
      if (!parsed.ok) return fail(`bash: ${parsed.message}`, 2);
      const res = parsed.redirects.length === 0 ? this.command(text, stdin, opts, tty) : this.applyRedirects(parsed.redirects, stdin, tty, opts, (input, innerTty) => (parsed.text === '' ? ok() : this.command(parsed.text, input, opts, innerTty)));
      return this.readOutputSubstitutions(outputs, res, opts);
    } finally {
      this.outputSubstitutions.length = Math.min(this.outputSubstitutions.length, outputs);
      this.workstation.closePipes(mark);
    }
  }

  /** The `>(…)` opened by the command running now (prompt-host.ts procsubOut). */
  readonly outputSubstitutions: { path: string; command: string }[] = [];

  /**
   * The command has ended: each `>(…)` it named since `from` runs on what was written to its path,
   * in order, its output after the command's (bash runs them alongside; recorded, bash 5.2.15:
   * `printf "x\ny\n" | tee >(wc -l) >/dev/null` prints 2). The command's status stays.
   */
  private readOutputSubstitutions(from: number, res: CommandResult, opts: RunOptions): CommandResult {
    const subs = this.outputSubstitutions.splice(from);
    if (subs.length === 0) return res;
    const output = [...res.output];
    for (const sub of subs) output.push(...this.substitute(sub.command, opts, this.workstation.readFile(sub.path) ?? '').output);
    return { ...res, output };
  }

  /** A compound command's redirections (`done > out.txt`, `done < <(kubectl get pods)`) around its body. */
  openRedirects(redirs: string, stdin: string | undefined, opts: RunOptions, tty: boolean, body: (stdin: string | undefined, tty: boolean) => CommandResult): CommandResult {
    const mark = this.workstation.pipeMark();
    try {
      const parsed = splitRedirects(redirs, (word) => expandWords(word, expansion(this, opts, [])));
      if (!parsed.ok) return fail(`bash: ${parsed.message}`, 2);
      return this.applyRedirects(parsed.redirects, stdin, tty, opts, body);
    } finally {
      this.workstation.closePipes(mark);
    }
  }

  private applyRedirects(redirects: Redirect[], stdin: string | undefined, tty: boolean, opts: RunOptions, body: (stdin: string | undefined, tty: boolean) => CommandResult): CommandResult {
    type Sink = { k: 'terminal'; stream: OutputChunk['stream'] } | { k: 'file'; write: (t: string) => void };
    const fds: Record<1 | 2, Sink> = { 1: { k: 'terminal', stream: 'stdout' }, 2: { k: 'terminal', stream: 'stderr' } };
    let input = stdin;
    for (const r of redirects) {
      if (r.kind === 'dup') fds[r.fd] = fds[r.to];
      else if (r.kind === 'string') {
        // Expanded but never split (recorded: x="a  b"; cat <<< $x prints `a  b`).
        const word = expandWords(r.word, expansion(this, opts, []), false);
        if (!word.ok) return fail(`bash: ${word.message}`, 1);
        input = `${word.argv.join('')}\n`;
      } else if (r.kind === 'in') {
        input = this.workstation.readFile(r.path);
        if (input === undefined) return fail(`bash: ${r.path}: No such file or directory`, 1);
      } else {
        const target = this.workstation.open(r.path, r.append, this.sim.now);
        if (!target.ok) return fail(target.message, 1);
        const sink: Sink = { k: 'file', write: target.write };
        if (r.fd !== 2) fds[1] = sink;
        if (r.fd !== 1) fds[2] = sink;
      }
    }
    const route = (c: OutputChunk): OutputChunk | undefined => {
      const sink = fds[c.stream === 'stdout' ? 1 : 2];
      if (sink.k === 'file') {
        sink.write(c.text);
        return undefined;
      }
      return sink.stream === c.stream ? c : { ...c, stream: sink.stream };
    };
    // A listener started in the body keeps these descriptors for what it writes later (laptop.ts).
    const res = this.laptop.redirected(route, () => body(input, tty && input === stdin && fds[1].k === 'terminal'));
    const output: OutputChunk[] = [];
    for (const c of res.output) {
      // A background job writes to the terminal itself, not to this command's descriptors.
      const routed = c.terminal ? c : route(c);
      if (routed) output.push(routed);
    }
    return { ...res, output };
  }

  /**
   * The page's YAML editor as `kubectl edit` and `vi FILE` at the prompt see it: opening it
   * records what is open (and, for the result, what to show and the line that saves it); a save
   * arrives as that line with the buffer as stdin — `kubectl edit`'s own `line` again, or
   * `vi /full/path` (a file's reply names it whatever the working directory is by then).
   */
  private editorHost(line: string): EditorHost {
    return {
      open: (open, shown) => {
        this.editing = open;
        this.editorOpened = { ...shown, line: open.kind === 'object' ? line.trim() : open.kind === 'file' ? fileReplyLine(open.file) : containerReplyLine(open.file) };
      },
      opened: () => this.editing,
      close: () => (this.editing = undefined),
    };
  }

  /** `tty`: the command's stdin is the terminal (a pipeline stage's is not). */
  private command(line: string, stdin: string | undefined, opts: RunOptions, tty = false): CommandResult {
    // `sh -c` (what watch runs) never expands bash's aliases (recorded: `watch 'k get pods'` shows `sh: 1: k: not found`).
    const text = opts.sh || opts.aliased ? line.trim() : this.shell.withAliases(line.trim());
    const setup = this.shell.rawBuiltin(text);
    if (setup) return setup;
    const words = rawWords(text);
    if (!words.ok) return fail(`error: ${words.message}`, 2);
    // What `$(…)` inside this command wrote to stderr reaches the terminal, as in bash.
    const substituted: OutputChunk[] = [];
    const statuses: number[] = [];
    const env = expansion(this, opts, substituted, statuses);
    const assignments: [string, string][] = [];
    let k = 0;
    while (k < words.words.length && ASSIGNMENT.test(words.words[k]!)) k++;
    // With no command, bash's array assignments (`a=(x y)`, `a+=(z)`, `a[3]=q`) and `+=` apply in order.
    const bare = k === words.words.length;
    // What a list assignment refused (`m=(a [b]=1)`'s bare word) is said, the rest assigned.
    const refused: string[] = [];
    for (const w of words.words.slice(0, k)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]*)\])?(\+?)=/.exec(w)!;
      const [name, index, append] = [m[1]!, m[2], m[3] === '+'];
      const text = w.slice(m[0].length);
      if (bare && index === undefined && text.startsWith('(') && text.endsWith(')')) {
        const r = assignCompoundWord(this.shell, name, append, text.slice(1, -1), env);
        if (!r.ok) return fail(`bash: ${r.message}`, r.fatal ? FATAL_EXPANSION : 1);
        refused.push(...r.errors);
        continue;
      }
      const value = expandWords(text, env, false);
      if (!value.ok) return fail(`bash: ${value.message}`, value.fatal ? FATAL_EXPANSION : 1);
      const v = value.argv.join('');
      if (bare && index !== undefined && this.shell.assocs.has(name)) {
        // `m[key]=v`: the key expanded as one word (recorded: `m[]=1` and `m[""]=1` are `bash: m[]: bad array subscript`, `bash: m[""]: …`).
        const key = expandWords(index, env, false);
        if (!key.ok) return fail(`bash: ${key.message}`, key.fatal ? FATAL_EXPANSION : 1);
        if (key.argv.join(' ') === '') return fail(`bash: ${name}[${index}]: bad array subscript`, FATAL_EXPANSION);
        this.shell.assignKey(name, key.argv.join(' '), v, append);
      } else if (bare && index !== undefined) {
        const i = env.arith?.(index);
        if (i && !i.ok) return fail(`bash: ${i.message}`, 1);
        if (!this.shell.assignElement(name, i ? Number(i.value) : 0, v, append)) return fail(`bash: ${name}[${index}]: bad array subscript`, 1);
      } else if (bare && append) this.shell.assign(name, (this.shell.lookup(name, this.workstation.cwd) ?? '') + v);
      else assignments.push([name, v]);
    }
    const argv: string[] = [];
    // bash reads `export`/`local`/`declare`'s NAME=value arguments as assignments: never split.
    const declaring = DECLARATIONS.has(words.words[k] ?? '');
    // Brace expansion comes first, on the words as written (`kubectl delete pod web-{1..3}`).
    // `set +B` turns it off.
    const braces = this.shell.opts.braceexpand;
    // `declare -A m=([a]=1 …)`: the lists' words are read here, once; the builtin finds them by name.
    const lists = declaring ? declarationLists(words.words.slice(k + 1), env) : undefined;
    if (lists && !lists.ok) return fail(`bash: ${lists.message}`, lists.fatal ? FATAL_EXPANSION : 1);
    for (const w of words.words.slice(k).flatMap((w) => (declaring && ASSIGNMENT.test(w) ? [w] : braces ? braceExpand(w) : [w]))) {
      if (lists?.lists.has(compoundWord(w)?.name ?? '')) {
        argv.push(w);
        continue;
      }
      const r = expandWords(w, env, !(declaring && ASSIGNMENT.test(w)));
      if (!r.ok) return { output: [...substituted, { stream: 'stderr', text: `bash: ${r.message}\n` }], exitCode: r.fatal ? FATAL_EXPANSION : 1 };
      argv.push(...r.argv);
    }
    // `set -x`: bash's trace goes to the terminal before this command's own redirections apply.
    const trace = traced(this, opts, { assigns: assignments, argv });
    let res: CommandResult;
    this.shell.compound = lists?.lists ?? new Map();
    try {
      res = this.simpleCommand(argv, assignments, line, stdin, opts, tty);
    } finally {
      this.shell.compound = new Map();
    }
    if (refused.length) res = { output: [{ stream: 'stderr', text: refused.map((e) => `bash: ${e}\n`).join('') }, ...res.output], exitCode: res.exitCode };
    if (trace.length) res = { ...res, output: [...trace, ...res.output] };
    // Assignments alone take the status of their last `$(…)` (`x=$(false)` is 1), as in bash.
    if (argv.length === 0 && statuses.length) res = { ...res, exitCode: statuses[statuses.length - 1]! };
    return substituted.length ? { ...res, output: [...substituted, ...res.output] } : res;
  }

  /**
   * What `watch` needs of the session: the terminal (only the page has one), simulated time to
   * sleep through (stopped by a replayed Ctrl+C, as kubectl's waits are), and its command run as
   * `sh -c` runs it — stdout and stderr into one pipe, stdin not a terminal.
   */
  private watchHost(opts: RunOptions): WatchHost {
    const sim = this.sim;
    const inner: RunOptions = { ...opts, sh: true };
    const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');
    return {
      terminal: this.interactive ? (opts.terminal ?? DEFAULT_TERMINAL) : undefined,
      interruptAt: opts.interruptAt,
      now: () => sim.now,
      sleepUntil: (until) => {
        sim.horizon = opts.interruptAt as SimMillis | undefined;
        try {
          sim.advance(Math.max(0, until - sim.now));
        } finally {
          sim.horizon = undefined;
        }
        return sim.now;
      },
      run: (argv, exec) => {
        if (!exec) {
          const r = this.execute(argv[0] ?? '', undefined, inner, false);
          return { text: text(r), status: r.exitCode };
        }
        const [cmd = ''] = argv;
        // execvp: only a program on the laptop's PATH (a builtin or an alias is not one).
        if (!(WORKSTATION_COMMANDS.includes(cmd) || (cmd !== 'k' && lineCommand(cmd) !== undefined))) {
          return { text: `watch: unable to execute '${cmd}': No such file or directory\n`, status: 1 };
        }
        const r = this.simpleCommand(argv, [], argv.join(' '), undefined, inner, false);
        return { text: text(r), status: r.exitCode };
      },
      stamp: (ms) => {
        // ctime(): the laptop's `date` in that format, so TZ set at the prompt counts as it does for date.
        const date = this.workstation.run('date', ['+%a %b %e %H:%M:%S %Y'], '', ms, this.shell.environment(this.workstation.cwd));
        return `${WORKSTATION_HOSTNAME}: ${date?.stdout ?? '\n'}`;
      },
    };
  }

  /** `NAME=value` alone sets a shell variable; before a command it is only that command's. */
  simpleCommand(words: string[], assignments: [string, string][], line: string, stdin: string | undefined, opts: RunOptions, tty: boolean): CommandResult {
    const [cmd, ...rest] = words;
    if (cmd === undefined) {
      for (const [name, value] of assignments) this.shell.assign(name, value);
      return ok();
    }
    // A function comes before a builtin or a program, as in bash (`sh -c` has none of the prompt's).
    const fn = opts.sh ? undefined : this.shell.functions.get(cmd);
    if (fn !== undefined && opts.call) return opts.call(cmd, fn, rest, stdin, tty);
    const builtin = this.shell.builtin(cmd, rest, this.workstation) ?? lineBuiltin(this, cmd, rest, stdin, opts);
    if (builtin) return builtin;
    if (cmd === 'watch') return runWatch(rest, this.watchHost(opts));
    if (isEditorProgram(cmd)) {
      const editor = tty ? this.editorHost(line) : undefined;
      return containerEditorReply(editor, cmd, rest, stdin) ?? runEditorProgram(cmd, rest, stdin, { workstation: this.workstation, editor, now: this.sim.now });
    }
    // `k` is the prompt's default alias (PromptShell), not a program: once unaliased it is not found.
    const started = cmd === 'k' ? undefined : lineCommand(cmd);
    if (!started) {
      const vars = { ...this.shell.environment(this.workstation.cwd), ...Object.fromEntries(assignments) };
      // A background job's waits end at once (laptop.ts); curl may connect to the laptop's own listeners.
      const horizon = this.laptop.backgrounding ? this.sim.now : opts.interruptAt;
      const run = runOnWorkstation(this.sim, this.workstation, { cmd, args: rest, stdin: stdin ?? '', vars, terminal: stdin === undefined && tty, ...(this.tty.columns !== undefined ? { columns: this.tty.columns } : {}) }, horizon, this.laptop.listener(this.sim));
      const written = this.laptop.take();
      if (run) return written.length ? { ...run, output: [...written, ...run.output] } : run;
      // dash's word for it under watch (recorded: `sh: 1: nosuch: not found`).
      if (opts.sh) return fail(`sh: 1: ${cmd}: not found`, 127);
      // Tutorials (Learn Kubernetes Basics) reach a NodePort at `$(minikube ip)`: say where it is here.
      if (cmd === 'minikube') return fail(`minikube: command not found (no minikube here: the cluster is already running; a NodePort answers on every node's InternalIP, which \`kubectl get nodes -o wide\` lists)`, 127);
      return fail(`${cmd}: command not found (this terminal runs kubectl, sim, watch, vi/vim/nano (the page's editor), ${WORKSTATION_COMMANDS.join(', ')} and bash builtins such as export and alias)`, 127);
    }
    const argv = started.command === undefined ? rest : [started.command, ...rest];
    // `sim topology` replaces this.sim; the horizon is cleared on the one it was set on.
    const sim = this.sim;
    try {
      switch (started.group) {
        case 'kubectl': {
          // A redirection or an earlier command of the line may have written the file kubectl reads.
          this.syncKubeconfigFile();
          const ctx = {
            ...(stdin === undefined ? { sim, files: this.files, kubeconfig: this.kubeconfig, ...(tty ? { tty: this.tty } : {}) } : { sim, files: this.files, stdin, kubeconfig: this.kubeconfig }),
            ...(tty ? { editor: this.editorHost(line) } : {}),
            workstation: this.workstation,
            discoveryCache: this.discoveryCache,
            kubeconfigVariable: { ...this.shell.environment(this.workstation.cwd), ...Object.fromEntries(assignments) }['KUBECONFIG'] ?? '',
            laptop: this.laptop.port(() => waitForeground(sim, opts.interruptAt, undefined)),
          };
          // Start-up is not a wait: a Ctrl+C replay never shortens it, so a command that does not
          // wait runs exactly as it did the first time.
          sim.advance(KUBECTL_STARTUP_MS);
          this.leads(sim);
          sim.horizon = (this.laptop.backgrounding ? sim.now : opts.interruptAt) as SimMillis | undefined;
          return runKubectl(ctx, argv);
        }
        case 'sim':
          if (this.substitutions === 0 && this.leadSeq === undefined && argv[0] === 'advance') this.skip = true;
          this.leads(sim);
          sim.horizon = opts.interruptAt as SimMillis | undefined;
          return runSim(this, argv, tty && stdin === undefined ? this.tty : undefined);
      }
    } catch (e) {
      if (e instanceof Interrupted) return { output: [], exitCode: INTERRUPTED_EXIT_CODE };
      // A bug in the simulation must never take the session down with it.
      return fail(`error: internal error: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      sim.horizon = undefined;
    }
  }
}
