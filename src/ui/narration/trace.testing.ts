/**
 * Test support: the trace of a real run (the worker host in-process, as the page receives it in
 * diffs) covering every TraceKind: go-api rolled out behind a Service, a crash-looping Pod, a Pod with a
 * CSI-provisioned volume, kube-scheduler stopped and started by the instructor, a Pod deleted.
 */
import { readFileSync } from 'node:fs';
import type { TraceKind, TraceRecord } from '../../engine/core/trace';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { CLAIM_AND_POD } from '../instructor/presets-data';

const manifest = (f: string): string => readFileSync(new URL(`../../../examples/manifests/${f}`, import.meta.url), 'utf8');

const SCRIPT = [
  'kubectl apply -f go-api.yaml',
  'kubectl rollout status deployment/go-api --timeout=2m',
  'kubectl apply -f go-api-service.yaml',
  'kubectl apply -f crashloop.yaml',
  'kubectl apply -f db.yaml',
  'sim advance 20s',
  'sim fail kube-scheduler',
  'sim recover kube-scheduler',
  'kubectl delete pod db',
  'sim advance 10s',
];

let cached: readonly TraceRecord[] | undefined;

/** Every trace record of the scripted run, in order (computed once per test file). */
export function realTrace(): readonly TraceRecord[] {
  if (cached) return cached;
  const records: TraceRecord[] = [];
  const files = {
    'go-api.yaml': manifest('go-api.yaml'),
    'go-api-service.yaml': manifest('go-api-service.yaml'),
    'crashloop.yaml': manifest('crashloop.yaml'),
    'db.yaml': CLAIM_AND_POD,
  };
  const host = createSimHost((m) => {
    if (m.type === 'diff') records.push(...structuredClone(m.trace));
    if (m.type === 'error') throw new Error(m.message);
  });
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files });
  SCRIPT.forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  cached = records;
  return records;
}

/** The first record of `kind` that `pred` accepts, and the trace up to it (narration's context). */
export function find(kind: TraceKind, pred: (r: TraceRecord) => boolean = () => true): { record: TraceRecord; context: readonly TraceRecord[] } {
  const all = realTrace();
  const i = all.findIndex((r) => r.kind === kind && pred(r));
  if (i < 0) throw new Error(`no ${kind} record matched`);
  return { record: all[i]!, context: all.slice(0, i + 1) };
}
