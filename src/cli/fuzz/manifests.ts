/**
 * Suite b: manifests through `kubectl apply -f -`: valid objects with one field replaced by a
 * hostile value (null, the wrong type, a prototype name as a key, huge strings, extreme
 * numbers), and whole documents that attack the reader (binary, alias bombs, deep nesting, every
 * line ending). Invariant: a manifest is either refused with a kubectl-style error and nothing
 * of it is stored, or accepted — and then 60 s of simulated time pass without an engine error.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { PROTOTYPE_NAMES } from './commands';
import { freshSession, textOf, type FuzzSuite } from './suite';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const NAME = 'fz';

const BASES: Record<string, Json> = {
  pod: {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: NAME, labels: { app: NAME } },
    spec: {
      containers: [{ name: 'c', image: 'busybox', command: ['sh', '-c', 'echo hi; sleep 3600'], args: [], env: [{ name: 'A', value: 'b' }], ports: [{ containerPort: 80, protocol: 'TCP' }], resources: { requests: { cpu: '50m', memory: '32Mi' }, limits: { memory: '64Mi' } } }],
      restartPolicy: 'Always',
    },
  },
  deployment: {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: NAME },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: NAME } },
      template: { metadata: { labels: { app: NAME } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }], resources: { requests: { cpu: '100m' } } }] } },
    },
  },
  service: { apiVersion: 'v1', kind: 'Service', metadata: { name: NAME }, spec: { selector: { app: NAME }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }], type: 'ClusterIP' } },
  configmap: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: NAME }, data: { mode: 'fast', 'app.properties': 'a=1\nb=2\n' } },
  job: { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: NAME }, spec: { backoffLimit: 1, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'j', image: 'busybox', command: ['sh', '-c', 'exit 0'] }] } } } },
};

/**
 * Replica counts up to 2³¹−1, the largest upstream accepts: kube-controller-manager's client rate
 * limit spaces the ReplicaSet's Pod creates (30 at once, then 20 a second), so the 60 s a case
 * runs create about 1,200 Pods whatever the count.
 */
const REPLICAS: Json[] = [-1, 0, 1, 3, 200, 2147483647, 2147483648, 1e20, 1.5, -0.5, '3', null, true, [], {}];

const hostile: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.constantFrom<Json>(true, false, 0, -1, 1.5, 2147483647, 2147483648, -2147483649, 9007199254740992, 1e308, '', ' ', 'null', '~', '0x1F', '1e3', 'NaN', 'true', [], {}, [null], [[]], { '': null }),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.nat({ max: 1_100_000 }).map((n) => 'y'.repeat(n)),
  fc.array(fc.constantFrom<Json>(null, 1, 'a', {}, []), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...PROTOTYPE_NAMES, 'a'), fc.constantFrom<Json>(null, 1, 'x', {}), { maxKeys: 2 }),
);

/** Every path to a value inside `v`, including containers themselves. */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

function setAt(v: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? setAt(x, rest, value) : x));
  if (v !== null && typeof v === 'object') {
    const copy: { [k: string]: Json } = {};
    for (const k of Object.keys(v)) Object.defineProperty(copy, k, { value: k === head ? setAt(v[k]!, rest, value) : v[k], enumerable: true, writable: true, configurable: true });
    return copy;
  }
  return v;
}

/** Adds field `key` (a prototype name, say) to the object at `path`, as an own field. */
function addAt(v: Json, path: (string | number)[], key: string, value: Json): Json {
  const target = path.reduce<Json>((x, k) => (x !== null && typeof x === 'object' ? ((x as Record<string, Json>)[k as string] ?? null) : null), v);
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return v;
  const grown: { [k: string]: Json } = { ...target };
  Object.defineProperty(grown, key, { value, enumerable: true, writable: true, configurable: true });
  return setAt(v, path, grown);
}

const ENDINGS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085'] as const;

