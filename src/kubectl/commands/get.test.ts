import { beforeAll, describe, expect, it } from 'vitest';
import { type SimMillis, Simulation } from '../../engine/index';
import type { KObject } from '../../k8s/types';
import { rfc3339 } from '../../k8s/time';
import { kubectl } from '../testing';

/**
 * Objects here are fabricated so the tables are exact whatever the controllers do: pods use a
 * scheduler that does not exist (nothing schedules or runs them) and statuses are written as
 * the admin through pods/status.
 */
let sim: Simulation;
const NS = 'kt-get';

const POD = (name: string, labels: Record<string, string>): string => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: ${NS}
  labels:
${Object.entries(labels).map(([k, v]) => `    ${k}: ${v}`).join('\n')}
spec:
  schedulerName: kt-none
  containers:
  - name: app
    image: nginx:1.25
`;

function writeStatus(name: string, status: Record<string, unknown>): void {
  const cur = sim.objects('pods').find((p) => p.metadata.namespace === NS && p.metadata.name === name)!;
  const next = structuredClone(cur) as KObject & { status: unknown };
  next.status = status;
  const res = sim.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: NS, name, body: next });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  expect(kubectl(sim, `create namespace ${NS}`).stdout).toBe(`namespace/${NS} created\n`);
});

describe('kubectl get', () => {
  it('says there is nothing in the namespace on stderr', () => {
    const r = kubectl(sim, `get pods -n ${NS}`);
    expect(r).toMatchObject({ stdout: '', stderr: `No resources found in ${NS} namespace.\n`, code: 0 });
    expect(kubectl(sim, 'get pv').stderr).toBe('No resources found\n');
  });

  it('prints pod rows with STATUS, RESTARTS and AGE', () => {
    const files = { 'a.yaml': POD('web-a', { app: 'web', team: 'kt' }), 'b.yaml': POD('web-b', { app: 'web', team: 'kt' }) };
    expect(kubectl(sim, 'apply -f a.yaml -f b.yaml', { files }).stdout).toBe('pod/web-a created\npod/web-b created\n');
    const lastExit = rfc3339((sim.now - 41_000) as SimMillis);
    writeStatus('web-a', {
      phase: 'Running',
      podIP: '10.244.1.7',
      podIPs: [{ ip: '10.244.1.7' }],
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [
        {
          name: 'app',
          ready: true,
          restartCount: 2,
          image: 'nginx:1.25',
          imageID: '',
          started: true,
          state: { running: { startedAt: lastExit } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: lastExit } },
        },
      ],
    });
    writeStatus('web-b', { phase: 'Pending', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, image: 'nginx:1.25', imageID: '', state: { waiting: { reason: 'ImagePullBackOff' } }, lastState: {} }] });
    sim.advance(90_000);
    expect(kubectl(sim, `get pods -n ${NS}`).stdout).toBe(
      'NAME    READY   STATUS             RESTARTS        AGE\n' + 'web-a   1/1     Running            2 (2m11s ago)   90s\n' + 'web-b   0/1     ImagePullBackOff   0               90s\n',
    );
  });

  it('adds wide columns, labels, label columns and no headers', () => {
    expect(kubectl(sim, `get pod web-b -n ${NS} -o wide`).stdout).toBe(
      'NAME    READY   STATUS             RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\nweb-b   0/1     ImagePullBackOff   0          90s   <none>   <none>   <none>           <none>\n',
    );
    expect(kubectl(sim, `get pod web-b -n ${NS} --show-labels --no-headers`).stdout).toBe('web-b   0/1   ImagePullBackOff   0     90s   app=web,team=kt\n');
    expect(kubectl(sim, `get pods -n ${NS} -L app -o name`).stdout).toBe('pod/web-a\npod/web-b\n');
    expect(kubectl(sim, `get pod web-b -n ${NS} -L team`).stdout).toBe('NAME    READY   STATUS             RESTARTS   AGE   TEAM\nweb-b   0/1     ImagePullBackOff   0          90s   kt\n');
  });

  it('prepends NAMESPACE with -A and filters with -l and --field-selector', () => {
    expect(kubectl(sim, 'get pods -A -l team=kt --field-selector status.phase=Pending').stdout).toBe(
      'NAMESPACE   NAME    READY   STATUS             RESTARTS   AGE\nkt-get      web-b   0/1     ImagePullBackOff   0          90s\n',
    );
  });

  it('supports jsonpath, custom-columns and --sort-by', () => {
    expect(kubectl(sim, `get pods -n ${NS} -o jsonpath={.items[*].metadata.name}`).stdout).toBe('web-a web-b');
    expect(kubectl(sim, `get pods -n ${NS} -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,IP:.status.podIP --sort-by=.status.phase`).stdout).toBe(
      'NAME    PHASE     IP\nweb-b   Pending   <none>\nweb-a   Running   10.244.1.7\n',
    );
    expect(kubectl(sim, `get pod web-a -n ${NS} -o jsonpath={.status.podIPs}`).stdout).toBe('[{"ip":"10.244.1.7"}]');
  });

  it('sorts a table by a field no row has as get.go does (kubectl v1.32 against reconcile serve printed the same)', () => {
    // Two rows: the printer's error is dropped, the table prints nothing.
    expect(kubectl(sim, `get pods -n ${NS} --sort-by=.nope`)).toMatchObject({ stdout: '', stderr: `No resources found in ${NS} namespace.\n`, code: 0 });
    expect(kubectl(sim, `get pods -n ${NS} --sort-by={.nope}`)).toMatchObject({ stdout: '', code: 0 });
    // One row is printed unsorted.
    expect(kubectl(sim, `get pods -n ${NS} -l app=web --field-selector metadata.name=web-a --sort-by=.nope`).stdout).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nweb-a /);
    // Two tables are sorted as objects first: a Pod's field is in neither.
    expect(kubectl(sim, `get pods,svc -n ${NS} --sort-by=.status.phase`)).toMatchObject({ stderr: 'error: couldn\'t find any field with path "{.status.phase}" in the list of objects\n', code: 1 });
    // Other printers sort the objects: none has it.
    expect(kubectl(sim, `get pods -n ${NS} -o name --sort-by=.nope`)).toMatchObject({ stderr: 'error: couldn\'t find any field with path "{.nope}" in the list of objects\n', code: 1 });
  });

  it('prints one object as itself and several as a List in yaml', () => {
    const one = kubectl(sim, `get pod web-a -n ${NS} -o yaml`).stdout;
    expect(one.startsWith('apiVersion: v1\nkind: Pod\nmetadata:\n')).toBe(true);
    const many = kubectl(sim, `get pods -n ${NS} -l app=nothing -o yaml`).stdout;
    expect(many).toBe('apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n');
  });

  it('prints services with fixed addresses exactly', () => {
    const svc = `apiVersion: v1
