/**
 * One URL rule for both ends (src/k8s/api-route.ts): serve's route of every path shape is the
 * shared router's, and `kubectl get --raw <path>` prints the same bytes, errors and exit code with
 * the real kubectl against `reconcile serve` as with the page's kubectl on a cluster of the same
 * seed — status of a Namespace and of cluster-scoped objects, every workload's scale, selectors
 * and paging on lists, trailing slashes, versions served by conversion, the 405s of create-only
 * subresources, a Service's proxy, and a node's (the kubelet's own answers).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoute } from '../k8s/api-route';
import { METRICS_RESOURCES } from '../k8s/resources';
import type { KObject } from '../k8s/types';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { routeOf } from './route';
import { controlSim, runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

const PATHS = [
  '/api/v1/namespaces/default/status',
  '/api/v1/namespaces/default/finalize',
  '/api/v1/nodes/node-1/status',
  '/apis/apps/v1/namespaces/default/deployments/web/scale',
  '/apis/apps/v1/namespaces/default/deployments/web/status/',
  '/apis/apps/v1/namespaces/default/daemonsets/x/scale',
  '/api/v1/namespaces/default/configmaps/',
  '/api/v1/namespaces/default/configmaps/settings/status',
  '/api/v1/namespaces/default/configmaps?labelSelector=a+in+(',
  '/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=1',
  '/api/v1/pods?fieldSelector=metadata.namespace%3Ddefault',
  '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers',
  '/api/v1/namespaces/default/serviceaccounts/default/token',
  '/api/v1/namespaces/default/services/web:80/proxy/',
  '/api/v1/namespaces/default/services/web/proxy',
  '/api/v1/namespaces/default/services/web:81/proxy/',
  '/api/v1/namespaces/default/services/nosuch:80/proxy/',
  '/api/v1/nodes/node-1/proxy/healthz',
  '/api/v1/nodes/node-1/proxy/healthz?verbose',
  '/api/v1/nodes/node-1/proxy/configz',
  '/api/v1/nodes/node-1/proxy/pods',
  '/api/v1/nodes/node-1/proxy/stats/summary',
  '/api/v1/nodes/node-1:10250/proxy/metrics/resource',
  '/api/v1/nodes/node-1/proxy/nosuch',
  '/api/v1/nodes/nosuch/proxy/healthz',
  '/api/v1/pods?watch=true',
  '/apis/metrics.k8s.io/v1beta1/nodes',
  '/readyz?verbose',
];

describe("serve's route is the shared router's", () => {
  it.each(PATHS)('GET %s', (path) => {
    const shared = apiRoute('GET', path, METRICS_RESOURCES);
    const served = routeOf('GET', path, METRICS_RESOURCES);
    expect(served).toEqual(shared.type === 'non-resource' ? { type: 'engine-raw', path: shared.path } : shared);
  });
});

let kubectl: KubectlBinary;
const setup = servedSession('raw-route', { session: { seed: 1 } });

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('kubectl get --raw: the real kubectl against reconcile serve, and the page', () => {
  /** One command through both, compared whole; `args` as the real kubectl gets them. */
  const both = async (args: string[]): Promise<{ stdout: string; stderr: string; code: number }> => {
    const line = `kubectl ${args.map((a) => (/[?&() ]/.test(a) ? `'${a}'` : a)).join(' ')}`;
    const port = runPort(setup.session, line);
    const real = await runKubectl(kubectl, setup.served, setup.home, args);
    expect({ line, ...real }).toEqual({ line, ...port });
    return real;
  };
  const advance = async (by: string): Promise<void> => {
    runPort(setup.session, `sim advance ${by}`);
    expect(await controlSim(setup.served, `advance ${by}`)).toBe(200);
  };

  it('prints the same for every path shape', async () => {
    await both(['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=2', '--port=80']);
    await both(['expose', 'deployment', 'web', '--port=80']);
    await both(['create', 'configmap', 'settings', '--from-literal=a=b']);
    await advance('30s');
    const rs = setup.session.sim.objects<KObject>('replicasets').find((r) => r.metadata.namespace === 'default')?.metadata.name ?? '';
    const pod = setup.session.sim.objects<KObject>('pods').find((p) => p.metadata.namespace === 'default')?.metadata.name ?? '';
    const extra = [`/apis/apps/v1/namespaces/default/replicasets/${rs}/scale`, `/api/v1/namespaces/default/pods/${pod}/binding`];
    const out: Record<string, { stdout: string; stderr: string }> = {};
    for (const path of [...PATHS.filter((p) => !p.includes('watch')), ...extra]) out[path] = await both(['get', '--raw', path]);

    // A few of them, spelled out: the answers kube-apiserver gives.
    expect(JSON.parse(out['/api/v1/namespaces/default/status']!.stdout)).toMatchObject({ kind: 'Namespace', metadata: { name: 'default' } });
    expect(out['/api/v1/namespaces/default/finalize']!.stderr).toBe('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
    expect(JSON.parse(out['/apis/apps/v1/namespaces/default/deployments/web/scale']!.stdout)).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 2 }, status: { replicas: 2, selector: 'app=web' } });
    const page = JSON.parse(out['/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=1']!.stdout) as { items: unknown[]; metadata: { continue?: string; remainingItemCount?: number } };
    expect(page.items).toHaveLength(1);
    expect(page.metadata.continue).toBeDefined();
    expect(out['/api/v1/namespaces/default/configmaps?labelSelector=a+in+(']!.stderr).toMatch(/^Error from server \(BadRequest\): /);
    expect(out['/api/v1/namespaces/default/services/web:80/proxy/']!.stdout).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    expect(out['/api/v1/namespaces/default/services/web/proxy']!.stdout).toBe(out['/api/v1/namespaces/default/services/web:80/proxy/']!.stdout);
    expect(out['/api/v1/namespaces/default/services/web:81/proxy/']!.stderr).toBe('Error from server (ServiceUnavailable): no service port 81 found for service "web"\n');
    expect(out['/api/v1/namespaces/default/services/nosuch:80/proxy/']!.stderr).toBe('Error from server (NotFound): services "nosuch" not found\n');

    expect(out['/api/v1/nodes/node-1/proxy/healthz']!.stdout).toBe('ok');
    expect(JSON.parse(out['/api/v1/nodes/node-1/proxy/configz']!.stdout)).toMatchObject({ kubeletconfig: { staticPodPath: '/etc/kubernetes/manifests', port: 10250 } });
    expect(JSON.parse(out['/api/v1/nodes/node-1/proxy/pods']!.stdout)).toMatchObject({ kind: 'PodList', apiVersion: 'v1' });
    expect(out['/api/v1/nodes/node-1/proxy/stats/summary']!.stdout).toMatch(/^\{\n "node": \{\n {2}"nodeName": "node-1",/);
    expect(out['/api/v1/nodes/node-1:10250/proxy/metrics/resource']!.stdout).toMatch(/^# HELP container_cpu_usage_seconds_total /);
    expect(out['/api/v1/nodes/node-1/proxy/nosuch']!.stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    expect(out['/api/v1/nodes/nosuch/proxy/healthz']!.stderr).toBe('Error from server (NotFound): nodes "nosuch" not found\n');

    await both(['scale', 'deployment', 'web', '--replicas=0']);
    await advance('30s');
    expect((await both(['get', '--raw', '/api/v1/namespaces/default/services/web:80/proxy/'])).stderr).toBe('Error from server (ServiceUnavailable): no endpoints available for service "web"\n');
  });

  it("refuses nodes/proxy to jane, and answers the proxy transport's error while the kubelet is down", async () => {
    expect((await both(['--context', 'jane', 'get', '--raw', '/api/v1/nodes/node-1/proxy/healthz'])).stderr).toBe(
      'Error from server (Forbidden): nodes "node-1" is forbidden: User "jane" cannot get resource "nodes/proxy" in API group "" at the cluster scope\n',
    );
    // Authorization comes before routing: jane learns nothing of a path she may not ask for.
    expect((await both(['--context', 'jane', 'get', '--raw', '/apis/example.com/v1/widgets'])).stderr).toBe(
      'Error from server (Forbidden): widgets.example.com is forbidden: User "jane" cannot list resource "widgets" in API group "example.com" at the cluster scope\n',
    );
    expect((await both(['--context', 'jane', 'get', '--raw', '/api/v1/namespaces/default/pods/x/binding'])).stderr).toBe(
      'Error from server (Forbidden): pods "x" is forbidden: User "jane" cannot get resource "pods/binding" in API group "" in the namespace "default"\n',
    );
    expect((await both(['get', '--raw', '/apis/example.com/v1/widgets'])).stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    // Impersonation runs before that filter, on every path: the admin asking as jane is refused as
    // jane is; jane may not impersonate at all; a group that may do anything learns of the 404.
    expect((await both(['--as=jane', 'get', '--raw', '/apis/example.com/v1/widgets'])).stderr).toBe(
      'Error from server (Forbidden): widgets.example.com is forbidden: User "jane" cannot list resource "widgets" in API group "example.com" at the cluster scope\n',
    );
    expect((await both(['--context', 'jane', '--as=bob', 'get', '--raw', '/apis/example.com/v1/widgets'])).stderr).toBe(
      'Error from server (Forbidden): users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope\n',
    );
    expect((await both(['--as=jane', '--as-group=system:masters', 'get', '--raw', '/apis/example.com/v1/widgets'])).stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
    // A non-resource path too: jane may not read /metrics, and may not impersonate to reach /api.
    expect((await both(['--as=jane', 'get', '--raw', '/metrics'])).stderr).toBe('Error from server (Forbidden): forbidden: User "jane" cannot get path "/metrics"\n');
    expect((await both(['--context', 'jane', '--as=bob', 'get', '--raw', '/api'])).stderr).toBe(
      'Error from server (Forbidden): users "bob" is forbidden: User "jane" cannot impersonate resource "users" in API group "" at the cluster scope\n',
    );
    expect((await both(['--as=jane', 'get', '--raw', '/api'])).stdout).toMatch(/^\{"kind":"APIVersions".*\}\n$/);
    expect((await both(['get', '--raw', '/apis/apps/v1'])).stdout).toMatch(/^\{"kind":"APIResourceList".*\}\n$/);
    runPort(setup.session, 'sim fail kubelet/node-1');
    expect(await controlSim(setup.served, 'fail kubelet/node-1')).toBe(200);
    expect((await both(['get', '--raw', '/api/v1/nodes/node-1/proxy/healthz'])).stderr).toMatch(/^Error from server \(ServiceUnavailable\): error trying to reach service: dial tcp \d+\.\d+\.\d+\.\d+:10250: connect: connection refused\n$/);
    runPort(setup.session, 'sim recover kubelet/node-1');
    expect(await controlSim(setup.served, 'recover kubelet/node-1')).toBe(200);
    await advance('10s');
    expect((await both(['get', '--raw', '/api/v1/nodes/node-1/proxy/healthz'])).stdout).toBe('ok');
  });
});
