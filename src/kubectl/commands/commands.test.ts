import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { KObject } from '../../k8s/types';
import { kubectl } from '../testing';

let sim: Simulation;
const NS = 'kt-cmd';

function create(resource: string, body: Record<string, unknown>, ns?: string): KObject {
  const res = sim.request({ verb: 'create', resource, ...(ns ? { namespace: ns } : {}), body: body as KObject });
  if (!res.ok || !res.object) throw new Error(JSON.stringify(res));
  return res.object;
}

function live(resource: string, name: string, ns: string | undefined = NS): KObject | undefined {
  return sim.objects(resource).find((o) => o.metadata.namespace === ns && o.metadata.name === name);
}

const parkedPod = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { app: 'parked' } },
  spec: { schedulerName: 'kt-none', containers: [{ name: 'app', image: 'nginx' }], ...extra },
});

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, `create ns ${NS}`);
});

describe('delete', () => {
  it('deletes by name with the v1.34 message and reports NotFound', () => {
    create('pods', parkedPod('p1'), NS);
    expect(kubectl(sim, `delete pod p1 -n ${NS}`)).toMatchObject({ stdout: `pod "p1" deleted from ${NS} namespace\n`, code: 0 });
    expect(live('pods', 'p1')).toBeUndefined();
    expect(kubectl(sim, `delete pod p1 -n ${NS}`)).toMatchObject({ stderr: 'Error from server (NotFound): pods "p1" not found\n', code: 1 });
    expect(kubectl(sim, `delete pod p1 -n ${NS} --ignore-not-found`)).toMatchObject({ stdout: '', stderr: '', code: 0 });
  });

  it('warns on --force, says force deleted, and handles --all, selectors and nothing found', () => {
    create('pods', parkedPod('p2'), NS);
    create('pods', parkedPod('p3'), NS);
    const forced = kubectl(sim, `delete pod p2 -n ${NS} --force`);
    expect(forced.all).toBe(
      `Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\npod "p2" force deleted from ${NS} namespace\n`,
    );
    expect(kubectl(sim, `delete pods -n ${NS} -l app=parked`).stdout).toBe(`pod "p3" deleted from ${NS} namespace\n`);
    expect(kubectl(sim, `delete pods -n ${NS} --all`).stdout).toBe('No resources found\n');
    expect(kubectl(sim, `delete pods -n ${NS}`)).toMatchObject({ stderr: 'error: resource(s) were provided, but no name was specified\n', code: 1 });
    expect(kubectl(sim, 'delete')).toMatchObject({ code: 1 });
    expect(kubectl(sim, 'delete').stderr.startsWith('error: You must provide one or more resources by argument or filename.\n')).toBe(true);
  });

  it('deletes what a file names without reading it first', () => {
    const files = { 'cm.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: doomed\n  namespace: ${NS}\n` };
    expect(kubectl(sim, 'apply -f cm.yaml', { files }).stdout).toBe('configmap/doomed created\n');
    expect(kubectl(sim, 'delete -f cm.yaml', { files }).stdout).toBe(`configmap "doomed" deleted from ${NS} namespace\n`);
    expect(kubectl(sim, 'delete -f cm.yaml', { files })).toMatchObject({ stderr: 'Error from server (NotFound): error when deleting "cm.yaml": configmaps "doomed" not found\n', code: 1 });
  });

  it('names cluster-scoped objects without a namespace', () => {
    create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'kt-gone' }, spec: {} });
    expect(kubectl(sim, 'delete node kt-gone').stdout).toBe('node "kt-gone" deleted\n');
  });
});

