import { describe, expect, it } from 'vitest';
import { decodeRun, encodeRun, type RunLocation } from './url-state';

describe('run location in the URL', () => {
  it('round-trips seed, topology, the log (with stdin in any script) and the moment', async () => {
    const run: RunLocation = {
      seed: 42,
      topology: 'ha',
      log: [
        { type: 'command', line: 'kubectl apply -f -', stdin: 'kind: ConfigMap # 配置\n' },
        { type: 'advance', ms: 1234 },
        { type: 'step', maxMs: 600_000 },
        { type: 'command', line: 'kubectl get pods -w', interruptAt: 9000 },
      ],
      at: { seq: 1800, t: 9000 },
    };
    expect(await decodeRun(encodeRun(run))).toEqual(run);
  });

  it('opens a fresh default cluster from a missing or damaged link', async () => {
    expect(await decodeRun('')).toEqual({ seed: 1, topology: 'basic', log: [] });
    expect(await decodeRun('?seed=-3&topology=huge&run=%%%&at=x')).toEqual({ seed: 1, topology: 'basic', log: [] });
    const bad = encodeRun({ seed: 1, topology: 'basic', log: [{ type: 'advance', ms: 5 }] }).replace(/run=[^&]+/, 'run=' + btoa('[{"type":"rm -rf"}]'));
    expect((await decodeRun(bad)).log).toEqual([]);
  });

  it('ignores a position without a log (nothing to show but the start)', async () => {
    expect(await decodeRun('?seed=2&at=10&t=100')).toEqual({ seed: 2, topology: 'basic', log: [] });
  });
});
