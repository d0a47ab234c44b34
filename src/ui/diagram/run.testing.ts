/**
 * Test support: a real run through the worker host, folded into the plain maps the page's store
 * holds (components, objects, trace), for tests that draw the diagram of a real cluster.
 */
import { readFileSync } from 'node:fs';
import type { KObject } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import { PROTOCOL_VERSION, type ComponentSummary, type FromWorker, type Topology } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';

export interface RealRun {
  components: Map<string, ComponentSummary>;
  objects: Map<string, KObject>;
  trace: TraceRecord[];
}

export function realRun(lines: readonly string[], topology: Topology = 'basic'): RealRun {
  const components = new Map<string, ComponentSummary>();
  const objects = new Map<string, KObject>();
  const trace: TraceRecord[] = [];
  const take = (m: FromWorker): void => {
    if (m.type === 'snapshot') {
      components.clear();
      objects.clear();
      for (const c of m.components) components.set(c.id, c);
      for (const o of m.objects) objects.set(o.key, o.object);
    }
    if (m.type === 'diff') {
      for (const c of m.components) components.set(c.id, c);
      for (const ch of m.changes) {
        if (ch.object) objects.set(ch.key, ch.object);
        else objects.delete(ch.key);
      }
      trace.push(...m.trace);
    }
    if (m.type === 'error') throw new Error(m.message);
  };
  const host = createSimHost((m) => take(structuredClone(m)));
  const goApi = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology, files: { 'go-api.yaml': goApi } });
  lines.forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  return { components, objects, trace };
}
