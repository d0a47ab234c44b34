/**
 * bash's job table at the laptop's prompt: `CMD &`, `jobs`, `fg`, `bg`, `kill`, `wait`, `$!`
 * and the `[1]+  Terminated …` notices, with bash 5.2's texts (recorded on this machine with an
 * interactive `bash -i` under script(1), and with `bash script.sh`, in prompt-jobs.test.ts).
 *
 * What a job is here: a line runs to its end before the page shows it, so a background job
 * cannot run alongside the lines that follow. The jobs that make sense at this prompt are the
 * laptop's listeners (`kubectl port-forward`, `kubectl proxy`), which wait for connections and
 * answer each one when a later line's curl makes it (LaptopServer), and `sleep N`, which ends at
 * its time. Any other command started with `&` runs to its end at once, with no simulated time
 * passing (a wait inside it is cut short), and is then Done.
 *
 * Interactive (the page's terminal) and not (the runner) differ as bash does: only an
 * interactive shell prints `[1] 4066` and the notices; a script's `jobs` still lists what ended
 * with a status (Done, Exit N), and a job killed by a signal leaves it silently.
 */
import type { HttpRequest, NetAnswer, Simulation } from '../engine/index';
import type { OutputChunk } from './types';

/** A socket a laptop program listens on. `address` as it bound it: `127.0.0.1`, `::1`, `0.0.0.0`. */
export interface LaptopSocket {
  address: string;
  port: number;
}

/** How a program stops. `status`: its exit status; what it wrote on the way out. */
export interface ProgramExit {
  status: number;
  output: OutputChunk[];
}

/** A program on the laptop that listens while it runs: kubectl port-forward, kubectl proxy. */
export interface LaptopServer {
  sockets: LaptopSocket[];
  /**
   * One connection to `port` (of one of its sockets): what the client gets, what the program
   * writes, and whether it exits. `sim` is the cluster the laptop reaches now (`sim topology`
   * replaces it: a stream into the old one is gone).
   */
  connect(port: number, request: HttpRequest, url: string, sim: Simulation): { answer: NetAnswer; output: OutputChunk[]; exit?: ProgramExit };
  /** Whether it exited by itself since (its stream to the cluster was lost): asked at the end of each line. */
  poll(sim: Simulation): ProgramExit | undefined;
  /** What SIGINT (Ctrl+C in the foreground) does: kubectl port-forward catches it and exits 0; kubectl proxy dies of it. */
  interrupt: ProgramExit | 'dies';
}

type Signal = 'TERM' | 'KILL' | 'INT' | 'HUP';
const SIGNALS: Record<Signal, { number: number; words: string }> = {
  HUP: { number: 1, words: 'Hangup' },
  INT: { number: 2, words: 'Interrupt' },
  KILL: { number: 9, words: 'Killed' },
  TERM: { number: 15, words: 'Terminated' },
};

type State = { k: 'running' } | { k: 'exited'; status: number } | { k: 'signalled'; signal: Signal };

interface Job {
  n: number;
  pid: number;
  /** The command as typed, without its `&`. */
  text: string;
  state: State;
  server?: LaptopServer;
  /** `sleep N &`: the simulated time it ends. */
  endsAt?: number;
  /** The line at whose end an interactive bash prints the job's change (a kill's: the next one). */
  noticeLine?: number;
}

/** The first PID a job gets (the laptop's PIDs are deterministic: each job takes the next). */
const FIRST_PID = 4066;

/** `%N`, `%%`, `%+`, `%-`, or a PID. */
type Spec = { job: Job } | { error: string };

export class JobTable {
  private jobs: Job[] = [];
  private nextPid = FIRST_PID;
  /** Lines run so far: a notice waits for the end of its line. */
  private line = 0;
  /** `$!`. */
  lastPid: number | undefined;

  constructor(private readonly interactive: boolean) {}

  /** A line begins. */
  beginLine(): void {
    this.line++;
  }

  /** `CMD &`: a new job (bash numbers it one past the highest it holds). */
  start(text: string): { n: number; pid: number } {
    const n = Math.max(0, ...this.jobs.map((j) => j.n)) + 1;
    const job: Job = { n, pid: this.nextPid++, text, state: { k: 'running' } };
    this.jobs.push(job);
    this.lastPid = job.pid;
    return { n: job.n, pid: job.pid };
  }

