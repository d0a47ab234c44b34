/**
 * Issue #15, item 5: scaling a Deployment to 2^31-1 replicas froze the session, because the
 * ReplicaSet controller created Pods without simulated time passing. Its client's rate limit
 * (--kube-api-qps 20, --kube-api-burst 30) now spaces them out, so the clock keeps moving, and it
 * syncs once per batch the bucket allows, not once per token.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Pod } from '../k8s/types';
import { Session } from '../kubectl/session';

it('sim advance 30s returns after kubectl scale --replicas=2147483647, with about 30 + 30×20 Pods created', () => {
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
  // A burst of 30, then 30 each time the bucket is full again (1.5 s at 20 a second).
  expect(created % 30).toBe(0);
  expect(created).toBeGreaterThanOrEqual(30 + 30 * 19);
  expect(created).toBeLessThanOrEqual(30 + 30 * 20);
});

it('sim topology keeps the runner\'s --kube-api-qps and --kube-api-burst', () => {
  const s = new Session({ seed: 1, timings: { kubeApiQps: 5_000, kubeApiBurst: 10_000 } });
  expect(s.run('sim topology ha').exitCode).toBe(0);
  expect(s.run('kubectl create deployment wide --image=nginx --replicas=100').exitCode).toBe(0);
  s.run('sim advance 1s');
  // At the defaults (20 a second after a burst of 30) there would be 30.
  expect(s.sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === 'wide')).toHaveLength(100);
});
