/**
 * `reconcile serve` driven by the real kubectl binary (kubectl-binary.testing.ts: 1.35 from the
 * devDependency, else the one on PATH) over HTTPS, with the manual clock, so every result is a
 * function of the commands alone. The last test runs one script served and headless and expects
 * the same cluster and the same `kubectl get` output.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { startServe, type Served } from './start';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels:
    app: api
spec:
  replicas: 2
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: api
        image: nginx:1.27
`;

let kubectl: KubectlBinary;
let work: string;

function env(served: Served): NodeJS.ProcessEnv {
  // A private HOME: kubectl's discovery cache must not outlive the run (ports are reused).
  return { PATH: process.env['PATH'] ?? '', HOME: work, KUBECONFIG: served.kubeconfigPath };
}

/** Runs kubectl asynchronously: the server answers on this same event loop. */
function run(served: Served, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(kubectl.path, args, { env: env(served) }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** One HTTPS request to the served API as the given user; the whole body as text. */
function call(served: Served, method: string, path: string, body = '', user: 'kubernetes-admin' | 'jane' = 'kubernetes-admin'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${served.url}${path}`, { method, ca: served.caCert, headers: { Authorization: `Bearer ${served.credentials.tokens[user]}`, 'Content-Type': 'text/plain' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs `sim` lines to the control endpoint as the given user. */
async function control(served: Served, body: string, user: 'kubernetes-admin' | 'jane' = 'kubernetes-admin'): Promise<{ status: number; json: { results?: { exitCode: number; stdout: string }[]; message?: string } }> {
  const r = await call(served, 'POST', '/reconcile/v1/sim', body, user);
  return { status: r.status, json: JSON.parse(r.text) };
}

beforeAll(async () => {
  kubectl = await kubectlBinary();
  work = mkdtempSync(join(tmpdir(), 'reconcile-serve-test-'));
  writeFileSync(join(work, 'deployment.yaml'), DEPLOYMENT);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe(`reconcile serve with the real kubectl`, () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
  });
  afterAll(async () => {
    await served.close();
  });

  it('lists the nodes and the system pods', async () => {
    const nodes = await run(served, ['get', 'nodes']);
    expect(nodes.stderr).toBe('');
    expect(nodes.stdout.split('\n')[0]).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION$/);
    expect(nodes.stdout).toMatch(/^control-plane\s+Ready\s+control-plane\s+\S+\s+v1\.\d+\.\d+$/m);
    expect(nodes.stdout.match(/^node-\d\s+Ready\s+<none>/gm)).toHaveLength(3);
    const pods = await run(served, ['get', 'pods', '-A']);
    expect(pods.stdout).toMatch(/^kube-system\s+kube-apiserver-control-plane\s+1\/1\s+Running\s+0\s/m);
    expect(pods.stdout.match(/^kube-system\s+coredns-\S+\s+1\/1\s+Running/gm)).toHaveLength(2);
  });

  it('applies a Deployment, rolls it out over simulated time and scales it', async () => {
    expect((await run(served, ['apply', '-f', join(work, 'deployment.yaml')])).stdout).toBe('deployment.apps/api created\n');
    expect((await run(served, ['apply', '-f', join(work, 'deployment.yaml')])).stdout).toBe('deployment.apps/api unchanged\n');
    const advanced = await control(served, 'advance 30s');
    expect(advanced.status).toBe(200);
    const pods = await run(served, ['get', 'pods', '-l', 'app=api']);
    expect(pods.stdout.match(/^api-\S+\s+1\/1\s+Running\s+0\s/gm)).toHaveLength(2);
    expect((await run(served, ['scale', 'deployment', 'api', '--replicas=3'])).stdout).toBe('deployment.apps/api scaled\n');
    expect((await run(served, ['get', 'deployment', 'api', '-o', 'jsonpath={.spec.replicas}'])).stdout).toBe('3');
    await control(served, 'advance 30s');
    expect((await run(served, ['rollout', 'status', 'deployment/api'])).stdout).toBe('deployment "api" successfully rolled out\n');
  });

  it('streams changes to get -w as simulated time passes', async () => {
    expect((await run(served, ['create', 'deployment', 'web', '--image=nginx'])).stdout).toBe('deployment.apps/web created\n');
    // Long enough for the controllers to create the Pod, too short for the kubelet to start it.
    await control(served, 'advance 500ms');
    const child = spawn(kubectl.path, ['get', 'pods', '-l', 'app=web', '-w'], { env: env(served) });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const seen = (re: RegExp): Promise<void> =>
      new Promise((resolve) => {
        const check = (): void => {
          if (re.test(out)) resolve();
          else child.stdout.once('data', check);
        };
        check();
      });
    await seen(/^web-\S+\s+0\/1\s+(Pending|ContainerCreating)/m);
    await control(served, 'advance 20s');
    await seen(/^web-\S+\s+1\/1\s+Running/m);
    child.kill();
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(lines.filter((l) => /Running/.test(l))).toHaveLength(1);
  });

  it('deletes', async () => {
    // kubectl 1.35 names the namespace; 1.34 (our port) and earlier do not.
    expect((await run(served, ['delete', 'deployment', 'web'])).stdout).toMatch(/^deployment\.apps "web" deleted( from default namespace)?\n$/);
    const gone = await run(served, ['get', 'deployment', 'web']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe('Error from server (NotFound): deployments.apps "web" not found\n');
  });

  it('ends a watch from a resourceVersion older than its history with the cacher\'s 410 Expired event', async () => {
    const r = await call(served, 'GET', '/api/v1/pods?watch=true&resourceVersion=1');
    expect(r.status).toBe(200);
    const event = JSON.parse(r.text.trim().split('\n')[0]!) as { type: string; object: { kind: string; code: number; reason: string; message: string } };
    expect(event.type).toBe('ERROR');
    expect(event.object).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
    expect(event.object.message).toMatch(/^too old resource version: 1 \(\d+\)$/);
  });

  it('answers 401 without a token and 404 with a Status for what it does not serve', async () => {
    const anonymous = await new Promise<number>((resolve, reject) => {
      const req = request(`${served.url}/api/v1/pods`, { ca: served.caCert }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(anonymous).toBe(401);
    const missing = await call(served, 'GET', '/apis/example.com/v1/widgets');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 });
  });

  it("answers auth can-i as jane, and refuses jane's reads outside her namespace with RBAC's message", async () => {
    expect((await run(served, ['--context', 'jane', 'auth', 'can-i', 'list', 'pods'])).stdout).toBe('yes\n');
    const no = await run(served, ['--context', 'jane', 'auth', 'can-i', 'create', 'deployments']);
    expect(no.stdout).toBe('no\n');
    expect(no.code).toBe(1);
    const denied = await run(served, ['--context', 'jane', 'get', 'pods', '-n', 'kube-system']);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "kube-system"\n');
    expect((await control(served, 'advance 1s', 'jane')).status).toBe(403);
  });
});

describe('a served run and a headless run of the same script', () => {
  const SCRIPT = [
    'kubectl create deployment web --image=nginx --replicas=2',
    'kubectl apply -f deployment.yaml',
    'sim advance 30s',
    'kubectl scale deployment web --replicas=3',
    'kubectl label deployment api tier=backend',
    'sim advance 15s',
    'kubectl get pods -o wide',
    'kubectl get deployments --show-labels',
  ];

  it('reach the same cluster and print the same tables', async () => {
    const served = await startServe({ seed: 1, topology: 'basic', port: 0, clock: 'manual', speed: 1 });
    const session = new Session({ seed: 1, files: { 'deployment.yaml': DEPLOYMENT } });
    try {
      for (const line of SCRIPT) {
        const headless = session.run(line);
        const text = headless.output.filter((c) => c.stream === 'stdout').map((c) => c.text).join('');
        if (line.startsWith('sim ')) {
          const r = await control(served, line);
          expect(r.status).toBe(200);
          continue;
        }
        const args = line.split(' ').slice(1).map((a) => (a === 'deployment.yaml' ? join(work, a) : a));
        const real = await run(served, args);
        expect(real.stderr, line).toBe('');
        expect(real.stdout, line).toBe(text);
      }
      expect(served.cluster.sim.revision).toBe(session.sim.revision);
      expect(served.cluster.sim.now).toBe(session.sim.now);
      const names = (sim: Session['sim']): string[] => sim.objects('pods').map((p) => `${p.metadata.namespace}/${p.metadata.name}@${p.metadata.resourceVersion}`).sort();
      expect(names(served.cluster.sim)).toEqual(names(session.sim));
    } finally {
      await served.close();
    }
  });
});
