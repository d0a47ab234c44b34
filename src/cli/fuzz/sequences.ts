/**
 * Suite c: model-based command-and-fault sequences through Session, in both topologies. Every
 * committed version is checked as it was committed (the change log): a Pod is never bound to a
 * second node, a node never runs more than its allocatable cpu, resourceVersions strictly grow
 * (so none repeats). After the sequence every fault is recovered and the cluster must converge
 * to what was accepted: each Deployment kubectl created or scaled (and did not delete) exists
 * with its last accepted replicas, all of them running and ready, and nothing of a deleted one
 * still runs. The same case run twice prints the same transcript.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import type { KObject, Node, Pod } from '../../k8s/types';
import type { TopologyName } from '../../engine/index';
import type { Session } from '../../kubectl/session';
import { milli } from '../../k8s/quantity';
import { freshSession, textOf, type FuzzSuite } from './suite';

export type Step =
  | { do: 'deploy'; name: string; replicas: number; cpu: string }
  | { do: 'scale'; name: string; replicas: number }
  | { do: 'deletePod'; index: number }
  | { do: 'deleteDeployment'; name: string }
  | { do: 'advance'; seconds: number }
  | { do: 'fail'; target: number }
  | { do: 'recover'; target: number };

export interface SequenceCase {
  topology: TopologyName;
  seed: number;
  steps: Step[];
}

/**
 * Three Deployments of at most 5 Pods of at most 500m fit the workers (4 cpu each) however they
 * pack, so "converges" can mean every replica running: a cluster too small is another question.
 */
const names = fc.constantFrom('alpha', 'beta', 'gamma');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ do: fc.constant('deploy' as const), name: names, replicas: fc.integer({ min: 0, max: 4 }), cpu: fc.constantFrom('100m', '250m', '500m') }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('scale' as const), name: names, replicas: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('deletePod' as const), index: fc.nat({ max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('deleteDeployment' as const), name: names }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 60 }) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('fail' as const), target: fc.nat({ max: 1000 }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('recover' as const), target: fc.nat({ max: 1000 }) }) },
);

export const sequenceCase: fc.Arbitrary<SequenceCase> = fc.record({
  topology: fc.constantFrom<TopologyName>('basic', 'ha'),
  seed: fc.constantFrom(1, 2),
  steps: fc.array(step, { minLength: 1, maxLength: 10 }),
});

function deployment(name: string, replicas: number, cpu: string): string {
  return stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu, memory: '64Mi' } } }] } },
    },
  });
}

const isLive = (p: Pod): boolean => !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';
const cpuOf = (p: Pod): number => p.spec.containers.reduce((n, c) => n + milli(c.resources?.requests?.['cpu']), 0);

/** Follows every committed version and records what breaks an invariant. */
class Checker {
  private readonly state = new Map<string, KObject>();
  private readonly boundTo = new Map<string, string>();
  private lastRv = 0;
  /** A stale scheduler cache may bind past allocatable (the kubelet then refuses the Pod). */
  staleCaches = false;
  readonly violations: string[] = [];

  constructor(private readonly s: Session) {
    s.sim.recordChanges();
    for (const { key, object } of s.sim.storedObjects()) this.state.set(key, object);
    this.lastRv = s.sim.revision;
    s.sim.drainDiff();
  }

  drain(): void {
    for (const c of this.s.sim.drainDiff().log) {
      if (!c.object) {
        this.state.delete(c.key);
        continue;
      }
      this.state.set(c.key, c.object);
      const rv = Number(c.object.metadata.resourceVersion);
      if (!(rv > this.lastRv)) this.violations.push(`${c.key} committed at resourceVersion ${c.object.metadata.resourceVersion} after ${this.lastRv}`);
      this.lastRv = Math.max(this.lastRv, rv);
      if (c.key.startsWith('pods/')) this.checkPod(c.object as Pod);
    }
  }

  private checkPod(p: Pod): void {
    const node = p.spec.nodeName;
    if (!node) return;
    const uid = p.metadata.uid ?? '';
    const before = this.boundTo.get(uid);
    if (before !== undefined && before !== node) this.violations.push(`pod ${p.metadata.namespace}/${p.metadata.name} moved from ${before} to ${node}`);
    this.boundTo.set(uid, node);
    const alloc = milli((this.state.get(`nodes/${node}`) as Node | undefined)?.status?.allocatable?.['cpu']);
    let bound = 0;
    let running = 0;
    for (const [key, o] of this.state) {
      if (!key.startsWith('pods/')) continue;
      const q = o as Pod;
      if (q.spec.nodeName !== node || !isLive(q)) continue;
      bound += cpuOf(q);
      if (q.status?.phase === 'Running') running += cpuOf(q);
    }
    if (running > alloc) this.violations.push(`node ${node} runs ${running}m cpu of ${alloc}m allocatable`);
    if (!this.staleCaches && bound > alloc) this.violations.push(`node ${node} has ${bound}m cpu bound of ${alloc}m allocatable`);
  }
}