kind: Service
metadata:
  name: front
  namespace: ${NS}
spec:
  type: NodePort
  externalTrafficPolicy: Cluster
  clusterIP: 10.96.200.10
  selector:
    app: web
  ports:
  - port: 80
    targetPort: 8080
    nodePort: 30080
`;
    expect(kubectl(sim, 'apply -f svc.yaml', { files: { 'svc.yaml': svc } }).stdout).toBe('service/front created\n');
    expect(kubectl(sim, `get svc -n ${NS} -o wide`).stdout).toBe(
      'NAME    TYPE       CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE   SELECTOR\nfront   NodePort   10.96.200.10   <none>        80:30080/TCP   0s    app=web\n',
    );
  });

  it('groups several kinds with kind-prefixed names and a blank line between them', () => {
    expect(kubectl(sim, `get pods,svc -n ${NS} -l app=web --field-selector metadata.name!=web-a`).stdout).toBe(
      'NAME        READY   STATUS             RESTARTS   AGE\npod/web-b   0/1     ImagePullBackOff   0          90s\n',
    );
    expect(kubectl(sim, `get svc,pods -n ${NS} --field-selector metadata.name!=web-a`).stdout).toBe(
      'NAME            TYPE       CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE\nservice/front   NodePort   10.96.200.10   <none>        80:30080/TCP   0s\n\n' +
        'NAME        READY   STATUS             RESTARTS   AGE\npod/web-b   0/1     ImagePullBackOff   0          90s\n',
    );
  });

  it('reports errors the way kubectl does', () => {
    expect(kubectl(sim, `get pod nope -n ${NS}`)).toMatchObject({ stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n', code: 1 });
    expect(kubectl(sim, 'get deploy nope')).toMatchObject({ stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', code: 1 });
    expect(kubectl(sim, 'get foo')).toMatchObject({ stderr: 'error: the server doesn\'t have a resource type "foo"\n', code: 1 });
    expect(kubectl(sim, 'get pods --foo')).toMatchObject({ stderr: "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n", code: 1 });
    expect(kubectl(sim, 'get')).toMatchObject({
      stderr:
        'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \'kubectl get -h\' for help and examples\n',
      code: 1,
    });
    const mixed = kubectl(sim, `get pods web-a nope -n ${NS} -o name`);
    expect(mixed.all).toBe('pod/web-a\nError from server (NotFound): pods "nope" not found\n');
    expect(kubectl(sim, 'get pods/x pods')).toMatchObject({ stderr: 'error: arguments in resource/name form must have a single resource and name\n' });
  });

  it('warns that v1 Endpoints are deprecated', () => {
    expect(kubectl(sim, `get endpoints -n ${NS}`).stderr.startsWith('Warning: v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice\n')).toBe(true);
  });

  it('answers health checks through --raw', () => {
    expect(kubectl(sim, 'get --raw /readyz').stdout).toBe('ok');
    const verbose = kubectl(sim, 'get --raw /readyz?verbose').stdout;
    expect(verbose.startsWith('[+]ping ok\n[+]log ok\n[+]etcd ok\n[+]etcd-readiness ok\n')).toBe(true);
    expect(verbose.endsWith('[+]shutdown ok\nreadyz check passed\n')).toBe(true);
    expect(kubectl(sim, 'get --raw /livez?verbose').stdout.endsWith('livez check passed\n')).toBe(true);
  });

  it('watches until nothing changes for a minute of simulated time', () => {
    const before = sim.now;
    const r = kubectl(sim, `get pods -n ${NS} -l app=web -w`);
    expect(r.stdout.split('\n').filter((l) => l).length).toBe(3);
    expect(sim.now - before).toBe(60_000);
  });
});
