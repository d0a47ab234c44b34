/**
 * Part of `npm run bench` (alone: `npm run bench -- protocol`): what crosses the worker boundary
 * on the default classroom scenario (boot, `kubectl apply -f go-api.yaml`, play to Running, then
 * step message by message), measured on the real simulation host. Sizes are JSON bytes of each
 * message the host posts (a request may be answered by several: a command's result, `partial`
 * diffs, its `ack` diff), a close proxy for what structured clone copies; the budget is "a
 * message well under 100 KiB". Worker handling is the wall time of one request, all its
 * messages included.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION, type FromWorker, type ToWorker } from '../protocol/messages';
import { createSimHost } from '../worker/host';

interface Sample {
  /** JSON bytes of each message the request was answered with. */
  sizes: number[];
  ms: number;
}

function stats(xs: Sample[]): { requests: number; messages: number; medianKb: number; maxKb: number; maxMs: number } {
  const b = xs.flatMap((x) => x.sizes).sort((a, c) => a - c);
  return {
    requests: xs.length,
    messages: b.length,
    medianKb: (b[Math.floor(b.length / 2)] ?? 0) / 1024,
    maxKb: (b[b.length - 1] ?? 0) / 1024,
    maxMs: Math.max(0, ...xs.map((x) => x.ms)),
  };
}

export function protocolBench(): string {
  const goApi = readFileSync(new URL('../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');
  let out: FromWorker[] = [];
  const host = createSimHost((m) => out.push(m));
  let id = 0;
  const send = (m: ToWorker): Sample => {
    out = [];
    const t0 = performance.now();
    host.handle(m);
    const ms = performance.now() - t0;
    return { sizes: out.map((x) => JSON.stringify(x).length), ms };
  };
  const init = send({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': goApi } });
  const apply = send({ type: 'command', id: ++id, line: 'kubectl apply -f go-api.yaml' });
  // Playing at 1×: the bridge asks for 250 ms of lookahead per frame batch.
  const frames: Sample[] = [];
  for (let i = 0; i < 240; i++) frames.push(send({ type: 'advance', id: ++id, ms: 250 }));
  const fast: Sample[] = [];
  for (let i = 0; i < 60; i++) fast.push(send({ type: 'advance', id: ++id, ms: 5000 }));
  send({ type: 'command', id: ++id, line: 'kubectl scale deployment go-api --replicas=6' });
  const steps: Sample[] = [];
  for (let i = 0; i < 300; i++) steps.push(send({ type: 'step', id: ++id, maxMs: 600_000 }));

  const rows = ['| request | requests | messages | median message | largest message | slowest worker handling |', '|---|---:|---:|---:|---:|---:|'];
  const row = (name: string, xs: Sample[]): void => {
    const s = stats(xs);
    rows.push(`| ${name} | ${s.requests} | ${s.messages} | ${s.medianKb.toFixed(1)} KB | ${s.maxKb.toFixed(1)} KB | ${s.maxMs.toFixed(1)} ms |`);
  };
  row('init (boot + base snapshot)', [init]);
  row('`kubectl apply -f go-api.yaml`', [apply]);
  row('advance 250 ms (1× playback)', frames);
  row('advance 5 s (20× playback)', fast);
  row('step one message', steps);
  return rows.join('\n');
}