describe('scale, set image, label, annotate, expose, run', () => {
  it('scales through the scale subresource and checks --current-replicas', () => {
    kubectl(sim, `create deployment web -n ${NS} --image=nginx:1.24 --replicas=2`);
    expect(kubectl(sim, `scale deploy web -n ${NS} --replicas=4`).stdout).toBe('deployment.apps/web scaled\n');
    expect((live('deployments', 'web')!.spec as { replicas: number }).replicas).toBe(4);
    expect(kubectl(sim, `scale deployment/web -n ${NS} --replicas=1 --current-replicas=2`)).toMatchObject({ stderr: 'error: Expected replicas to be 2, was 4\n', code: 1 });
    expect(kubectl(sim, `scale deploy web -n ${NS}`)).toMatchObject({ stderr: 'error: required flag(s) "replicas" not set\n', code: 1 });
  });

  it('scales objects in turn, stops at the first the apiserver refuses, and reports names not found last', () => {
    kubectl(sim, `create deployment front -n ${NS} --image=nginx`);
    kubectl(sim, `create service clusterip front -n ${NS} --tcp=80:80`);
    // A Service has no scale subresource: the PATCH of …/scale is the apiserver's 404, and scaling ends there.
    // The builder visits TYPE/NAME arguments in the order given, so web (after the Service) keeps its 4.
    expect(kubectl(sim, `scale deploy/front svc/front deploy/web -n ${NS} --replicas=2`)).toMatchObject({ stdout: 'deployment.apps/front scaled\n', stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 });
    expect((live('deployments', 'web')!.spec as { replicas: number }).replicas).toBe(4);
    expect(kubectl(sim, `scale deploy/front deploy/nope deploy/web -n ${NS} --replicas=3`)).toMatchObject({ stdout: 'deployment.apps/front scaled\ndeployment.apps/web scaled\n', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n', code: 1 });
    // --dry-run=client sets spec.replicas on whatever it read.
    expect(kubectl(sim, `scale svc/front -n ${NS} --replicas=2 --dry-run=client`).stdout).toBe('service/front scaled (dry run)\n');
    expect(kubectl(sim, `scale deploy -l app=nothing -n ${NS} --replicas=2`)).toMatchObject({ stderr: 'error: no objects passed to scale\n', code: 1 });
  });

  it('updates container images', () => {
    expect(kubectl(sim, `set image deployment/web nginx=nginx:1.25 -n ${NS}`).stdout).toBe('deployment.apps/web image updated\n');
    const spec = live('deployments', 'web')!.spec as { template: { spec: { containers: { image: string }[] } } };
    expect(spec.template.spec.containers[0]!.image).toBe('nginx:1.25');
    expect(kubectl(sim, `set image deployment/web php=php:8 -n ${NS}`)).toMatchObject({ stderr: 'error: unable to find container named "php"\n', code: 1 });
  });

  it('labels and annotates with --overwrite rules', () => {
    expect(kubectl(sim, `label deploy web tier=front -n ${NS}`).stdout).toBe('deployment.apps/web labeled\n');
    expect(kubectl(sim, `label deploy web tier=back -n ${NS}`)).toMatchObject({ stderr: "error: 'tier' already has a value (front), and --overwrite is false\n", code: 1 });
    expect(kubectl(sim, `label deploy web tier=back --overwrite -n ${NS}`).stdout).toBe('deployment.apps/web labeled\n');
    expect(kubectl(sim, `label deploy web tier- -n ${NS}`).stdout).toBe('deployment.apps/web unlabeled\n');
    expect(live('deployments', 'web')!.metadata.labels).toEqual({ app: 'web' });
    // kubectl 1.36: a removal of a missing label is reported, and the verb follows what changed.
    expect(kubectl(sim, `label deploy web tier- -n ${NS}`).stdout).toBe('label "tier" not found.\ndeployment.apps/web not labeled\n');
    expect(kubectl(sim, `label deploy web tier=x --dry-run=client -n ${NS}`).stdout).toBe('deployment.apps/web labeled (dry run)\n');
    expect(kubectl(sim, `label deploy web tier=x -n ${NS}`).stdout).toBe('deployment.apps/web labeled\n');
    expect(kubectl(sim, `label deploy web tier- zone=a -n ${NS}`).stdout).toBe('deployment.apps/web modified\n');
    expect(kubectl(sim, `label deploy web zone- -n ${NS}`).stdout).toBe('deployment.apps/web unlabeled\n');
    expect(kubectl(sim, `annotate deploy web owner=team-a -n ${NS}`).stdout).toBe('deployment.apps/web annotated\n');
    expect(kubectl(sim, `annotate deploy web owner=team-b -n ${NS}`).stderr).toBe("error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (team-a)\n");
  });

  it('exposes a deployment and runs a pod', () => {
    const withPorts = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: ${NS}\nspec:\n  selector:\n    matchLabels:\n      app: api\n  template:\n    metadata:\n      labels:\n        app: api\n    spec:\n      containers:\n      - name: api\n        image: api:1\n        ports:\n        - containerPort: 8080\n`;
    kubectl(sim, 'apply -f api.yaml', { files: { 'api.yaml': withPorts } });
    expect(kubectl(sim, `expose deployment api -n ${NS} --port=80 --target-port=8080`).stdout).toBe('service/api exposed\n');
    const svc = live('services', 'api')!.spec as { selector: unknown; ports: { port: number; targetPort: number }[] };
    expect(svc.selector).toEqual({ app: 'api' });
    expect(svc.ports[0]).toMatchObject({ port: 80, targetPort: 8080 });
    expect(kubectl(sim, `expose deploy web -n ${NS}`)).toMatchObject({ stderr: "error: couldn't find port via --port flag or introspection\n", code: 1 });
    expect(kubectl(sim, `run box -n ${NS} --image=busybox --restart=Never --dry-run=client -o yaml -- sleep 3600`).stdout).toBe(`apiVersion: v1
kind: Pod
metadata:
  labels:
    run: box
  name: box
  namespace: ${NS}
spec:
  containers:
  - args:
    - sleep
    - "3600"
    image: busybox
    name: box
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
`);
  });
});

describe('wait', () => {
  it('reports a met condition at once and times out otherwise, advancing time', () => {
    const ready = create('pods', parkedPod('ready-one'), NS);
    sim.request({ verb: 'update', resource: 'pods', subresource: 'status', namespace: NS, name: 'ready-one', body: { ...ready, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } } as KObject });
    expect(kubectl(sim, `wait --for=condition=Ready pod/ready-one -n ${NS}`).stdout).toBe('pod/ready-one condition met\n');
    expect(kubectl(sim, `wait --for=jsonpath={.status.phase}=Running pod/ready-one -n ${NS}`).stdout).toBe('pod/ready-one condition met\n');
    expect(kubectl(sim, `wait --for=condition=ready=false pod/ready-one -n ${NS} --timeout=0s`)).toMatchObject({ stderr: 'error: timed out waiting for the condition on pods/ready-one\n', code: 1 });
    const before = sim.now;
    expect(kubectl(sim, `wait --for=delete pod/ready-one -n ${NS} --timeout=5s`)).toMatchObject({ stderr: 'error: timed out waiting for the condition on pods/ready-one\n', code: 1 });
    expect(sim.now - before).toBe(5000);
    expect(kubectl(sim, `wait --for=delete pod/never-existed -n ${NS}`)).toMatchObject({ stdout: '', stderr: '', code: 0 });
    expect(kubectl(sim, `wait --for=bogus pod/ready-one -n ${NS}`)).toMatchObject({ stderr: 'error: unrecognized condition: "bogus"\n', code: 1 });
  });
});

describe('cordon, uncordon, drain', () => {
  it('cordons, refuses unmanaged pods, then drains with --force', () => {
    create('nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'kt-drain' }, spec: {} });
    create('pods', parkedPod('lonely', { nodeName: 'kt-drain' }), NS);
    expect(kubectl(sim, 'cordon kt-drain').stdout).toBe('node/kt-drain cordoned\n');
    expect(kubectl(sim, 'cordon kt-drain').stdout).toBe('node/kt-drain already cordoned\n');
    const refused = kubectl(sim, 'drain kt-drain');
    expect(refused.all).toBe(
      // Upstream's own wording: unmanagedFatal already says `cannot delete`, and checkErr prints
      // the node's Aggregate through MultipleErrors, without `error: `.
      `node/kt-drain already cordoned\nerror: unable to drain node "kt-drain" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): ${NS}/lonely, continuing command...\nThere are pending nodes to be drained:\n kt-drain\ncannot delete cannot delete Pods that declare no controller (use --force to override): ${NS}/lonely\n`,
    );
    expect(refused.code).toBe(1);
    const drained = kubectl(sim, 'drain kt-drain --force --grace-period=0');
    expect(drained.all).toBe(`node/kt-drain already cordoned\nWarning: deleting Pods that declare no controller: ${NS}/lonely\nevicting pod ${NS}/lonely\npod/lonely evicted\nnode/kt-drain drained\n`);
    expect(live('pods', 'lonely')).toBeUndefined();
    expect(kubectl(sim, 'uncordon kt-drain').stdout).toBe('node/kt-drain uncordoned\n');
  });
});

describe('get priorityclasses', () => {
  it('prints printPriorityClass columns, PREEMPTIONPOLICY last', () => {
    create('priorityclasses', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'kt-high' }, value: 1000, preemptionPolicy: 'Never' });
    const out = kubectl(sim, 'get priorityclass kt-high').stdout.split('\n');
    expect(out[0]).toMatch(/^NAME\s+VALUE\s+GLOBAL-DEFAULT\s+AGE\s+PREEMPTIONPOLICY$/);
    expect(out[1]).toMatch(/^kt-high\s+1000\s+false\s+\S+\s+Never$/);
  });
});

describe('information commands', () => {
  it('prints versions, the control plane address and the API resources', () => {
    expect(kubectl(sim, 'version').stdout).toBe('Client Version: v1.36.1\nKustomize Version: v5.8.1\nServer Version: v1.36.1\n');
    expect(kubectl(sim, 'version --client').stdout).toBe('Client Version: v1.36.1\nKustomize Version: v5.8.1\n');
    expect(kubectl(sim, 'cluster-info').stdout.startsWith('Kubernetes control plane is running at https://10.0.0.10:6443\n')).toBe(true);
    expect(kubectl(sim, 'cluster-info').stdout.endsWith("\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n")).toBe(true);
    const res = kubectl(sim, 'api-resources').stdout.split('\n');
    expect(res[0]).toBe('NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND');
    expect(res).toContain('deployments                         deploy       apps/v1                           true         Deployment');
    expect(res).toContain('nodes                               no           v1                                false        Node');
    expect(res).toContain('clusterroles                                     rbac.authorization.k8s.io/v1      false        ClusterRole');
  });

  it('explains a missing logs argument and a missing pod', () => {
    expect(kubectl(sim, 'logs').stderr.startsWith("error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\n")).toBe(true);
    // logs.go rewraps the builder's NotFound as a plain error naming the namespace.
    expect(kubectl(sim, `logs nope -n ${NS}`)).toMatchObject({ stderr: `error: error from server (NotFound): pods "nope" not found in namespace "${NS}"\n`, code: 1 });
  });
});

describe('rollout', () => {
  let rsim: Simulation;
  const R = 'kt-roll';
  const rs = (rev: number, image: string, hash: string): Record<string, unknown> => ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: `shop-${hash}`, labels: { app: 'shop', 'pod-template-hash': hash }, annotations: { 'deployment.kubernetes.io/revision': String(rev) } },
    spec: {
      replicas: 0,
      selector: { matchLabels: { app: 'shop', 'pod-template-hash': hash } },
      template: { metadata: { labels: { app: 'shop', 'pod-template-hash': hash } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  });

  beforeAll(() => {
    rsim = new Simulation({ seed: 2 });
    kubectl(rsim, `create ns ${R}`);
    kubectl(rsim, `create deployment shop -n ${R} --image=nginx:1.25`);
    const d = rsim.objects('deployments').find((o) => o.metadata.name === 'shop')!;
    const owner = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop', uid: d.metadata.uid, controller: true, blockOwnerDeletion: true };
    for (const [rev, image, hash] of [[1, 'nginx:1.24', '5f9c7b6d4'], [2, 'nginx:1.25', '7d8b9c6f5']] as const) {
      const body = rs(rev, image, hash);
      (body['metadata'] as Record<string, unknown>)['ownerReferences'] = [owner];
      const res = rsim.request({ verb: 'create', resource: 'replicasets', namespace: R, body: body as KObject });
      if (!res.ok) throw new Error(JSON.stringify(res.error));
    }
  });

  it('prints the history table and one revision', () => {
    expect(kubectl(rsim, `rollout history deployment/shop -n ${R}`).stdout).toBe('deployment.apps/shop \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n');
    const one = kubectl(rsim, `rollout history deploy shop -n ${R} --revision=1`).stdout;
    expect(one.startsWith('deployment.apps/shop with revision #1\nPod Template:\n  Labels:\tapp=shop\n\tpod-template-hash=5f9c7b6d4\n  Containers:\n   nginx:\n    Image:\tnginx:1.24\n')).toBe(true);
  });

  it('reports rollout status lines without watching', () => {
    expect(kubectl(rsim, `rollout status deploy/shop -n ${R} --watch=false`).stdout).toMatch(/^(Waiting for deployment spec update to be observed\.\.\.|Waiting for deployment "shop" rollout to finish: 0 out of 1 new replicas have been updated\.\.\.)\n$/);
  });

  it('undoes to the previous revision and rejects unknown revisions', () => {
    expect(kubectl(rsim, `rollout undo deploy/shop -n ${R} --to-revision=9`)).toMatchObject({ stderr: 'error: unable to find specified revision 9 in history\n', code: 1 });
    expect(kubectl(rsim, `rollout undo deploy/shop -n ${R}`).stdout).toBe('deployment.apps/shop rolled back\n');
    const d = rsim.objects('deployments').find((o) => o.metadata.name === 'shop')!.spec as { template: { metadata: { labels: Record<string, string> }; spec: { containers: { image: string }[] } } };
    expect(d.template.spec.containers[0]!.image).toBe('nginx:1.24');
    expect(d.template.metadata.labels).toEqual({ app: 'shop' });
    expect(kubectl(rsim, `rollout undo deploy/shop -n ${R} --to-revision=1`).stdout).toBe('deployment.apps/shop skipped rollback (current template already matches revision 1)\n');
  });

  it('pauses, refuses to restart while paused, resumes and restarts', () => {
    expect(kubectl(rsim, `rollout pause deploy/shop -n ${R}`).stdout).toBe('deployment.apps/shop paused\n');
    expect(kubectl(rsim, `rollout pause deploy/shop -n ${R}`).stderr).toBe('error: deployments.apps "shop" is already paused\n');
    expect(kubectl(rsim, `rollout restart deploy/shop -n ${R}`)).toMatchObject({ stderr: `error: deployments "shop" can't restart paused deployment (run rollout resume first)\n`, code: 1 });
    expect(kubectl(rsim, `rollout resume deploy/shop -n ${R}`).stdout).toBe('deployment.apps/shop resumed\n');
    expect(kubectl(rsim, `rollout restart deploy/shop -n ${R}`).stdout).toBe('deployment.apps/shop restarted\n');
    const tmpl = (rsim.objects('deployments').find((o) => o.metadata.name === 'shop')!.spec as { template: { metadata: { annotations?: Record<string, string> } } }).template;
    expect(tmpl.metadata.annotations?.['kubectl.kubernetes.io/restartedAt']).toMatch(/^2025-09-01T\d\d:\d\d:\d\dZ$/);
  });
});
