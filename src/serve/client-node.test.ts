/**
 * A client library against reconcile serve: @kubernetes/client-node 1.x (JSON, no kubectl
 * headers, so its requests cost no simulated time; the test moves time itself). List, watch,
 * an informer that sees every Pod of a rollout, a patch, and a 409 on a stale update.
 */
import { AppsV1Api, CoreV1Api, KubeConfig, makeInformer, PatchStrategy, setHeaderOptions, Watch, type V1Deployment, type V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type Served } from './start';

let served: Served;
let kc: KubeConfig;

/** Lets the watch responses written during an advance reach the client. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

const deployment = (image: string): V1Deployment => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } } },
});

beforeAll(async () => {
  served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
  kc = new KubeConfig();
  kc.loadFromFile(served.kubeconfigPath);
});

afterAll(async () => {
  await served.close();
});

describe('@kubernetes/client-node against reconcile serve', () => {
  it('lists the system pods', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const list = await core.listNamespacedPod({ namespace: 'kube-system' });
    expect(list.items.some((p) => p.metadata?.name === 'kube-apiserver-control-plane')).toBe(true);
    expect(Number(list.metadata?.resourceVersion)).toBeGreaterThan(0);
  });

  it('sees every Pod of a rollout through an informer and a watch, and patches', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const apps = kc.makeApiClient(AppsV1Api);
    const informer = makeInformer<V1Pod>(kc, '/api/v1/namespaces/default/pods', () => core.listNamespacedPod({ namespace: 'default' }), 'app=web');
    const added = new Set<string>();
    const deleted = new Set<string>();
    informer.on('add', (p) => added.add(p.metadata!.name!));
    informer.on('delete', (p) => deleted.add(p.metadata!.name!));
    await informer.start();
    const watched: string[] = [];
    const abort = await new Watch(kc).watch('/apis/apps/v1/namespaces/default/deployments', {}, (type, obj: V1Deployment) => watched.push(`${type} ${obj.metadata?.name ?? ''}`), () => undefined);

    await apps.createNamespacedDeployment({ namespace: 'default', body: deployment('nginx:1.27') });
    served.cluster.advance(30_000);
    await settle();
    // A strategic merge patch of the image rolls the Deployment out.
    await apps.patchNamespacedDeployment({ name: 'web', namespace: 'default', body: { spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx:1.28' }] } } } } }, setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch));
    for (let i = 0; i < 12; i++) {
      served.cluster.advance(5_000);
      await settle();
    }
    const now = served.cluster.sim.objects('pods').filter((p) => p.metadata.labels?.['app'] === 'web');
    expect(now.map((p) => (p as V1Pod).spec!.containers[0]!.image)).toEqual(['nginx:1.28', 'nginx:1.28']);
    // Two Pods before, two after, every one seen added; the old ones seen deleted.
    expect(added.size).toBe(4);
    expect([...deleted].sort()).toEqual([...added].filter((n) => !now.some((p) => p.metadata.name === n)).sort());
    expect(informer.list().map((p) => p.metadata!.name).sort()).toEqual(now.map((p) => p.metadata.name).sort());
    expect(watched[0]).toBe('ADDED web');
    expect(watched.filter((w) => w === 'MODIFIED web').length).toBeGreaterThan(2);
    abort.abort();
    await informer.stop();
  });

  it('answers a stale update 409 Conflict', async () => {
    const apps = kc.makeApiClient(AppsV1Api);
    const stale = await apps.readNamespacedDeployment({ name: 'web', namespace: 'default' });
    await apps.patchNamespacedDeployment({ name: 'web', namespace: 'default', body: { metadata: { labels: { tier: 'web' } } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch));
    const err = await apps.replaceNamespacedDeployment({ name: 'web', namespace: 'default', body: stale }).then(
      () => undefined,
      (e: unknown) => e as { code?: number; body?: string },
    );
    expect(err?.code).toBe(409);
    expect(JSON.parse(err?.body ?? '{}')).toMatchObject({ reason: 'Conflict', message: 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again' });
  });
});
