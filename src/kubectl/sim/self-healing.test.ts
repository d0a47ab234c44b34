/**
 * The syllabus's self-healing section as scenarios: what the control loops repair on their own
 * (crash back-off, a deleted Pod, an unready Pod taken out of traffic, a lost node), and what
 * they cannot (a broken rollout, wrong answers, no capacity, a liveness probe tied to a dependency
 * that is down). Asserted only through what kubectl and `sim curl` show.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string): string {
  return s.run(line).output.map((c) => c.text).join('');
}

/** `kubectl get pods -o wide` rows as [name, ready, status, restarts, age, ip, node]. */
function podRows(s: Session, args = ''): string[][] {
  return out(s, `kubectl get pods -o wide ${args}`).trim().split('\n').slice(1).filter(Boolean).map((l) => l.split(/\s{2,}/));
}

/** `2 (5s ago)` → 2. */
const restarts = (r: string[]): number => Number((r[3] ?? '').split(' ')[0]);

const API = 'registry.example.com/go-api';

interface DeploySpec {
  name: string;
  image: string;
  replicas: number;
  cpu?: string;
  probes?: string;
  /** Extra Pod-template labels (beyond `app: <name>`), e.g. one a shared Service selects. */
  labels?: Record<string, string>;
}

/** A Deployment of one go-api style container on 8080, with optional requests and probes (YAML indented for the container). */
function deployment(d: DeploySpec): string {
  const resources = d.cpu ? `        resources:\n          requests:\n            cpu: "${d.cpu}"\n` : '';
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${d.name}
spec:
  replicas: ${d.replicas}
  selector:
    matchLabels:
      app: ${d.name}
  template:
    metadata:
      labels:
        app: ${d.name}
${Object.entries(d.labels ?? {}).map(([k, v]) => `        ${k}: ${v}\n`).join('')}    spec:
      containers:
      - name: api
        image: ${d.image}
        ports:
        - containerPort: 8080
${resources}${d.probes ?? ''}`;
}

const service = (name: string, selector = `app: ${name}`): string =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  selector:\n    ${selector}\n  ports:\n  - port: 80\n    targetPort: 8080\n`;

const probe = (kind: 'readinessProbe' | 'livenessProbe', path: string, period = 5, failureThreshold = 3, initialDelay = 0): string =>
  `        ${kind}:\n          httpGet:\n            path: ${path}\n            port: 8080\n          initialDelaySeconds: ${initialDelay}\n          periodSeconds: ${period}\n          failureThreshold: ${failureThreshold}\n`;

/** Every `sim curl` answer's Pod name over `n` requests (failures recorded as their curl text). */
function curlPods(s: Session, target: string, n: number, from = 'node-1'): string[] {
  const seen: string[] = [];
  for (let i = 0; i < n; i++) {
    const text = out(s, `sim curl ${target} --from ${from}`);
    const m = /^HTTP \d+ from (\S+) /.exec(text);
    seen.push(m ? m[1]! : text);
  }
  return seen;
}

describe('what self-healing fixes', () => {
  it('a crashing container is restarted with growing back-off: CrashLoopBackOff, RESTARTS grows, BackOff events', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, `kubectl run broken --image=${API}:v2.0.0-broken`)).toBe('pod/broken created\n');
    out(s, 'sim advance 30s');
    const early = podRows(s).find((r) => r[0] === 'broken')!;
    expect(early[1]).toBe('0/1');
    const r1 = restarts(early);
    expect(r1).toBeGreaterThanOrEqual(1);
    out(s, 'sim advance 3m');
    const later = podRows(s).find((r) => r[0] === 'broken')!;
    expect(later[2]).toBe('CrashLoopBackOff');
    const r2 = restarts(later);
    expect(r2).toBeGreaterThan(r1);
    // Back-off doubles (10s, 20s, 40s, 80s, 160s…): far fewer restarts than 3.5 min of 0.4 s crashes would allow.
    expect(r2).toBeLessThan(10);
    const events = out(s, 'kubectl get events --field-selector involvedObject.name=broken,reason=BackOff');
    expect(events).toMatch(/Warning\s+BackOff\s+pod\/broken\s+Back-off restarting failed container broken in pod broken_default\([0-9a-f-]{36}\)/);
    expect(out(s, 'kubectl describe pod broken')).toMatch(/Last State:\s+Terminated\n\s+Reason:\s+Error\n\s+Exit Code:\s+1/);
    expect(out(s, 'kubectl logs broken --previous')).toContain('required environment variable DATABASE_URL is not set');
  });

  it('a deleted Pod of a Deployment is replaced: a new name, the same count', () => {
    const s = new Session({ seed: 2 });
    out(s, `kubectl create deployment api --image=${API}:v1.0.0 --replicas=3`);
    expect(out(s, 'kubectl rollout status deployment/api --timeout=2m')).toContain('successfully rolled out');
    const before = podRows(s).map((r) => r[0]!);
    expect(before).toHaveLength(3);
    const victim = before[1]!;
    expect(out(s, `kubectl delete pod ${victim}`)).toContain(`pod "${victim}" deleted`);
    out(s, 'sim advance 30s');
    const after = podRows(s);
    expect(after).toHaveLength(3);
    for (const r of after) expect(r.slice(1, 3)).toEqual(['1/1', 'Running']);
    const names = after.map((r) => r[0]!);
    expect(names).not.toContain(victim);
    const fresh = names.filter((n) => !before.includes(n));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatch(/^api-[0-9a-z]+-[0-9a-z]{5}$/);
    expect(out(s, 'kubectl get deployment api')).toMatch(/^api\s+3\/3\s+3\s+3\s/m);
    expect(out(s, 'kubectl get events --field-selector reason=SuccessfulCreate')).toContain(`Created pod: ${fresh[0]}`);
  });
});

