/**
 * The learner's laptop as its listening programs need it: the job table (prompt-jobs.ts), the
 * sockets its background `kubectl port-forward` / `kubectl proxy` hold, and the one thing that
 * connects to them, curl at the prompt (the LocalListener the laptop's network asks for 127.x).
 *
 * A listener answers at the moment curl connects, inside curl's line; what it writes then
 * ("Handling connection for 8080", an error) waits here until that command returns and reaches
 * the terminal ahead of curl's own output, marked `terminal` so no pipe or redirection of the
 * line takes it.
 *
 * A foreground listener (`kubectl port-forward` typed without `&`, or `fg`) holds the prompt:
 * it waits in simulated time until Ctrl+C (the replayed interrupt), at most MAX_WAIT_MS.
 */
import type { LocalListener, NetAnswer, SimMillis, Simulation } from '../engine/index';
import { JobTable, type LaptopServer, type LaptopSocket, type ProgramExit } from './prompt-jobs';
import { MAX_WAIT_MS } from './wait-util';
import { INTERRUPTED_EXIT_CODE } from './interrupt';
import type { CommandResult, OutputChunk } from './types';

/** What kubectl's listening commands are given of the laptop (KubectlContext.laptop). */
export interface LaptopPort {
  /** Whether a program already listens on `address:port` (0.0.0.0 takes the port on every address). */
  inUse(address: string, port: number): boolean;
  /**
   * The program listens from now on: started with `&`, its job keeps it and the command returns
   * at once (`background`); in the foreground it runs until Ctrl+C (`interrupted`) or until this
   * terminal stops waiting (`gave-up`), and its sockets close when it returns.
   */
  serve(server: LaptopServer): 'background' | 'interrupted' | 'gave-up';
}

/** How a foreground wait ended. */
export type ForegroundWait = 'interrupted' | 'ended' | 'gave-up';

/**
 * Waits in simulated time until `until` (a job's end), or until Ctrl+C or MAX_WAIT_MS when it
 * has none; `interruptAt` is the replayed Ctrl+C's moment.
 */
export function waitForeground(sim: Simulation, interruptAt: number | undefined, until: number | undefined): ForegroundWait {
  const target = Math.min(until ?? Infinity, sim.now + MAX_WAIT_MS);
  sim.horizon = interruptAt as SimMillis | undefined;
  try {
    sim.advance(Math.max(0, target - sim.now));
  } finally {
    sim.horizon = undefined;
  }
  if (sim.now < target) return 'interrupted';
  return until !== undefined && sim.now >= until ? 'ended' : 'gave-up';
}

function covers(socket: LaptopSocket, ip: string): boolean {
  return socket.address === ip || socket.address === '0.0.0.0' || (socket.address === 'localhost' && ip === '127.0.0.1');
}

export class Laptop {
  readonly jobs: JobTable;
  /** The job whose body is running now (`CMD &`): a listener it starts joins it. */
  private starting: number | undefined;
  /** A foreground listener's sockets, taken while it runs. */
  private foreground: LaptopServer | undefined;
  /** What listeners wrote during the command now running. */
  private written: OutputChunk[] = [];
  /**
   * The redirections open around the command now running, outermost first: where a chunk goes
   * (undefined: into a file). A listener started inside them keeps writing through them, as a
   * process keeps the descriptors it was started with (`kubectl port-forward … > pf.log 2>&1 &`).
   */
  private routes: ((c: OutputChunk) => OutputChunk | undefined)[] = [];

  constructor(readonly interactive: boolean) {
    this.jobs = new JobTable(interactive);
  }

  /** A job's body is running: its waits are cut short at once (Session.simpleCommand reads this). */
  get backgrounding(): boolean {
    return this.starting !== undefined;
  }