  /** The job started last runs on as `server` listens. */
  attachServer(n: number, server: LaptopServer): void {
    const job = this.byNumber(n);
    if (job) job.server = server;
  }

  /** The job `sleep N &` ends at `at`. */
  endAt(n: number, at: number): void {
    const job = this.byNumber(n);
    if (job) job.endsAt = at;
  }

  /** The job's body has returned: with no server or timer to wait for, it has exited. */
  bodyDone(n: number, status: number): void {
    const job = this.byNumber(n);
    if (job && !job.server && job.endsAt === undefined) this.end(job, { k: 'exited', status });
  }

  private byNumber(n: number): Job | undefined {
    return this.jobs.find((j) => j.n === n);
  }

  private end(job: Job, state: Exclude<State, { k: 'running' }>, noticeLine = this.line): void {
    job.state = state;
    job.noticeLine = noticeLine;
    delete job.server;
  }

  /** Every socket a running job listens on. */
  listening(): { server: LaptopServer; socket: LaptopSocket; job: number }[] {
    return this.jobs.flatMap((j) => (j.state.k === 'running' && j.server ? j.server.sockets.map((socket) => ({ server: j.server!, socket, job: j.n })) : []));
  }

  /** A connection reached job `n`'s server: it may have made the program exit. */
  exited(n: number, exit: ProgramExit): void {
    const job = this.byNumber(n);
    if (job?.state.k === 'running') this.end(job, { k: 'exited', status: exit.status });
  }

  /**
   * The end of a line at simulated time `now`: jobs whose time came or whose stream broke end
   * (what they wrote on the way out comes first), then an interactive shell's notices.
   */
  finishLine(sim: Simulation): OutputChunk[] {
    const out: OutputChunk[] = [];
    for (const j of this.jobs) {
      if (j.state.k !== 'running') continue;
      if (j.endsAt !== undefined && j.endsAt <= sim.now) this.end(j, { k: 'exited', status: 0 });
      const gone = j.server?.poll(sim);
      if (gone) {
        out.push(...gone.output);
        this.end(j, { k: 'exited', status: gone.status });
      }
    }
    return [...out, ...this.notices()];
  }

  /** Interactive: `[1]+  Done …` for each job whose change is due; a script forgets a signalled job. */
  private notices(): OutputChunk[] {
    let text = '';
    for (const j of [...this.jobs]) {
      if (j.state.k === 'running' || (j.noticeLine ?? 0) > this.line) continue;
      if (!this.interactive) {
        if (j.state.k === 'signalled') this.remove(j);
        continue;
      }
      text += this.row(j, false);
      this.remove(j);
    }
    return text ? [{ stream: 'stderr', text, terminal: true }] : [];
  }

  private remove(job: Job): void {
    this.jobs = this.jobs.filter((j) => j !== job);
  }

  /** `+` marks the current job (the newest), `-` the one before it. */
  private mark(job: Job): string {
    const order = [...this.jobs].sort((a, b) => b.n - a.n);
    return order[0] === job ? '+' : order[1] === job ? '-' : ' ';
  }

  private status(job: Job): string {
    switch (job.state.k) {
      case 'running':
        return 'Running';
      case 'exited':
        return job.state.status === 0 ? 'Done' : `Exit ${job.state.status}`;
      case 'signalled':
        return SIGNALS[job.state.signal].words;
    }
  }

  /** One line of `jobs` (or a notice): a running job's command keeps its `&`. */
  private row(job: Job, pid: boolean): string {
    const text = job.state.k === 'running' ? `${job.text} &` : job.text;
    return `[${job.n}]${this.mark(job)}${pid ? ` ${job.pid} ` : '  '}${this.status(job).padEnd(24)}${text}\n`;
  }

  private spec(word: string, builtin: string): Spec {
    const missing = { error: `bash: ${builtin}: ${word}: no such job\n` };
    if (word.startsWith('%')) {
      const rest = word.slice(1);
      const sorted = [...this.jobs].sort((a, b) => b.n - a.n);
      const job = rest === '' || rest === '%' || rest === '+' ? sorted[0] : rest === '-' ? (sorted[1] ?? sorted[0]) : /^\d+$/.test(rest) ? this.byNumber(Number(rest)) : this.jobs.find((j) => j.text.startsWith(rest));
      return job ? { job } : missing;
    }
    return missing;
  }

