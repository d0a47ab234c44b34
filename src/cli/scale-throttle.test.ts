/**
 * Issue #15, item 5: scaling a Deployment to 2^31-1 replicas froze the session, because the
 * ReplicaSet controller created Pods without simulated time passing. Its client's rate limit
 * (--kube-api-qps 20, --kube-api-burst 30) now spaces them out, so the clock keeps moving.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Pod } from '../k8s/types';
import { Session } from '../kubectl/session';

it('sim advance 30s returns after kubectl scale --replicas=2147483647, with about 30 + 20×30 Pods created', () => {
  const manifest = readFileSync(join(__dirname, '..', '..', 'examples', 'manifests', 'go-api.yaml'), 'utf8');
  const s = new Session({ seed: 1, files: { 'deployment.yaml': manifest } });
  expect(s.run('kubectl apply -f deployment.yaml').exitCode).toBe(0);
  s.run('kubectl rollout status deployment/go-api --timeout=2m');
  const goApi = (): number => s.sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'go-api').length;
  expect(goApi()).toBe(3);

  expect(s.run('kubectl scale deployment go-api --replicas=2147483647').exitCode).toBe(0);
  const before = s.sim.now;
  const r = s.run('sim advance 30s');
  expect(r.exitCode).toBe(0);
  expect(s.sim.now).toBe(before + 30_000);
  const created = goApi() - 3;
  expect(created).toBeGreaterThan(30 + 20 * 29);
  expect(created).toBeLessThanOrEqual(30 + 20 * 30);
});
