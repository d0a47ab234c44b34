/**
 * Suite a: command lines through Session, as a learner (or a pasted link) could type them —
 * real verbs and resources mixed with JavaScript's own property names, flags with odd values,
 * quotes, unicode, control characters, huge words and `sim` directives. Invariant: Session
 * never throws and never answers "internal error"; every line ends with an exit code.
 */
import fc from 'fast-check';
import { freshSession, textOf, type FuzzSuite } from './suite';

/** Names Object.prototype (and Function.prototype) answer to: lookups must not find them. */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', '__defineGetter__', 'toLocaleString', 'propertyIsEnumerable', 'call', 'apply', 'bind', 'length', 'name'];

const VERBS = ['get', 'describe', 'create', 'apply', 'delete', 'run', 'expose', 'scale', 'label', 'annotate', 'rollout', 'set', 'logs', 'wait', 'cordon', 'uncordon', 'drain', 'version', 'api-resources', 'cluster-info', 'explain', 'patch', 'exec', 'auth', 'config', 'top', 'help'];
const SUBCOMMANDS = ['deployment', 'service', 'configmap', 'secret', 'namespace', 'generic', 'clusterip', 'nodeport', 'status', 'history', 'undo', 'restart', 'image', 'resources', 'env', 'can-i', 'job', 'cronjob', 'quota', 'role', 'rolebinding', 'serviceaccount', 'priorityclass'];
const RESOURCES = ['pods', 'po', 'pod/web', 'deploy', 'deployments.apps', 'svc', 'nodes', 'node/node-1', 'ns', 'cm', 'secrets', 'leases', 'events', 'all', 'rs', 'ds', 'sts', 'pvc', 'pv', 'sc', 'endpointslices', 'ingress', 'pod/does-not-exist', 'deploy/web'];
const FLAGS = [
  '-o', 'json', 'yaml', 'wide', 'name', '-ojsonpath={.items[*].metadata.name}', "-o=jsonpath='{.metadata.__proto__}'", '-o', 'custom-columns=N:.metadata.name,C:.metadata.constructor',
  '-n', 'kube-system', '-A', '--all-namespaces', '-l', 'app=web', '--selector=constructor', '-l', '__proto__!=x', '--show-labels', '--sort-by=.metadata.toString',
  '--image=nginx', '--image=busybox:1.36', '--replicas=3', '--replicas=-1', '--replicas=2147483648', '--replicas=1e309', '--port=80', '--port=99999',
  '--timeout=5s', '--timeout=1000h', '--for=condition=Ready', '--for=delete', '--for=jsonpath={.status.phase}=Running', '--dry-run=client', '--dry-run=server',
  '--all', '--force', '--grace-period=0', '--grace-period=-1', '--cascade=orphan', '--overwrite', '--from-literal=k=v', '--from-literal=__proto__=v', '--type=NodePort',
  '-w', '--watch-only', '--request-timeout=2s', '-f', '-', '--ignore-daemonsets', '--as=system:anonymous', '--as-group=system:masters', '--v=9', '--', '-h', '--help',
  '--output-watch-events', '--limits=cpu=NaN', '--requests=memory=1e400', '-c', 'nginx', '--tail=-1', '--since=1h', '--previous', '--restart=Never', '--env=A=B',
];
const SIM_WORDS = ['advance', 'trace', 'status', 'why', 'topology', 'fail', 'recover', 'curl', 'help', '--last', '--all', '--kind', '--object', '--list', '--from', '--delay'];
const SIM_TARGETS = ['kube-scheduler', 'kube-controller-manager', 'kube-apiserver', 'etcd', 'etcd-1', 'node/node-2', 'network/node-1', 'kubelet/node-3', 'latency/kube-scheduler', 'watch-drop/kubelet/node-1', 'csi', 'cni/node-1', 'node/__proto__', 'kubelet/constructor', 'basic', 'ha', 'pod/web', 'kubernetes', 'kubernetes:443/healthz'];
const DURATIONS = ['0s', '1s', '5s', '30s', '90s', '2m', '1h', '25h', '-1s', '1e3s', '1.5s', '10ms', '9999999999999999h', 'NaNs', 'toString', '', '1h30m', '0x10s'];

/** A word a person might type, or something no person would. */
const oddWord = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom("'", '"', "'unclosed", '"a b"', "'a \"b\" c'", '\\', '$(rm -rf /)', '`id`', '<script>alert(1)</script>', '|', '<<EOF', '#', '&&', ';', '*', '~', '\t', '\u0000', '\u2028', '\r'),
  fc.constantFrom('2147483647', '2147483648', '-1', '1e309', 'NaN', 'Infinity', '0x7fffffff', '00000'),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const kubectlLine = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VERBS) }, { weight: 1, arbitrary: oddWord }),
    fc.array(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...SUBCOMMANDS, ...RESOURCES) }, { weight: 3, arbitrary: fc.constantFrom(...FLAGS) }, { weight: 2, arbitrary: oddWord }), { maxLength: 6 }),
  )
  .map(([verb, words]) => ['kubectl', verb, ...words].join(' '));

const simLine = fc
  .tuple(fc.constantFrom(...SIM_WORDS), fc.array(fc.oneof(fc.constantFrom(...SIM_WORDS, ...SIM_TARGETS, ...DURATIONS), oddWord), { maxLength: 3 }))
  .map(([w, rest]) => ['sim', w, ...rest].join(' '));

/** Lines that set a scene the other lines can act on (so `get pod/web` sometimes finds one). */
const sceneLine = fc.constantFrom(
  'kubectl create deployment web --image=nginx --replicas=2',
  'kubectl run web --image=busybox --restart=Never -- sh -c "echo hi; sleep 5"',
  'kubectl expose deployment web --port=80',
  'kubectl create configmap settings --from-literal=mode=fast',
  'kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: doc\ndata:\n  a: "1"\nEOF',
  'sim advance 20s',
  'sim fail kube-scheduler',
  'sim recover kube-scheduler',
);

export const commandLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: kubectlLine },
  { weight: 2, arbitrary: simLine },
  { weight: 2, arbitrary: sceneLine },
  { weight: 1, arbitrary: fc.array(oddWord, { maxLength: 4 }).map((w) => w.join(' ')) },
);

export interface CommandCase {
  seed: number;
  lines: string[];
}

export const commandsSuite: FuzzSuite<CommandCase> = {
  id: 'a',
  title: 'command lines through Session: never throws, never "internal error"',
  arbitrary: fc.record({ seed: fc.integer({ min: 1, max: 3 }), lines: fc.array(commandLine, { minLength: 1, maxLength: 5 }) }),
  check({ seed, lines }) {
    const s = freshSession('basic', seed);
    for (const line of lines) {
      const r = s.run(line);
      const text = textOf(r);
      if (text.includes('internal error')) throw new Error(`${JSON.stringify(line)} answered: ${text.slice(0, 2000)}`);
      if (!Number.isInteger(r.exitCode)) throw new Error(`${JSON.stringify(line)} ended without an exit code`);
    }
  },
  testRuns: 300,
};
