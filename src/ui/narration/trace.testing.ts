/**
 * Test support: the trace of a real run (the worker host in-process, as the page receives it in
 * diffs) covering every TraceKind: go-api rolled out behind a Service, a crash-looping Pod, a Pod with a
 * CSI-provisioned volume, kube-scheduler stopped and started by the instructor, a Pod deleted, a
 * health check, `sim curl` through kube-proxy, a watch delayed and a watch dropped then healed,
 * and a read while etcd is down.
 */
import { readFileSync } from 'node:fs';
import type { TraceKind, TraceRecord } from '../../engine/core/trace';
import { PROTOCOL_VERSION, type FromWorker } from '../../protocol/messages';
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
  'kubectl get --raw /readyz?verbose',
  'sim curl go-api --from node-1',
  'sim fail latency/kube-scheduler --delay 3s',
  'sim recover latency/kube-scheduler',
  'sim fail watch-drop/kube-controller-manager',
  'sim advance 2s',
  'sim recover watch-drop/kube-controller-manager',
  'sim advance 2s',
  'sim fail etcd',
  'kubectl get deployment go-api',
  'sim recover etcd',
  'sim advance 2s',
];

let cached: readonly FromWorker[] | undefined;
let cachedTrace: readonly TraceRecord[] | undefined;

/** Every message the worker host sent during the scripted run, as the page receives them. */
export function realMessages(): readonly FromWorker[] {
  if (cached) return cached;
  const messages: FromWorker[] = [];
  const files = {
    'go-api.yaml': manifest('go-api.yaml'),
    'go-api-service.yaml': manifest('go-api-service.yaml'),
    'crashloop.yaml': manifest('crashloop.yaml'),
    'db.yaml': CLAIM_AND_POD,
  };
  const host = createSimHost((m) => {
    if (m.type === 'error') throw new Error(m.message);
    messages.push(structuredClone(m));
  });
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files });
  SCRIPT.forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  cached = messages;
  return messages;
}

/** Every trace record of the scripted run, in order (computed once per test file). */
export function realTrace(): readonly TraceRecord[] {
  cachedTrace ??= realMessages().flatMap((m) => (m.type === 'diff' ? m.trace : []));
  return cachedTrace;
}

/** The first record of `kind` that `pred` accepts, and the trace up to it (narration's context). */
export function find(kind: TraceKind, pred: (r: TraceRecord) => boolean = () => true): { record: TraceRecord; context: readonly TraceRecord[] } {
  const all = realTrace();
  const i = all.findIndex((r) => r.kind === kind && pred(r));
  if (i < 0) throw new Error(`no ${kind} record matched`);
  return { record: all[i]!, context: all.slice(0, i + 1) };
}
