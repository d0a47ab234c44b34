/**
 * App faults come from the image catalog, not from `sim fail`: each is an image whose process
 * misbehaves in one way. One scenario per fault, asserting what kubectl shows — STATUS and
 * RESTARTS, describe's State / Last State / Exit Code, the kubelet's events — and, where it is
 * the point, what it does not show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

const API = 'registry.example.com/go-api';
const OOM_MANIFEST = readFileSync(join(__dirname, '..', '..', '..', 'examples', 'manifests', 'oom.yaml'), 'utf8');

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

/** `kubectl get pod <name>` as [name, ready, status, restarts, age]. */
function row(s: Session, name: string): string[] {
  const line = out(s, `kubectl get pod ${name}`).split('\n')[1];
  expect(line, name).toBeDefined();
  return line!.split(/\s{2,}/);
}

/** `2 (5s ago)` → 2. */
const restarts = (r: string[]): number => Number((r[3] ?? '').split(' ')[0]);

type ProbeKind = 'readinessProbe' | 'livenessProbe';

/** A one-container Pod on 8080 with the given probes (each on its path, every 5 s after 3 s). */
function pod(name: string, image: string, probes: [ProbeKind, string][] = [], memoryLimit?: string): string {
  const probeYaml = probes
    .map(([kind, path]) => `    ${kind}:\n      httpGet:\n        path: ${path}\n        port: 8080\n      initialDelaySeconds: 3\n      periodSeconds: 5\n`)
    .join('');
  const resources = memoryLimit ? `    resources:\n      limits:\n        memory: ${memoryLimit}\n` : '';
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  labels:\n    app: ${name}\nspec:\n  containers:\n  - name: app\n    image: ${image}\n    ports:\n    - containerPort: 8080\n${probeYaml}${resources}`;
}

function session(seed: number, name: string, manifest: string): Session {
  const s = new Session({ seed, files: { [`${name}.yaml`]: manifest } });
  expect(out(s, `kubectl apply -f ${name}.yaml`)).toBe(`pod/${name} created\n`);
  return s;
}

const lastState = (reason: string, code: number): RegExp => new RegExp(`Last State:\\s+Terminated\\n\\s+Reason:\\s+${reason}\\n\\s+Exit Code:\\s+${code}\\n`);

describe('app faults from the image catalog', () => {
  it('crash (crashloop:1.0): exits 1 every start → Error, then CrashLoopBackOff with growing RESTARTS', () => {
    const s = session(21, 'crash', pod('crash', 'registry.example.com/crashloop:1.0'));
    out(s, 'sim advance 2m');
    const r = row(s, 'crash');
    expect(r.slice(1, 3)).toEqual(['0/1', 'CrashLoopBackOff']);
    expect(restarts(r)).toBeGreaterThanOrEqual(3);
    const desc = out(s, 'kubectl describe pod crash');
    expect(desc).toMatch(/State:\s+Waiting\n\s+Reason:\s+CrashLoopBackOff\n/);
    expect(desc).toMatch(lastState('Error', 1));
    expect(desc).toMatch(/Warning\s+BackOff\s.*kubelet\s+spec\.containers\{\w+\}: Back-off restarting failed container app in pod crash_default\([0-9a-f-]{36}\)/);
    expect(out(s, 'kubectl logs crash --previous')).toBe('crashloop 1.0 starting\nloading configuration from /etc/app/config.yaml\nfatal: open /etc/app/config.yaml: no such file or directory\n');
  });

  it('never ready (go-api:v1.7.0-never-ready): Running 0/1 with no restarts, Readiness probe failed, no ready endpoint', () => {
    const s = session(22, 'never', pod('never', `${API}:v1.7.0-never-ready`, [['readinessProbe', '/ready']]));
    expect(out(s, 'kubectl expose pod never --port=80 --target-port=8080')).toBe('service/never exposed\n');
    out(s, 'sim advance 90s');
    expect(row(s, 'never').slice(1, 4)).toEqual(['0/1', 'Running', '0']);
    const desc = out(s, 'kubectl describe pod never');
    expect(desc).toMatch(/State:\s+Running\n\s+Started:.*\n\s+Ready:\s+False\n\s+Restart Count:\s+0\n/);
    expect(desc).not.toContain('Last State');
    expect(desc).toMatch(/Warning\s+Unhealthy\s+\S+ \(x\d+ over \S+\)\s+kubelet\s+spec\.containers\{\w+\}: Readiness probe failed: HTTP probe failed with statuscode: 503/);
    expect(out(s, 'kubectl get endpointslices -l kubernetes.io/service-name=never -o yaml')).toMatch(/conditions:\n\s+ready: false\n/);
  });

  it('liveness failure (go-api:v1.9.0-liveness): /healthz turns 500 after 60 s → killed and restarted, Running again', () => {
    const s = session(23, 'live', pod('live', `${API}:v1.9.0-liveness`, [['livenessProbe', '/healthz']]));
    out(s, 'sim advance 50s');
    expect(row(s, 'live').slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    out(s, 'sim advance 40s');
    const r = row(s, 'live');
    expect(r.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(restarts(r)).toBe(1);
    const desc = out(s, 'kubectl describe pod live');
    expect(desc).toMatch(/Last State:\s+Terminated\n/);
    expect(desc).toMatch(/Restart Count:\s+1\n/);
    expect(desc).toMatch(/Warning\s+Unhealthy\s+\S+ \(x3 over \S+\)\s+kubelet\s+spec\.containers\{\w+\}: Liveness probe failed: HTTP probe failed with statuscode: 500/);
    expect(desc).toMatch(/Normal\s+Killing\s+\S+\s+kubelet\s+spec\.containers\{\w+\}: Container app failed liveness probe, will be restarted/);
  });

  it('OOM (examples/manifests/oom.yaml): OOMKilled, exit code 137, RESTARTS grows, CrashLoopBackOff', () => {
    const s = new Session({ seed: 24, files: { 'oom.yaml': OOM_MANIFEST } });
    expect(out(s, 'kubectl apply -f oom.yaml')).toBe('pod/memory-demo-2 created\n');
    const seen: string[] = [];
    for (let i = 0; i < 25; i++) {
      out(s, 'sim advance 200ms');
      const status = row(s, 'memory-demo-2')[2]!;
      if (seen[seen.length - 1] !== status) seen.push(status);
    }
    // The kernel kills it the moment it passes its limit; the kubelet then restarts it at once.
    expect(seen).toContain('OOMKilled');
    // It was started before it was killed (a short-lived Running may fall between two samples).
    expect(['Pending', 'ContainerCreating']).toContain(seen[0]);
    expect(seen.indexOf('OOMKilled')).toBeGreaterThan(0);
    out(s, 'sim advance 1m');
    const r = row(s, 'memory-demo-2');
    expect(r.slice(1, 3)).toEqual(['0/1', 'CrashLoopBackOff']);
    expect(restarts(r)).toBeGreaterThanOrEqual(3);
    const desc = out(s, 'kubectl describe pod memory-demo-2');
    expect(desc).toMatch(lastState('OOMKilled', 137));
    expect(desc).toMatch(/Limits:\n\s+memory:\s+100Mi\n/);
    expect(out(s, "kubectl get pod memory-demo-2 -o jsonpath='{.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}'")).toBe('OOMKilled 137');
  });

  it('OOM from a slow leak (go-api:v1.3.0-leak, 64Mi): serves for a while, then OOMKilled; every restart the same', () => {
    const s = session(25, 'leak', pod('leak', `${API}:v1.3.0-leak`, [], '64Mi'));
    out(s, 'sim advance 8s');
    expect(row(s, 'leak').slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    out(s, 'sim advance 2m');
    const r = row(s, 'leak');
    expect(restarts(r)).toBeGreaterThanOrEqual(2);
    expect(out(s, 'kubectl describe pod leak')).toMatch(lastState('OOMKilled', 137));
    expect(out(s, 'kubectl logs leak --previous')).toMatch(/"msg":"cache size".*"heap_mib":\d+/);
  });

  it('wrong answers while healthy (go-api:v1.4.0-wrong-answers): 1/1 Running, 0 restarts, no Warning — and HTTP 500 to every request', () => {
    const s = session(26, 'wrong', pod('wrong', `${API}:v1.4.0-wrong-answers`, [['readinessProbe', '/ready'], ['livenessProbe', '/healthz']]));
    out(s, 'kubectl expose pod wrong --port=80 --target-port=8080');
    out(s, 'sim advance 3m');
    expect(row(s, 'wrong').slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    const desc = out(s, 'kubectl describe pod wrong');
    expect(desc).toMatch(/Ready:\s+True\n\s+Restart Count:\s+0\n/);
    expect(desc).not.toMatch(/^\s+Warning\s/m);
    expect(out(s, 'sim curl wrong/api/items --from node-1')).toMatch(/^HTTP 500 from wrong \(10\.244\.\d+\.\d+:8080\)\n\{"error":"internal: price list is empty"\}\n$/);
  });

  it('external dependency down (go-api:v1.6.0-needs-db, liveness on /healthz): a restart storm that cannot fix the database', () => {
    const s = session(27, 'needsdb', pod('needsdb', `${API}:v1.6.0-needs-db`, [['readinessProbe', '/ready'], ['livenessProbe', '/healthz']]));
    out(s, 'sim advance 1m');
    const first = restarts(row(s, 'needsdb'));
    out(s, 'sim advance 3m');
    const r = row(s, 'needsdb');
    expect(r[1]).toBe('0/1');
    expect(['Running', 'CrashLoopBackOff']).toContain(r[2]);
    expect(restarts(r)).toBeGreaterThan(first);
    expect(restarts(r)).toBeGreaterThanOrEqual(3);
    const desc = out(s, 'kubectl describe pod needsdb');
    expect(desc).toMatch(/Warning\s+Unhealthy\s.*kubelet\s+spec\.containers\{\w+\}: Liveness probe failed: HTTP probe failed with statuscode: 503/);
    expect(desc).toMatch(/Warning\s+Unhealthy\s.*kubelet\s+spec\.containers\{\w+\}: Readiness probe failed: HTTP probe failed with statuscode: 503/);
    expect(desc).toMatch(/Normal\s+Killing\s+\S+ \(x\d+ over \S+\)\s+kubelet\s+spec\.containers\{\w+\}: Container app failed liveness probe, will be restarted/);
    expect(desc).toMatch(/Warning\s+BackOff\s.*kubelet\s+spec\.containers\{\w+\}: Back-off restarting failed container app in pod needsdb_default/);
    expect(out(s, 'kubectl logs needsdb')).toContain('dial tcp: lookup postgres.db.svc.cluster.local on 10.96.0.10:53: no such host');
  });
});