  /**
   * `TEXT &`: bash's `[1] 4066` (interactive only, on stderr), then the body — a listener stays
   * in the job; `sleep N` becomes a job that ends at its time; anything else runs to its end now.
   */
  background(text: string, now: number, body: () => CommandResult): CommandResult {
    const job = this.jobs.start(text);
    const head: OutputChunk[] = this.interactive ? [{ stream: 'stderr', text: `[${job.n}] ${job.pid}\n`, terminal: true }] : [];
    const sleep = /^sleep\s+(?:(\d+(?:\.\d+)?)([smhd]?)|(infinity))$/.exec(text);
    if (sleep) {
      const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(sleep[2] ?? '') as '' | 's' | 'm' | 'h' | 'd'];
      this.jobs.endAt(job.n, sleep[3] ? Infinity : now + Math.ceil(Number(sleep[1]) * unit));
      return { output: head, exitCode: 0 };
    }
    const outer = this.starting;
    this.starting = job.n;
    let res: CommandResult;
    try {
      res = body();
    } finally {
      this.starting = outer;
    }
    this.jobs.bodyDone(job.n, res.exitCode);
    // A wait the job met was cut short at once (130): say so, the way this terminal states its bounds.
    const cut: OutputChunk[] =
      res.exitCode === INTERRUPTED_EXIT_CODE
        ? [{ stream: 'stderr', text: `bash: [${job.n}] ${text}: a background job here runs to its end at once, so its wait was cut short (kubectl port-forward, kubectl proxy and sleep keep running in the background)\n` }]
        : [];
    return { output: [...head, ...[...res.output, ...cut].map((c) => ({ ...c, terminal: true as const }))], exitCode: 0 };
  }

  /** Runs `body` with a command's redirections open (Session.applyRedirects). */
  redirected<T>(route: (c: OutputChunk) => OutputChunk | undefined, body: () => T): T {
    this.routes.push(route);
    try {
      return body();
    } finally {
      this.routes.pop();
    }
  }

  /** `server` writing through the redirections open now, innermost first. */
  private routed(server: LaptopServer): LaptopServer {
    const routes = [...this.routes].reverse();
    if (routes.length === 0) return server;
    const through = (out: OutputChunk[]): OutputChunk[] =>
      out.flatMap((c) => {
        let chunk: OutputChunk | undefined = c;
        for (const r of routes) if (chunk) chunk = r(chunk);
        return chunk ? [chunk] : [];
      });
    const exit = (e: ProgramExit | undefined): ProgramExit | undefined => e && { ...e, output: through(e.output) };
    return {
      ...server,
      interrupt: server.interrupt === 'dies' ? 'dies' : exit(server.interrupt)!,
      poll: (sim) => exit(server.poll(sim)),
      connect: (port, request, url, sim) => {
        const r = server.connect(port, request, url, sim);
        const ended = exit(r.exit);
        return { answer: r.answer, output: through(r.output), ...(ended ? { exit: ended } : {}) };
      },
    };
  }

  /** The port kubectl gets; `wait` is the foreground's (waitForeground with the line's Ctrl+C). */
  port(wait: () => ForegroundWait): LaptopPort {
    return {
      inUse: (address, port) => this.sockets().some((s) => s.port === port && (s.address === address || s.address === '0.0.0.0' || address === '0.0.0.0')),
      serve: (server) => {
        if (this.starting !== undefined) {
          this.jobs.attachServer(this.starting, this.routed(server));
          return 'background';
        }
        this.foreground = server;
        try {
          const r = wait();
          return r === 'ended' ? 'gave-up' : r;
        } finally {
          this.foreground = undefined;
        }
      },
    };
  }

  private sockets(): LaptopSocket[] {
    return [...this.jobs.listening().map((l) => l.socket), ...(this.foreground?.sockets ?? [])];
  }

  /** What the laptop's network asks for its own addresses: the listening job's answer, else nothing. */
  listener(sim: Simulation): LocalListener {
    return (ip, port, request): NetAnswer | undefined => {
      const hit = this.jobs.listening().find((l) => l.socket.port === port && covers(l.socket, ip));
      if (!hit) return undefined;
      const r = hit.server.connect(port, request, `http://${ip}:${port}${request.path}`, sim);
      this.written.push(...r.output.map((c) => ({ ...c, terminal: true as const })));
      if (r.exit) {
        this.written.push(...r.exit.output.map((c) => ({ ...c, terminal: true as const })));
        this.jobs.exited(hit.job, r.exit);
      }
      return r.answer;
    };
  }

  /** What listeners wrote since the last call. */
  take(): OutputChunk[] {
    const out = this.written;
    this.written = [];
    return out;
  }
}
