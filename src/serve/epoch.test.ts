/**
 * `reconcile serve --epoch`: where simulated time 0 sits on the wall clock. The default is the
 * runner's fixed epoch; `now` (or an RFC 3339 time) moves every timestamp the cluster writes, so
 * ages real kubectl computes from the wall clock (describe's Events) are ages, not months.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_EPOCH_MS, setEpoch } from '../k8s/time';
import { parseServeArgs } from './args';
import { startServe } from './start';

afterAll(() => setEpoch(DEFAULT_EPOCH_MS));

describe('--epoch', () => {
  it('parses now and RFC 3339, and refuses anything else', () => {
    expect(parseServeArgs(['--epoch', '2026-01-02T03:04:05Z'])).toMatchObject({ epochMs: Date.UTC(2026, 0, 2, 3, 4, 5) });
    const now = parseServeArgs(['--epoch=now']) as { epochMs: number };
    expect(Math.abs(now.epochMs - Date.now())).toBeLessThan(5_000);
    expect(parseServeArgs(['--epoch', 'yesterday'])).toEqual({ error: 'error: --epoch is now or an RFC 3339 time (2025-09-01T09:00:00Z), not "yesterday"' });
    expect(parseServeArgs([])).not.toHaveProperty('epochMs');
  });

  it('stamps the served cluster from the epoch it was given, and the next one from the default', async () => {
    const served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1, epochMs: Date.UTC(2026, 0, 2, 3, 4, 5) });
    const node = served.cluster.sim.objects('nodes')[0]!;
    expect(node.metadata.creationTimestamp).toMatch(/^2026-01-02T03:04:\d\dZ$/);
    await served.close();
    const again = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
    expect(again.cluster.sim.objects('nodes')[0]!.metadata.creationTimestamp).toMatch(/^2025-09-01T09:00:\d\dZ$/);
    await again.close();
  });
});