  /** `jobs [-l|-p] [%N…]`. */
  jobsBuiltin(args: string[]): { output: OutputChunk[]; exitCode: number } {
    const opts = args.filter((a) => a.startsWith('-'));
    const specs = args.filter((a) => !a.startsWith('-'));
    const pidOnly = opts.includes('-p');
    const long = opts.includes('-l');
    let text = '';
    let err = '';
    const chosen: Job[] = [];
    for (const s of specs) {
      const r = this.spec(s, 'jobs');
      if ('error' in r) err += r.error;
      else chosen.push(r.job);
    }
    for (const j of specs.length ? chosen : [...this.jobs]) {
      text += pidOnly ? `${j.pid}\n` : this.row(j, long);
      // Listing a job that ended is bash's notice of it.
      if (j.state.k !== 'running') this.remove(j);
    }
    return { output: [...(text ? [{ stream: 'stdout' as const, text }] : []), ...(err ? [{ stream: 'stderr' as const, text: err }] : [])], exitCode: err ? 1 : 0 };
  }

  /** `kill [-s SIG | -SIG] %N|PID…`: the signal is delivered; bash notices the death at the next line's end. */
  kill(args: string[]): { output: OutputChunk[]; exitCode: number } {
    let signal: Signal = 'TERM';
    const targets: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-s' || a === '-n') {
        const s = parseSignal(args[++i] ?? '');
        if (!s) return fail(`bash: kill: ${args[i] ?? ''}: invalid signal specification\n`);
        signal = s;
      } else if (a.startsWith('-') && targets.length === 0 && a !== '-') {
        const s = parseSignal(a.slice(1));
        if (!s) return fail(`bash: kill: ${a.slice(1)}: invalid signal specification\n`);
        signal = s;
      } else targets.push(a);
    }
    if (targets.length === 0) return { output: [{ stream: 'stderr', text: 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n' }], exitCode: 2 };
    let err = '';
    for (const t of targets) {
      let job: Job | undefined;
      if (t.startsWith('%')) {
        const r = this.spec(t, 'kill');
        if ('error' in r) {
          err += r.error;
          continue;
        }
        job = r.job;
      } else if (/^\d+$/.test(t)) {
        job = this.jobs.find((j) => j.pid === Number(t));
        if (!job || job.state.k !== 'running') {
          err += `bash: kill: (${t}) - No such process\n`;
          continue;
        }
      } else {
        err += `bash: kill: ${t}: arguments must be process or job IDs\n`;
        continue;
      }
      if (job.state.k !== 'running') {
        err += `bash: kill: ${t}: no such job\n`;
        continue;
      }
      this.signal(job, signal, this.line + 1);
    }
    return err ? fail(err) : { output: [], exitCode: 0 };
  }

  /** A signal reaches a job's process: port-forward catches SIGINT and exits 0, the rest die of it. */
  private signal(job: Job, signal: Signal, noticeLine: number): void {
    const handled = signal === 'INT' && job.server && job.server.interrupt !== 'dies' ? job.server.interrupt : undefined;
    this.end(job, handled ? { k: 'exited', status: handled.status } : { k: 'signalled', signal }, noticeLine);
  }

  /**
   * `fg [%N]`: the job's command line, then it runs in the foreground until Ctrl+C (`waitForeground`
   * says whether it came): a server gets SIGINT; a `sleep` ends at its time.
   */
  fg(args: string[], waitForeground: (until: number | undefined) => 'interrupted' | 'ended' | 'gave-up', now: () => number): { output: OutputChunk[]; exitCode: number } {
    if (!this.interactive) return fail('bash: fg: no job control\n');
    const word = args[0] ?? '%%';
    const r = this.spec(word, 'fg');
    if ('error' in r) return fail(args[0] === undefined ? 'bash: fg: current: no such job\n' : r.error);
    const job = r.job;
    const head: OutputChunk = { stream: 'stdout', text: `${job.text}\n` };
    if (job.state.k !== 'running') {
      const status = job.state.k === 'exited' ? job.state.status : 128 + SIGNALS[job.state.signal].number;
      this.remove(job);
      return { output: [head], exitCode: status };
    }
    const outcome = waitForeground(job.endsAt);
    if (outcome === 'ended' || (job.endsAt !== undefined && job.endsAt <= now())) {
      this.remove(job);
      return { output: [head], exitCode: 0 };
    }
    if (outcome === 'gave-up') return { output: [head, { stream: 'stderr', text: `bash: fg: this terminal stops waiting for a job after 15m of simulated time; ${job.text} runs on in the background\n` }], exitCode: 0 };
    // Ctrl+C: SIGINT to the foreground job; a foreground job's end is no notice.
    this.remove(job);
    const handled = job.server && job.server.interrupt !== 'dies' ? job.server.interrupt : undefined;
    return { output: [head, ...(handled?.output ?? [])], exitCode: handled ? handled.status : 130 };
  }

  /** `bg [%N]`: every job here already runs in the background. */
  bg(args: string[]): { output: OutputChunk[]; exitCode: number } {
    if (!this.interactive) return fail('bash: bg: no job control\n');
    const r = this.spec(args[0] ?? '%%', 'bg');
    if ('error' in r) return fail(args[0] === undefined ? 'bash: bg: current: no such job\n' : r.error);
    return { output: [{ stream: 'stderr', text: `bash: bg: job ${r.job.n} already in background\n` }], exitCode: 0 };
  }

  /**
   * `wait [%N|PID…]`: until the jobs end (a server never does by itself: until Ctrl+C, 130). A job
   * that already ended gives its status (and, named, its notice).
   */
  wait(args: string[], waitFor: (until: number | undefined) => 'interrupted' | 'ended' | 'gave-up', now: () => number): { output: OutputChunk[]; exitCode: number } {
    const chosen: Job[] = [];
    let err = '';
    for (const a of args) {
      const r = a.startsWith('%') ? this.spec(a, 'wait') : this.jobs.find((j) => String(j.pid) === a) ? { job: this.jobs.find((j) => String(j.pid) === a)! } : { error: `bash: wait: pid ${a} is not a child of this shell\n` };
      if ('error' in r) err += r.error;
      else chosen.push(r.job);
    }
    if (err) return { output: [{ stream: 'stderr', text: err }], exitCode: 127 };
    const named = args.length > 0;
    const jobs = named ? chosen : [...this.jobs];
    const running = jobs.filter((j) => j.state.k === 'running');
    if (running.some((j) => j.endsAt === undefined)) {
      const outcome = waitFor(undefined);
      if (outcome === 'interrupted') return { output: [], exitCode: 130 };
      return { output: [{ stream: 'stderr', text: 'bash: wait: this terminal stops waiting for a job after 15m of simulated time\n' }], exitCode: 0 };
    }
    const until = Math.max(0, ...running.map((j) => j.endsAt!));
    const outcome = running.length ? waitFor(until) : 'ended';
    if (outcome === 'interrupted') return { output: [], exitCode: 130 };
    if (outcome === 'gave-up') return { output: [{ stream: 'stderr', text: 'bash: wait: this terminal stops waiting for a job after 15m of simulated time\n' }], exitCode: 0 };
    for (const j of running) if (j.endsAt !== undefined && j.endsAt <= now()) this.end(j, { k: 'exited', status: 0 });
    let status = 0;
    let text = '';
    for (const j of jobs) {
      status = j.state.k === 'exited' ? j.state.status : j.state.k === 'signalled' ? 128 + SIGNALS[j.state.signal].number : 0;
      if (named && this.interactive && j.state.k === 'signalled') text += this.row(j, false);
      this.remove(j);
    }
    return { output: text ? [{ stream: 'stderr', text, terminal: true }] : [], exitCode: named ? status : 0 };
  }
}

function parseSignal(word: string): Signal | undefined {
  const w = word.toUpperCase().replace(/^SIG/, '');
  if (Object.hasOwn(SIGNALS, w)) return w as Signal;
  const byNumber = (Object.keys(SIGNALS) as Signal[]).find((s) => String(SIGNALS[s].number) === word);
  return byNumber;
}

function fail(text: string): { output: OutputChunk[]; exitCode: number } {
  return { output: [{ stream: 'stderr', text }], exitCode: 1 };
}
