import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { serveHttp, servedCpuNanos, startProcess, type ProcessState } from './process';
import type { ProcessInput } from './types';

function php(extra: Partial<ProcessInput> = {}): ProcessState {
  return startProcess({ image: resolveImage('registry.k8s.io/hpa-example'), env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1, ...extra });
}

/** One request every `gapMs` from 1 s to 11 s; the served CPU over those ten seconds, in millicores. */
function millicoresUnder(p: ProcessState, gapMs: number): number {
  for (let t = 1_000; t < 11_000; t += gapMs) expect(serveHttp(p, t, 80, '/')?.body).toBe('OK!');
  return (servedCpuNanos(p, 11_000) - servedCpuNanos(p, 1_000)) / 10_000 / 1_000;
}

describe('the CPU requests cost the app that serves them (the HPA walkthrough\'s php-apache)', () => {
  it('each request is about 50 ms of one core: 10 requests a second is 500m', () => {
    // 99 requests after the first one's reading: 99 × 50 ms in 10 s.
    expect(millicoresUnder(php(), 100)).toBeCloseTo(495, 6);
  });

  it('a CPU limit caps the rate however many requests arrive (CFS throttling): 40 a second under 500m is 500m', () => {
    const limited = millicoresUnder(php({ cpuLimitMillicores: 500 }), 25);
    expect(limited).toBeGreaterThan(490);
    expect(limited).toBeLessThanOrEqual(500);
    expect(millicoresUnder(php(), 25)).toBeCloseTo(1995, 6);
  });

  it('a reading of a past moment is the counter as it was then (metrics-server\'s scrape is stamped a little earlier)', () => {
    const p = php();
    for (let t = 1_000; t <= 5_000; t += 100) serveHttp(p, t, 80, '/');
    const at3 = servedCpuNanos(p, 3_000);
    expect(at3).toBeGreaterThan(0);
    expect(at3).toBeLessThan(servedCpuNanos(p, 5_000));
    expect(servedCpuNanos(p, 500)).toBe(0);
  });
});

describe('a request waits for the CPU it costs', () => {
  it('php-apache answers in 50 ms on a free core and in 100 ms under a 500m limit', () => {
    expect(serveHttp(php(), 1_000, 80, '/')?.delayMs).toBe(50);
    expect(serveHttp(php({ cpuLimitMillicores: 500 }), 1_000, 80, '/')?.delayMs).toBe(100);
  });
});