const mutated = fc
  .tuple(fc.constantFrom(...Object.keys(BASES)), fc.nat(), fc.oneof(hostile.map((h) => ({ op: 'set' as const, value: h })), fc.record({ op: fc.constant('add' as const), key: fc.constantFrom(...PROTOTYPE_NAMES, 'extra'), value: hostile })), fc.constantFrom(...ENDINGS), fc.boolean())
  .map(([kind, pick, m, eol, asJson]) => {
    const base = BASES[kind]!;
    const all = paths(base);
    const path = all[pick % all.length]!;
    const obj = m.op === 'set' ? setAt(base, path, path.at(-1) === 'replicas' ? (REPLICAS[pick % REPLICAS.length] ?? null) : m.value) : addAt(base, path, m.key, m.value);
    const text = asJson ? JSON.stringify(obj, null, 2) : stringify(obj, { lineWidth: 0 });
    return text.replace(/\n/g, eol);
  });

const replicas = fc.tuple(fc.constantFrom(...REPLICAS), fc.constantFrom(...ENDINGS)).map(([r, eol]) => stringify(setAt(BASES['deployment']!, ['spec', 'replicas'], r)).replace(/\n/g, eol));

const attack = fc.oneof(
  fc.uint8Array({ maxLength: 256 }).map((b) => Array.from(b, (x) => String.fromCharCode(x)).join('')),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.integer({ min: 2, max: 12 }).map((n) => {
    // The billion-laughs shape: each anchor refers to the previous one ten times.
    const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', `  name: ${NAME}`, 'x0: &a0 ["lol"]'];
    for (let i = 1; i < n; i++) lines.push(`x${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    return lines.join('\n');
  }),
  fc.integer({ min: 10, max: 5000 }).map((d) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${NAME}\ndata: ${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 10, max: 300 }).map((d) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${NAME}\n${Array.from({ length: d }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} v`),
  fc.constantFrom(
    `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${NAME}\n- null\n- 3\n`,
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${NAME}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: ${NAME}\nspec: null\n`,
    `--- !!binary aGVsbG8=\n`,
    `apiVersion: v1\nkind: ConfigMap\nmetadata: &m\n  name: ${NAME}\n  labels: *m\n`,
    `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${NAME}","__proto__":{"namespace":"kube-system"}}}`,
    '\uFEFFapiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fz\n',
  ),
);

export interface ManifestCase {
  manifest: string;
}

/** `deployment.apps/fz created` → `fz`: the objects kubectl reports it stored. */
const ACCEPTED = /^[a-z.]+\/(\S+) (created|configured|unchanged)$/gm;
/** How kubectl words a refusal: its own errors, the server's, validation's. */
const KUBECTL_ERROR = /^(error: |Error from server|The \S+ "[^"]*" is invalid|error validating|error when |unable to|resource mapping not found|Warning: )/m;

export const manifestsSuite: FuzzSuite<ManifestCase> = {
  id: 'b',
  title: 'manifests through kubectl apply -f -: refused cleanly with nothing stored, or accepted and 60 s pass without an engine error',
  arbitrary: fc.record({ manifest: fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: replicas }, { weight: 2, arbitrary: attack }) }),
  check({ manifest }) {
    const s = freshSession();
    const r = s.run('kubectl apply -f -', manifest);
    const text = textOf(r);
    if (text.includes('internal error')) throw new Error(`apply answered: ${text.slice(0, 2000)}`);
    const accepted = new Set([...text.matchAll(ACCEPTED)].map((m) => m[1]));
    const stored = s.sim.storedObjects().filter((o) => o.object.metadata.name === NAME);
    for (const o of stored) if (!accepted.has(NAME)) throw new Error(`${o.key} was stored but kubectl reported: ${text.slice(0, 2000)}`);
    if (r.exitCode !== 0 && !KUBECTL_ERROR.test(text)) throw new Error(`refused without a kubectl-style error: ${JSON.stringify(text.slice(0, 2000))}`);
    if (accepted.size === 0) return;
    const later = textOf(s.run('sim advance 60s'));
    if (later !== '') throw new Error(`60 s after accepting it, sim advance answered: ${later.slice(0, 2000)}`);
    const get = textOf(s.run('kubectl get all,cm -o wide'));
    if (get.includes('internal error')) throw new Error(`kubectl get answered: ${get.slice(0, 2000)}`);
  },
  testRuns: 300,
};
