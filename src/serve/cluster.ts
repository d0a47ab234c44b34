/**
 * The served cluster: one Simulation, the change feed that watches read, and the clock policy.
 * Everything that moves the cluster goes through here (a request, an advance, a `sim` line), and
 * each ends with a pump of the feed, so watchers see commits in order and as soon as they exist.
 *
 * Clocks: `manual` moves simulated time only on the control endpoint, plus the start-up cost of a
 * kubectl invocation (KUBECTL_STARTUP_MS), charged once per invocation before its first request,
 * as the headless runner charges it once per command line: so the same script served and run
 * headless draws the same names and reaches the same state. `real` runs simulated time at wall
 * speed × speed from a host timer; the engine itself never reads a clock.
 */
import { Simulation, type ApiRequest, type ApiResponse, type KubeconfigUser, type TopologyName } from '../engine/index';
import { KUBECTL_STARTUP_MS, Session } from '../kubectl/session';
import type { CommandResult } from '../kubectl/types';
import { Feed } from './feed';

export type ClockMode = 'real' | 'manual';

export interface ClusterOptions {
  seed: number;
  topology: TopologyName;
  clock: ClockMode;
  /** Simulated milliseconds per wall millisecond (real clock only). */
  speed: number;
}

/** Identifies one kubectl process: its `Kubectl-Session` (a UUID per run) and `Kubectl-Command`. */
export interface Invocation {
  session: string;
  command: string;
}

/** How many invocations are remembered as already charged (older ones cannot send requests any more in practice). */
const CHARGED_LIMIT = 10_000;

/** The `sim` directives the control endpoint runs; the others (topology, trace, …) belong to a terminal. */
export const CONTROL_DIRECTIVES = ['advance', 'fail', 'recover', 'status'] as const;

export interface ControlResult {
  line: string;
  exitCode: number;
  stdout: string;
  stderr: string;
}

export class ServedCluster {
  readonly sim: Simulation;
  readonly feed: Feed;
  private readonly session: Session;
  private readonly charged = new Set<string>();

  constructor(readonly options: ClusterOptions) {
    this.sim = new Simulation({ seed: options.seed, topology: options.topology });
    this.session = new Session({ seed: options.seed, topology: options.topology, simulation: this.sim });
    this.feed = new Feed(this.sim);
  }

  /** One API request through the engine's kube-apiserver, as the given kubeconfig user. */
  request(req: Omit<ApiRequest, 'user' | 'from'>, user: KubeconfigUser, invocation: Invocation | undefined): ApiResponse {
    this.charge(invocation);
    // Traced as `kubectl-external`: an attached page's sequence view tells them from its terminal's.
    const res = this.sim.request(req, user, 'external');
    this.feed.pump();
    return res;
  }

  /** Charges a kubectl invocation's start-up once, on its first request (manual clock only). */
  charge(invocation: Invocation | undefined): void {
    if (this.options.clock !== 'manual' || !invocation) return;
    const key = `${invocation.session}\n${invocation.command}`;
    if (this.charged.has(key)) return;
    if (this.charged.size >= CHARGED_LIMIT) this.charged.clear();
    this.charged.add(key);
    this.sim.advance(KUBECTL_STARTUP_MS);
    this.feed.pump();
  }

  advance(ms: number): void {
    if (ms <= 0) return;
    this.sim.advance(ms);
    this.feed.pump();
  }

  /**
   * Runs control lines (`advance 30s`, `sim fail kube-scheduler`, `recover node/node-2`,
   * `status`) through the same `sim` directives the terminal runs.
   */
  control(lines: string[]): ControlResult[] {
    const results: ControlResult[] = [];
    for (const raw of lines) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const words = line.split(/\s+/);
      const directive = words[0] === 'sim' ? words[1] : words[0];
      const full = words[0] === 'sim' ? line : `sim ${line}`;
      let res: CommandResult;
      if (!CONTROL_DIRECTIVES.includes(directive as (typeof CONTROL_DIRECTIVES)[number])) {
        res = { output: [{ stream: 'stderr', text: `error: the control endpoint runs sim ${CONTROL_DIRECTIVES.join(', ')}; not "${directive ?? ''}"\n` }], exitCode: 2 };
      } else res = this.session.run(full);
      this.feed.pump();
      const text = (stream: 'stdout' | 'stderr'): string => res.output.filter((c) => c.stream === stream).map((c) => c.text).join('');
      results.push({ line, exitCode: res.exitCode, stdout: text('stdout'), stderr: text('stderr') });
      if (res.exitCode !== 0) break;
    }
    return results;
  }
}
