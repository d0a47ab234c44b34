import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type FromWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import type { TerminalEntry } from '../store/terminal';
import { curlCommand, curlResults } from './traffic';
import { readFileSync } from 'node:fs';

const file = (n: string) => readFileSync(new URL(`../../../examples/manifests/${n}`, import.meta.url), 'utf8');

describe('traffic panel', () => {
  it('reads real `sim curl` answers, including a stale kube-proxy rule reaching a removed Pod', () => {
    let posted: FromWorker[] = [];
    const host = createSimHost((m) => posted.push(m));
    host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': file('go-api.yaml'), 'svc.yaml': file('go-api-service.yaml') } });
    const entries: TerminalEntry[] = [];
    let id = 0;
    const run = (line: string): void => {
      posted = [];
      host.handle({ type: 'command', id: ++id, line });
      const r = posted.find((m) => m.type === 'commandResult');
      if (r?.type !== 'commandResult') throw new Error(`no result for ${line}`);
      entries.push({ id, line, output: r.output, exitCode: r.exitCode, state: 'done' });
    };
    run('kubectl apply -f go-api.yaml');
    run('kubectl apply -f svc.yaml');
    run('sim advance 30s');
    // kube-proxy on node-1 has programmed all three endpoints before it stops.
    run(curlCommand({ namespace: 'default', name: 'go-api' }, 'node-1'));
    run('sim fail kube-proxy/node-1');
    run('kubectl scale deployment go-api --replicas=1');
    run('sim advance 20s');
    for (let i = 0; i < 4; i++) run(curlCommand({ namespace: 'default', name: 'go-api' }, 'node-1'));
    const results = curlResults(entries);
    expect(results).toHaveLength(5);
    expect(results.at(-1)).toMatchObject({ service: 'go-api', from: 'node-1', outcome: 'ok' });
    expect(results.at(-1)!.reachedPod).toMatch(/^go-api-\w+-\w+ \(10\.244\.\d+\.\d+:8080\)$/);
    const stale = results.find((r) => r.outcome === 'failed');
    expect(stale?.headline).toContain('Connection timed out');
    expect(stale?.detail).toContain("node-1's kube-proxy rules sent it to");
  });

  it('spells the command as the terminal would', () => {
    expect(curlCommand({ namespace: 'shop', name: 'web' }, 'node-2')).toBe('sim curl web --from node-2 -n shop');
  });
});
