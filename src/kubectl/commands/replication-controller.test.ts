import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl, NGINX_RC as RC } from '../testing';

const TEMPLATE = `apiVersion: v1
kind: PodTemplate
metadata:
  name: busy
template:
  metadata:
    labels:
      app: busy
  spec:
    containers:
    - name: busy
      image: busybox:1.36
`;

const EMPTY = 'apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: empty\nspec:\n  replicas: 1\n';
const BAD_TEMPLATE = 'apiVersion: v1\nkind: PodTemplate\nmetadata:\n  name: Bad\ntemplate:\n  spec:\n    containers: []\n';

describe('kubectl with ReplicationControllers and PodTemplates', () => {
  const sim = new Simulation({ seed: 1 });
  const files = { 'rc.yaml': RC, 'template.yaml': TEMPLATE, 'empty.yaml': EMPTY, 'bad-template.yaml': BAD_TEMPLATE };
  const k = (line: string): ReturnType<typeof kubectl> => kubectl(sim, line, { files });

  it('lists both in api-resources where the core group sorts them', () => {
    const rows = k('api-resources --api-group=').stdout.split('\n');
    expect(rows.slice(11, 14)).toEqual([
      'pods                     po           v1           true         Pod',
      'podtemplates                          v1           true         PodTemplate',
      'replicationcontrollers   rc           v1           true         ReplicationController',
    ]);
    expect(k('api-resources --categories=all -o name').stdout).toBe(
      ['pods', 'replicationcontrollers', 'services', 'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps', 'horizontalpodautoscalers.autoscaling', 'cronjobs.batch', 'jobs.batch', ''].join('\n'),
    );
  });

  it('creates an RC whose Pods come up, and prints printReplicationController’s columns', () => {
    expect(k('apply -f rc.yaml').stdout).toBe('replicationcontroller/nginx created\n');
    sim.advance(30_000);
    expect(k('get rc').stdout).toBe(['NAME    DESIRED   CURRENT   READY   AGE', 'nginx   3         3         3       30s', ''].join('\n'));
    expect(k('get rc nginx -o wide').stdout).toBe(['NAME    DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES       SELECTOR', 'nginx   3         3         3       30s   nginx        nginx:1.27   app=nginx', ''].join('\n'));
    const pods = k('get pods -l app=nginx -o name').stdout.trim().split('\n');
    expect(pods).toHaveLength(3);
    for (const p of pods) expect(p).toMatch(/^pod\/nginx-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('exposes the RC by its selector and its template’s ports (mapBasedSelectorForObject, portsForObject)', () => {
    expect(k('expose rc nginx --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  labels:
    app: nginx
  name: nginx
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: nginx
status:
  loadBalancer: {}
`);
  });

  it('describes the RC as describeReplicationController does', () => {
    const out = k('describe rc nginx').stdout;
    expect(out).toBe(
      [
        'Name:         nginx',
        'Namespace:    default',
        'Selector:     app=nginx',
        'Labels:       app=nginx',
        'Annotations:  <none>',
        'Replicas:     3 current / 3 desired',
        'Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed',
        'Pod Template:',
        '  Labels:  app=nginx',
        '  Containers:',
        '   nginx:',
        '    Image:         nginx:1.27',
        '    Port:          80/TCP',
        '    Host Port:     0/TCP',
        '    Environment:   <none>',
        '    Mounts:        <none>',
        '  Volumes:         <none>',
        '  Node-Selectors:  <none>',
        '  Tolerations:     <none>',
        'Events:',
        '  Type    Reason            Age   From                    Message',
        '  ----    ------            ----  ----                    -------',
        // In the order the slow-start batches (1, then 2) created them.
        ...['nginx-7l5pz', 'nginx-xtmwq', 'nginx-khckl'].map((p) => `  Normal  SuccessfulCreate  30s   replication-controller  Created pod: ${p}`),
        '',
      ].join('\n'),
    );
  });

  it('scales through the scale subresource and refuses rollouts as kubectl does', () => {
    expect(k('scale rc nginx --replicas=1').stdout).toBe('replicationcontroller/nginx scaled\n');
    sim.advance(5_000);
    expect(k('get rc nginx').stdout).toBe(['NAME    DESIRED   CURRENT   READY   AGE', 'nginx   1         1         1       35s', ''].join('\n'));
    expect(k('rollout status rc/nginx').stderr).toBe('error: no status viewer has been implemented for ReplicationController\n');
    expect(k('rollout history rc/nginx').stderr).toBe('error: no history viewer has been implemented for "ReplicationController"\n');
    expect(k('rollout undo rc/nginx').stderr).toBe('error: no rollbacker has been implemented for "ReplicationController"\n');
    expect(k('rollout restart rc/nginx').stderr).toBe('error: replicationcontrollers "nginx" restarting is not supported\n');
    expect(k('rollout history rs/nothing').stderr).toBe('Error from server (NotFound): replicasets.apps "nothing" not found\n');
  });

  it('shows the RC in `get all`, in discovery order', () => {
    const heads = k('get all').stdout.split('\n').filter((l) => l.startsWith('NAME'));
    expect(heads.map((h) => h.split(/\s+/)[1])).toEqual(['READY', 'DESIRED', 'TYPE']);
    expect(k('get all').stdout).toContain('\nreplicationcontroller/nginx   1         1         1       35s\n');
  });

  it('reports ValidateReplicationController’s and ValidatePodTemplate’s errors', () => {
    expect(k('create -f empty.yaml').stderr).toBe(['The ReplicationController "empty" is invalid: ', '* spec.selector: Required value', '* spec.template: Required value', ''].join('\n'));
    expect(k('create -f bad-template.yaml').stderr).toBe(
      [
        'The PodTemplate "Bad" is invalid: ',
        `* metadata.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        '* template.spec.containers: Required value',
        '',
      ].join('\n'),
    );
  });

  it('stores PodTemplates and prints printPodTemplate’s columns', () => {
    expect(k('create -f template.yaml').stdout).toBe('podtemplate/busy created\n');
    expect(k('get podtemplates').stdout).toBe(['NAME   CONTAINERS   IMAGES         POD LABELS', 'busy   busy         busybox:1.36   app=busy', ''].join('\n'));
    expect(k('get podtemplate busy -o jsonpath={.metadata.generation}').stdout).toBe('1');
  });

  it('deletes the RC and the garbage collector takes its Pods', () => {
    expect(k('delete rc nginx').stdout).toBe('replicationcontroller "nginx" deleted from default namespace\n');
    sim.advance(40_000);
    expect(k('get pods -l app=nginx').all).toBe('No resources found in default namespace.\n');
  });
});