describe('what self-healing fixes (traffic and nodes)', () => {
  it('a Pod failing its readiness probe leaves the EndpointSlice (ready: false) and gets no traffic', () => {
    // One Service over two Deployments: `stable` stays healthy, `canary` deadlocks after 60 s so
    // its /ready probe times out.
    const ready = probe('readinessProbe', '/ready');
    const s = new Session({
      seed: 3,
      files: {
        'app.yaml': `${deployment({ name: 'stable', image: `${API}:v1.0.0`, replicas: 2, probes: ready, labels: { svc: 'api' } })}---\n${deployment({ name: 'canary', image: `${API}:v1.5.0-deadlock`, replicas: 1, probes: ready, labels: { svc: 'api' } })}---\n${service('api', 'svc: api')}`,
      },
    });
    expect(out(s, 'kubectl apply -f app.yaml')).toBe('deployment.apps/stable created\ndeployment.apps/canary created\nservice/api created\n');
    out(s, 'sim advance 30s');
    const canary = podRows(s).find((r) => r[0]!.startsWith('canary-'))!;
    expect(canary.slice(1, 3)).toEqual(['1/1', 'Running']);
    // While it works, the canary is an endpoint like any other and answers its share.
    expect(curlPods(s, 'api', 12)).toContain(canary[0]);
    out(s, 'sim advance 90s');
    const after = podRows(s).find((r) => r[0] === canary[0])!;
    expect(after.slice(1, 4)).toEqual(['0/1', 'Running', '0']);
    const slices = out(s, 'kubectl get endpointslices -l kubernetes.io/service-name=api -o yaml');
    const entry = (ip: string): string => {
      const m = new RegExp(`- addresses:\\n\\s+- ${ip.replace(/\./g, '\\.')}\\n\\s+conditions:\\n\\s+ready: (\\w+)\\n\\s+serving: (\\w+)\\n\\s+terminating: (\\w+)`).exec(slices);
      expect(m, slices).not.toBeNull();
      return m!.slice(1, 4).join(',');
    };
    expect(entry(canary[5]!)).toBe('false,false,false');
    for (const r of podRows(s).filter((p) => p[0]!.startsWith('stable-'))) expect(entry(r[5]!)).toBe('true,true,false');
    expect(out(s, `kubectl describe pod ${canary[0]}`)).toMatch(/Warning\s+Unhealthy\s.*kubelet\s+spec\.containers\{\w+\}: Readiness probe failed: Get "http:\/\/10\.244\.\d+\.\d+:8080\/ready": context deadline exceeded/);
    const answered = curlPods(s, 'api', 20);
    for (const p of answered) expect(p).toMatch(/^stable-/);
  });

  it('a lost node: NotReady after ~50 s, eviction 300 s later, replacements Running on other nodes', () => {
    const s = new Session({ seed: 4 });
    out(s, `kubectl create deployment api --image=${API}:v1.0.0 --replicas=6`);
    expect(out(s, 'kubectl rollout status deployment/api --timeout=2m')).toContain('successfully rolled out');
    const onNode2 = podRows(s).filter((r) => r[6] === 'node-2').map((r) => r[0]!);
    expect(onNode2.length).toBeGreaterThan(0);
    expect(out(s, 'sim fail kubelet/node-2')).toBe('fault injected: kubelet/node-2 stopped\n');
    out(s, 'sim advance 30s');
    expect(out(s, 'kubectl get nodes')).toMatch(/^node-2\s+Ready\s/m);
    out(s, 'sim advance 30s');
    expect(out(s, 'kubectl get nodes')).toMatch(/^node-2\s+NotReady\s/m);
    // Not yet evicted: nobody can see the containers any more, so the Pods keep their last
    // reported status (1/1 Running) with only the Ready condition flipped; nothing replaced them.
    out(s, 'sim advance 4m');
    let rows = podRows(s);
    for (const p of onNode2) expect(rows.find((r) => r[0] === p)?.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(out(s, `kubectl describe pod ${onNode2[0]}`)).toMatch(/^ {2}Ready\s+False\s*$/m);
    expect(rows).toHaveLength(6);
    out(s, 'sim advance 90s');
    rows = podRows(s);
    for (const p of onNode2) expect(rows.find((r) => r[0] === p)?.[2]).toBe('Terminating');
    expect(out(s, 'kubectl get events --field-selector reason=TaintManagerEviction')).toContain(`Marking for deletion Pod default/${onNode2[0]}`);
    const live = rows.filter((r) => r[2] !== 'Terminating');
    expect(live).toHaveLength(6);
    for (const r of live) expect([r[1], r[2], r[6] === 'node-2']).toEqual(['1/1', 'Running', false]);
    expect(out(s, 'kubectl get deployment api')).toMatch(/^api\s+6\/6\s+6\s+6\s/m);
  });
});

describe('what self-healing cannot fix', () => {
  it('a broken image rollout: bounded by maxUnavailable, times out, old Pods still serve, undo recovers', () => {
    const ready = probe('readinessProbe', '/ready', 2, 1);
    const s = new Session({ seed: 5, files: { 'api.yaml': `${deployment({ name: 'api', image: `${API}:v1.0.0`, replicas: 4, probes: ready })}---\n${service('api')}` } });
    out(s, 'kubectl apply -f api.yaml');
    expect(out(s, 'kubectl rollout status deployment/api --timeout=2m')).toContain('successfully rolled out');
    const old = podRows(s).map((r) => r[0]!);
    expect(out(s, `kubectl set image deployment/api api=${API}:v2.0.0-broken`)).toBe('deployment.apps/api image updated\n');
    const r = s.run('kubectl rollout status deployment/api --timeout=60s');
    const text = r.output.map((c) => c.text).join('');
    expect(r.exitCode).not.toBe(0);
    expect(text).toMatch(/Waiting for deployment "api" rollout to finish: 2 out of 4 new replicas have been updated\.\.\.\n/);
    expect(text.endsWith('error: timed out waiting for the condition\n')).toBe(true);
    out(s, 'sim advance 2m');
    const rows = podRows(s);
    const olds = rows.filter((p) => old.includes(p[0]!));
    const news = rows.filter((p) => !old.includes(p[0]!));
    // maxUnavailable 25% of 4 = 1 old Pod gone; maxSurge 1 → 2 new Pods, both crash-looping.
    expect(olds).toHaveLength(3);
    for (const p of olds) expect(p.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(news).toHaveLength(2);
    for (const p of news) {
      expect(p[1]).toBe('0/1');
      expect(['CrashLoopBackOff', 'Error']).toContain(p[2]);
      expect(restarts(p)).toBeGreaterThan(0);
    }
    expect(out(s, 'kubectl get deployment api')).toMatch(/^api\s+3\/4\s+2\s+3\s/m);
    for (const p of curlPods(s, 'api/version', 12)) expect(old).toContain(p);
    expect(out(s, 'kubectl rollout undo deployment/api')).toBe('deployment.apps/api rolled back\n');
    expect(out(s, 'kubectl rollout status deployment/api --timeout=2m')).toContain('deployment "api" successfully rolled out');
    out(s, 'sim advance 30s');
    const back = podRows(s);
    expect(back).toHaveLength(4);
    for (const p of back) expect(p.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(out(s, `kubectl get deployment api -o jsonpath='{.spec.template.spec.containers[0].image}'`)).toBe(`${API}:v1.0.0`);
  });

  it('an app returning wrong answers stays "healthy": Running 1/1, 0 restarts, while sim curl shows the error', () => {
    // initialDelaySeconds covers the 1.5 s before the app listens, so any Unhealthy event would be the app's.
    const probes = probe('readinessProbe', '/ready', 5, 3, 3) + probe('livenessProbe', '/healthz', 5, 3, 3);
    const s = new Session({ seed: 6, files: { 'api.yaml': `${deployment({ name: 'api', image: `${API}:v1.4.0-wrong-answers`, replicas: 2, probes })}---\n${service('api')}` } });
    out(s, 'kubectl apply -f api.yaml');
    expect(out(s, 'kubectl rollout status deployment/api --timeout=2m')).toContain('successfully rolled out');
    out(s, 'sim advance 3m');
    const rows = podRows(s);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    expect(out(s, 'kubectl get deployment api')).toMatch(/^api\s+2\/2\s+2\s+2\s/m);
    expect(out(s, 'kubectl get events --field-selector reason=Unhealthy')).toBe('No resources found in default namespace.\n');
    for (let i = 0; i < 4; i++) {
      expect(out(s, 'sim curl api/api/items --from node-1')).toMatch(/^HTTP 500 from api-[0-9a-z]+-[0-9a-z]{5} \(10\.244\.\d+\.\d+:8080\)\n\{"error":"internal: price list is empty"\}\n$/);
    }
  });

  it('no capacity: Pods stay Pending with FailedScheduling Insufficient cpu until capacity is freed', () => {
    const s = new Session({
      seed: 7,
      files: {
        'hog.yaml': deployment({ name: 'hog', image: `${API}:v1.0.0`, replicas: 3, cpu: '3' }),
        'api.yaml': deployment({ name: 'api', image: `${API}:v1.0.0`, replicas: 2, cpu: '2' }),
      },
    });
    out(s, 'kubectl apply -f hog.yaml');
    expect(out(s, 'kubectl rollout status deployment/hog --timeout=2m')).toContain('successfully rolled out');
    out(s, 'kubectl apply -f api.yaml');
    out(s, 'sim advance 5m');
    const pending = podRows(s).filter((r) => r[0]!.startsWith('api-'));
    expect(pending).toHaveLength(2);
    for (const r of pending) expect([r[1], r[2], r[6]]).toEqual(['0/1', 'Pending', '<none>']);
    expect(out(s, `kubectl describe pod ${pending[0]![0]}`)).toMatch(
      /Warning\s+FailedScheduling\s.*default-scheduler\s+0\/4 nodes are available: 1 node\(s\) had untolerated taint \{node-role\.kubernetes\.io\/control-plane: \}, 3 Insufficient cpu\. preemption: 0\/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod\./,
    );
    expect(out(s, 'kubectl get deployment api')).toMatch(/^api\s+0\/2\s+2\s+0\s/m);
    expect(out(s, 'kubectl scale deployment hog --replicas=1')).toBe('deployment.apps/hog scaled\n');
    expect(out(s, 'kubectl rollout status deployment/api --timeout=2m')).toContain('successfully rolled out');
    // Exactly the two Pods: the scheduler only sees the freed cpu once the kubelets have let go of
    // it too, so nothing is bound onto a node that then rejects it (OutOfcpu).
    const placed = podRows(s).filter((p) => p[0]!.startsWith('api-'));
    expect(placed.map((r) => r[0])).toEqual(pending.map((r) => r[0]));
    for (const r of placed) expect(r.slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(out(s, 'kubectl get events --field-selector reason=OutOfcpu')).toBe('No resources found in default namespace.\n');
  });

  it('a liveness probe tied to a dead external dependency: a restart storm on every replica, not a fix', () => {
    const probes = probe('livenessProbe', '/healthz');
    const s = new Session({ seed: 8, files: { 'api.yaml': deployment({ name: 'api', image: `${API}:v1.6.0-needs-db`, replicas: 3, probes }) } });
    out(s, 'kubectl apply -f api.yaml');
    out(s, 'sim advance 1m');
    const first = podRows(s);
    expect(first).toHaveLength(3);
    out(s, 'sim advance 3m');
    const later = podRows(s);
    expect(later.map((r) => r[0])).toEqual(first.map((r) => r[0]));
    for (const r of later) {
      expect(restarts(r)).toBeGreaterThanOrEqual(2);
      expect(restarts(r)).toBeGreaterThan(restarts(first.find((f) => f[0] === r[0])!));
    }
    for (const r of later) {
      const desc = out(s, `kubectl describe pod ${r[0]}`);
      expect(desc).toMatch(/Normal\s+Killing\s.*kubelet\s+spec\.containers\{\w+\}: Container api failed liveness probe, will be restarted/);
      expect(desc).toMatch(/Warning\s+Unhealthy\s.*kubelet\s+spec\.containers\{\w+\}: Liveness probe failed: HTTP probe failed with statuscode: 503/);
    }
    expect(out(s, `kubectl logs ${later[0]![0]}`)).toContain('no such host');
  });
});