function podNames(s: Session): string[] {
  return s.sim
    .objects<Pod>('pods')
    .filter((p) => p.metadata.namespace === 'default')
    .map((p) => p.metadata.name ?? '')
    .sort();
}

/** Runs a case; returns its transcript and what went wrong. */
export function runSequence(c: SequenceCase): { transcript: string; violations: string[] } {
  const s = freshSession(c.topology, c.seed);
  const targets = s.sim.faultTargets().map((t) => t.name).sort();
  const checker = new Checker(s);
  /** What kubectl said it stored: name → replicas. */
  const accepted = new Map<string, number>();
  let transcript = '';
  const run = (line: string, stdin?: string): string => {
    const out = textOf(s.run(line, stdin));
    transcript += `$ ${line}\n${out}`;
    checker.drain();
    if (out.includes('internal error')) checker.violations.push(`${line}: ${out}`);
    return out;
  };
  for (const st of c.steps) {
    switch (st.do) {
      case 'deploy':
        if (/created|configured|unchanged/.test(run('kubectl apply -f -', deployment(st.name, st.replicas, st.cpu)))) accepted.set(st.name, st.replicas);
        break;
      case 'scale':
        if (/ scaled$/m.test(run(`kubectl scale deployment ${st.name} --replicas=${st.replicas}`))) accepted.set(st.name, st.replicas);
        break;
      case 'deletePod': {
        const pods = podNames(s);
        if (pods.length) run(`kubectl delete pod ${pods[st.index % pods.length]} --wait=false`);
        break;
      }
      case 'deleteDeployment':
        if (/ deleted( from \S+ namespace)?$/m.test(run(`kubectl delete deployment ${st.name}`))) accepted.delete(st.name);
        break;
      case 'advance':
        run(`sim advance ${st.seconds}s`);
        break;
      case 'fail': {
        const target = targets[st.target % targets.length]!;
        if (target.startsWith('watch-drop/') || target.startsWith('latency/') || target.startsWith('network/')) checker.staleCaches = true;
        run(`sim fail ${target}`);
        break;
      }
      case 'recover':
        run(`sim recover ${targets[st.target % targets.length]!}`);
        break;
    }
  }
  for (const t of s.sim.faultTargets()) if (t.since !== undefined) run(`sim recover ${t.name}`);
  // Recovered: a powered-off node's Pods may wait out their 300 s toleration before they move.
  let converged = false;
  for (let waited = 0; waited < 900 && !converged; waited += 15) {
    s.sim.advance(15_000);
    checker.drain();
    converged = convergence(s, accepted).length === 0;
  }
  const violations = [...checker.violations, ...(converged ? [] : convergence(s, accepted))];
  return { transcript, violations };
}

function convergence(s: Session, accepted: Map<string, number>): string[] {
  const problems: string[] = [];
  const deployments = new Map(s.sim.objects('deployments').filter((d) => d.metadata.namespace === 'default').map((d) => [d.metadata.name ?? '', d as KObject & { spec?: { replicas?: number }; status?: { readyReplicas?: number } }]));
  const live = s.sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default' && !p.metadata.deletionTimestamp);
  for (const [name, replicas] of accepted) {
    const d = deployments.get(name);
    if (!d) {
      problems.push(`deployment ${name} was accepted and is gone`);
      continue;
    }
    const pods = live.filter((p) => p.metadata.labels?.['app'] === name && isLive(p)).length;
    const got = { replicas: d.spec?.replicas, pods, ready: d.status?.readyReplicas ?? 0 };
    if (got.replicas !== replicas || pods !== replicas || got.ready !== replicas) problems.push(`deployment ${name}: want ${replicas} replicas, running and ready; got ${JSON.stringify(got)}`);
  }
  for (const name of deployments.keys()) if (!accepted.has(name)) problems.push(`deployment ${name} exists but kubectl never reported it stored (or reported it deleted)`);
  for (const p of live) if (isLive(p) && !accepted.has(p.metadata.labels?.['app'] ?? '')) problems.push(`pod ${p.metadata.name} of a deleted deployment still runs`);
  return problems;
}

export const sequencesSuite: FuzzSuite<SequenceCase> = {
  id: 'c',
  title: 'command-and-fault sequences in both topologies: no rebinding, allocatable respected, resourceVersions grow, convergence after recovery, nothing accepted lost, deterministic',
  arbitrary: sequenceCase,
  check(c) {
    const first = runSequence(c);
    if (first.violations.length) throw new Error(`${first.violations.join('\n')}\n--- transcript ---\n${first.transcript}`);
    const again = runSequence(c);
    if (again.transcript !== first.transcript) throw new Error(`the same case printed another transcript:\n${first.transcript}\n--- second run ---\n${again.transcript}`);
  },
  testRuns: 80,
};
