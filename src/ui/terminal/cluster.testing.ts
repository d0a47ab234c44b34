/**
 * Test support: a real simulation behind the worker protocol, read the way the page reads it
 * (snapshot, then diffs; discovery, fault targets and the command table from `ready`). The UI's
 * tests reach the engine only this way.
 */
import type { KObject } from '../../k8s/types';
import type { CommandTable, ComponentSummary, DiscoveryEntry, FaultTargetInfo, FromWorker, OutputChunk, Topology } from '../../protocol/messages';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';

export interface TestCluster {
  objects: Map<string, KObject>;
  components: Map<string, ComponentSummary>;
  discovery: DiscoveryEntry[];
  targets: FaultTargetInfo[];
  commands: CommandTable;
  /** Runs a line; returns its output text and exit code. */
  run(line: string, stdin?: string): { text: string; stderr: string; exitCode: number; output: OutputChunk[] };
}

export function testCluster(opts: { seed?: number; topology?: Topology; files?: Record<string, string> } = {}): TestCluster {
  const objects = new Map<string, KObject>();
  const components = new Map<string, ComponentSummary>();
  let discovery: DiscoveryEntry[] = [];
  let targets: FaultTargetInfo[] = [];
  let commands: CommandTable | undefined;
  let last: FromWorker | undefined;
  const results: FromWorker[] = [];
  const host = createSimHost((m) => {
    const msg = structuredClone(m);
    last = msg;
    switch (msg.type) {
      case 'snapshot':
        objects.clear();
        for (const o of msg.objects) objects.set(o.key, o.object);
        components.clear();
        for (const c of msg.components) components.set(c.id, c);
        targets = msg.targets;
        return;
      case 'diff':
        for (const c of msg.changes) {
          if (c.object) objects.set(c.key, c.object);
          else objects.delete(c.key);
        }
        for (const c of msg.components) components.set(c.id, c);
        return;
      case 'ready':
        discovery = msg.discovery;
        targets = msg.targets;
        commands = msg.commands;
        return;
      case 'commandResult':
        results.push(msg);
        return;
      case 'error':
        throw new Error(msg.message);
    }
  });
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: opts.seed ?? 1, topology: opts.topology ?? 'basic', ...(opts.files ? { files: opts.files } : {}) });
  if (last?.type !== 'ready' || !commands) throw new Error('the simulation did not start');
  const table = commands;
  let id = 1;
  return {
    objects,
    components,
    get discovery() {
      return discovery;
    },
    get targets() {
      return targets;
    },
    commands: table,
    run(line, stdin) {
      host.handle({ type: 'command', id: id++, line, ...(stdin === undefined ? {} : { stdin }) });
      const r = results.pop();
      if (r?.type !== 'commandResult') throw new Error(`no result for ${line}`);
      const text = r.output.map((c) => c.text).join('');
      const stderr = r.output.filter((c) => c.stream === 'stderr').map((c) => c.text).join('');
      return { text, stderr, exitCode: r.exitCode, output: r.output };
    },
  };
}
