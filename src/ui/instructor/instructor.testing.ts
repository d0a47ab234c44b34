/**
 * Test support: the real simulation host (the worker's, in-process and synchronous) driven by
 * command lines, with the page's cluster state rebuilt from its snapshot and diffs exactly as the
 * bridge does. Tests read both what kubectl printed and what the page would show at the frontier.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { PROTOCOL_VERSION, type FaultTargetInfo, type FromWorker, type Topology } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { applyDiff, applySnapshot, initialClusterState, showAt, type ClusterState } from '../store/cluster';
import { activeFaults } from './faults';
import type { Moment } from './moment';
import { symptoms } from './symptoms';

const MANIFESTS = new URL('../../../examples/manifests/', import.meta.url);

/** The example manifests by file name, as the app hands them to the worker. */
export const EXAMPLE_FILES: Record<string, string> = Object.fromEntries(
  readdirSync(MANIFESTS)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => [f, readFileSync(new URL(f, MANIFESTS), 'utf8')]),
);

export interface RunResult {
  text: string;
  exitCode: number;
}

export class LabHarness {
  cluster: ClusterState = initialClusterState;
  targets: FaultTargetInfo[] = [];
  epochMs = 0;
  private readonly host;
  private nextId = 1;
  private results: { id: number; text: string; exitCode: number }[] = [];

  constructor(topology: Topology = 'basic', seed = 1) {
    this.host = createSimHost((m) => this.receive(m));
    this.host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed, topology, files: EXAMPLE_FILES });
  }

  /** Runs one line as the terminal would; the page state then shows the frontier. */
  run(line: string, stdin?: string): RunResult {
    const id = this.nextId++;
    this.host.handle({ type: 'command', id, line, ...(stdin === undefined ? {} : { stdin }) });
    const r = this.results.find((x) => x.id === id);
    if (!r) throw new Error(`no result for ${line}`);
    return { text: r.text, exitCode: r.exitCode };
  }

  out(line: string, stdin?: string): string {
    return this.run(line, stdin).text;
  }

  /** What the symptoms card reads at the frontier. */
  moment(): Moment {
    const c = this.cluster;
    return { objects: c.objects, components: c.components, active: activeFaults(c.tape, c.seq), now: c.now, epochMs: this.epochMs };
  }

  symptomIds(): string[] {
    return symptoms(this.moment()).map((s) => s.id);
  }

  private receive(m: FromWorker): void {
    switch (m.type) {
      case 'ready':
        this.targets = m.targets;
        this.epochMs = m.epochMs;
        return;
      case 'snapshot':
        this.cluster = applySnapshot(this.cluster, m);
        return this.toFrontier();
      case 'diff': {
        const r = applyDiff(this.cluster, m);
        if (!r.ok) throw new Error(`diff not applied: ${r.reason}`);
        this.cluster = r.state;
        return this.toFrontier();
      }
      case 'commandResult':
        this.results.push({ id: m.id, text: m.output.map((c) => c.text).join(''), exitCode: m.exitCode });
        return;
      case 'error':
        throw new Error(`worker error: ${m.message}`);
    }
  }

  private toFrontier(): void {
    const tape = this.cluster.tape!;
    this.cluster = showAt(this.cluster, tape.frontierSeq, tape.frontierNow);
  }
}
