import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { KObject, Node } from '../../k8s/types';
import { kubectl } from '../testing';

let sim: Simulation;

const node = (name: string): Node => sim.objects('nodes').find((o) => o.metadata.name === name) as Node;
const deployment = (name: string): KObject | undefined => sim.objects('deployments').find((o) => o.metadata.namespace === 'default' && o.metadata.name === name);

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, 'create deployment web --image=nginx --replicas=2');
});

describe('kubectl taint', () => {
  it('adds, refuses a duplicate without --overwrite, overwrites and removes', () => {
    expect(kubectl(sim, 'taint nodes node-1 team=a:NoSchedule').stdout).toBe('node/node-1 tainted\n');
    expect(node('node-1').spec.taints).toContainEqual({ key: 'team', value: 'a', effect: 'NoSchedule' });
    const dup = kubectl(sim, 'taint nodes node-1 team=b:NoSchedule');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toBe('error: node node-1 already has team taint(s) with same effect(s) and --overwrite is false\n');
    expect(kubectl(sim, 'taint nodes node-1 team=b:NoSchedule --overwrite').stdout).toBe('node/node-1 modified\n');
    expect(kubectl(sim, 'taint nodes node-1 team-').stdout).toBe('node/node-1 untainted\n');
    expect(node('node-1').spec.taints ?? []).not.toContainEqual(expect.objectContaining({ key: 'team' }));
    expect(kubectl(sim, 'taint nodes node-1 team-').stderr).toBe('error: taint "team" not found\n');
  });

  it('checks the effect, the resource type and the selection as upstream', () => {
    expect(kubectl(sim, 'taint nodes node-1 a=b:Never').stderr).toBe("error: invalid taint effect: Never, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n");
    expect(kubectl(sim, 'taint pods x a=b:NoSchedule').stderr).toBe('error: invalid resource type pods, only node types are supported\n');
    expect(kubectl(sim, 'taint nodes a=b:NoSchedule').stderr).toBe("error: at least one resource name must be specified since 'all' parameter is not set\n");
    expect(kubectl(sim, 'taint nodes node-1').stderr).toBe('error: at least one taint update is required\n');
  });

  it('taints every node with --all, through the apiserver (RBAC applies)', () => {
    expect(kubectl(sim, 'taint nodes --all x=y:PreferNoSchedule --as=jane').stderr).toMatch(/^Error from server \(Forbidden\)/);
    const out = kubectl(sim, 'taint nodes --all x=y:PreferNoSchedule').stdout;
    expect(out.split('\n').filter(Boolean).every((l) => l.endsWith(' tainted'))).toBe(true);
    kubectl(sim, 'taint nodes --all x-');
  });

  it('NoExecute evicts the Pods that do not tolerate it', () => {
    sim.advance(20_000);
    const on = (n: string): number => sim.objects('pods').filter((p) => (p as { spec: { nodeName?: string } }).spec.nodeName === n && !p.metadata.deletionTimestamp && p.metadata.namespace === 'default').length;
    const target = ['node-1', 'node-2', 'node-3'].find((n) => on(n) > 0)!;
    kubectl(sim, `taint nodes ${target} evict=now:NoExecute`);
    sim.advance(5_000);
    expect(on(target)).toBe(0);
    kubectl(sim, `taint nodes ${target} evict-`);
  });
});

describe('taint effects', () => {
  const podsOf = (s: Simulation, app: string): { spec: { nodeName?: string }; metadata: KObject['metadata'] }[] =>
    s.objects('pods').filter((p) => p.metadata.labels?.['app'] === app && !p.metadata.deletionTimestamp) as never;

  it('PreferNoSchedule steers the scheduler to the node without it', () => {
    // Untainted, seed 2 places this Pod on node-3.
    const s = new Simulation({ seed: 2 });
    kubectl(s, 'taint nodes node-2 soft=yes:PreferNoSchedule');
    kubectl(s, 'taint nodes node-3 soft=yes:PreferNoSchedule');
    kubectl(s, 'create deployment pref --image=nginx');
    s.advance(10_000);
    expect(podsOf(s, 'pref').map((p) => p.spec.nodeName)).toEqual(['node-1']);
  });

  it('NoExecute waits for a toleration\'s tolerationSeconds before evicting', () => {
    const s = new Simulation({ seed: 3 });
    kubectl(s, 'taint nodes node-1 hold=on:NoSchedule');
    kubectl(s, 'taint nodes node-3 hold=on:NoSchedule');
    const manifest = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: tol',
      '  labels: {app: tol}',
      'spec:',
      '  containers: [{name: app, image: nginx}]',
      '  tolerations: [{key: drain, operator: Exists, effect: NoExecute, tolerationSeconds: 30}]',
    ].join('\n');
    kubectl(s, 'apply -f pod.yaml', { files: { 'pod.yaml': manifest } });
    s.advance(10_000);
    expect(podsOf(s, 'tol').map((p) => p.spec.nodeName)).toEqual(['node-2']);
    kubectl(s, 'taint nodes node-2 drain=now:NoExecute');
    s.advance(20_000);
    expect(podsOf(s, 'tol')).toHaveLength(1);
    s.advance(15_000);
    expect(podsOf(s, 'tol')).toHaveLength(0);
  });
});

describe('kubectl patch', () => {
  it('strategic by default, then merge and json, with the no-change message', () => {
    expect(kubectl(sim, `patch deployment web -p '{"spec":{"replicas":3}}'`).stdout).toBe('deployment.apps/web patched\n');
    expect(kubectl(sim, `patch deployment web -p 'spec: {replicas: 3}'`).stdout).toBe('deployment.apps/web patched (no change)\n');
    expect(kubectl(sim, `patch deployment web --type json -p '[{"op":"replace","path":"/spec/replicas","value":1}]'`).stdout).toBe('deployment.apps/web patched\n');
    expect((deployment('web')?.spec as { replicas: number }).replicas).toBe(1);
    // A merge patch replaces lists whole; strategic merges containers by name.
    kubectl(sim, `patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"side","image":"busybox"}]}}}}'`);
    expect((deployment('web')?.spec as { template: { spec: { containers: unknown[] } } }).template.spec.containers).toHaveLength(2);
    kubectl(sim, `patch deployment web --type merge -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}}}'`);
    expect((deployment('web')?.spec as { template: { spec: { containers: unknown[] } } }).template.spec.containers).toHaveLength(1);
  });

  it('reports upstream errors', () => {
    expect(kubectl(sim, `patch deployment web --type json -p '[{"op":"test","path":"/spec/replicas","value":9}]'`).stderr).toBe('The request is invalid: the server rejected our request due to an error in our request\n');
    expect(kubectl(sim, `patch deployment web --type json -p '[{"op":"remove","path":"/spec/nope"}]'`).code).toBe(1);
    expect(kubectl(sim, `patch deployment web --type json -p '{}'`).stderr).toBe('Error from server (BadRequest): error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp\n');
    // A client dry run applies the patch in kubectl, whose library says what the server's 422 hides.
    expect(kubectl(sim, `patch deployment web --type json -p '[{"op":"remove","path":"/spec/nope"}]' --dry-run=client`).stderr).toBe(
      "error: error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value\n",
    );
    expect(kubectl(sim, `patch deployment web --type json -p '{}' --dry-run=client`).stderr).toBe('error: json: cannot unmarshal object into Go value of type jsonpatch.Patch\n');
    // evanphx/json-patch v4 replaces a missing key as if adding it, on the server as in kubectl.
    expect(kubectl(sim, `patch deployment web --type json -p '[{"op":"replace","path":"/metadata/labels/tier","value":"web"}]'`).stdout).toBe('deployment.apps/web patched\n');
    // The usual slip: a container patched without its name, which strategic merge matches by.
    const keyless = kubectl(sim, `patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.28"}]}}}}'`);
    expect([keyless.stderr, keyless.code]).toEqual(['Error from server: map: map[image:nginx:1.28] does not contain declared merge key: name\n', 1]);
    expect(kubectl(sim, 'patch deployment web').stderr).toBe('error: must specify --patch or --patch-file containing the contents of the patch\n');
    expect(kubectl(sim, `patch deployment web --type x -p '{}'`).stderr).toBe('error: --type must be one of [json merge strategic], not "x"\n');
    expect(kubectl(sim, `patch deployment nope -p '{}'`).stderr).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
  });

  it('reads --patch-file', () => {
    const r = kubectl(sim, 'patch deployment web --patch-file p.yaml', { files: { 'p.yaml': 'metadata:\n  labels:\n    from: file\n' } });
    expect(r.stdout).toBe('deployment.apps/web patched\n');
    expect(deployment('web')?.metadata.labels?.['from']).toBe('file');
  });
});

describe('kubectl replace', () => {
  const file = { 'd.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n' };

  it('puts the file as written', () => {
    expect(kubectl(sim, 'replace -f d.yaml', { files: file }).stdout).toBe('deployment.apps/web replaced\n');
    expect(deployment('web')?.metadata.labels?.['from']).toBeUndefined();
  });

  it('--force deletes, waits, creates', () => {
    const uid = deployment('web')?.metadata.uid;
    expect(kubectl(sim, 'replace --force -f d.yaml', { files: file }).stdout).toBe('deployment.apps "web" deleted from default namespace\ndeployment.apps/web replaced\n');
    expect(deployment('web')?.metadata.uid).not.toBe(uid);
  });

  it('needs a file', () => {
    expect(kubectl(sim, 'replace').stderr).toBe('error: must specify --filename to replace\n');
    expect(kubectl(sim, 'replace --grace-period=1 -f d.yaml', { files: file }).stderr).toBe('error: --grace-period must have --force specified\n');
  });
});

describe('kubectl auth', () => {
  it('can-i answers yes or no (exit 1) through a SelfSubjectAccessReview', () => {
    expect(kubectl(sim, 'auth can-i create deployments')).toMatchObject({ stdout: 'yes\n', code: 0 });
    expect(kubectl(sim, 'auth can-i create deployments --as=jane')).toMatchObject({ stdout: 'no\n', code: 1 });
    expect(kubectl(sim, 'auth can-i get pods --as=jane')).toMatchObject({ stdout: 'yes\n', code: 0 });
    expect(kubectl(sim, 'auth can-i get pods -n kube-system --as=jane -q')).toMatchObject({ stdout: '', code: 1 });
    expect(kubectl(sim, 'auth can-i get foos').stderr).toBe("Warning: the server doesn't have a resource type 'foos'\n\n");
    expect(kubectl(sim, 'auth can-i get').stderr).toBe("error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n");
    expect(sim.traceSince(0).some((r) => r.kind === 'request' && r.detail.type === 'resource' && r.detail.resource === 'selfsubjectaccessreviews')).toBe(true);
  });

  it('reads resource/name as a resource name, so edit "can" patch pods/ephemeralcontainers but not the subresource', () => {
    kubectl(sim, 'create rolebinding ed-edit --clusterrole=edit --user=ed');
    // cani.go splits the argument at '/': a Pod named "ephemeralcontainers", which edit may patch.
    expect(kubectl(sim, 'auth can-i patch pods/ephemeralcontainers --as=ed')).toMatchObject({ stdout: 'yes\n', code: 0 });
    expect(kubectl(sim, 'auth can-i patch pods --subresource=ephemeralcontainers --as=ed')).toMatchObject({ stdout: 'no\n', code: 1 });
    expect(kubectl(sim, 'auth can-i create leases.coordination.k8s.io --as=ed')).toMatchObject({ stdout: 'yes\n', code: 0 });
    expect(kubectl(sim, 'auth can-i create events --as=ed')).toMatchObject({ stdout: 'yes\n', code: 0 });
  });

  it('--list prints the rules table', () => {
    const out = kubectl(sim, 'auth can-i --list').stdout;
    expect(out.split('\n')[0]).toBe('Resources                                       Non-Resource URLs   Resource Names   Verbs');
    expect(out).toContain('*.*                                             []                  []               [*]\n');
  });

  it('whoami prints the user the apiserver sees', () => {
    expect(kubectl(sim, 'auth whoami --as=jane --as-group=devs').stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [devs system:authenticated]\n');
  });
});

describe('kubectl describe clusterrole', () => {
  it("merges a resource's verbs across edit's sorted rules", () => {
    const rows = kubectl(sim, 'describe clusterrole edit').stdout.split('\n');
    expect(rows.find((l) => l.trimStart().startsWith('pods/attach '))?.trim().split(/ {2,}/)).toEqual(['pods/attach', '[]', '[]', '[get list watch create delete deletecollection patch update]']);
    expect(rows.find((l) => l.trimStart().startsWith('leases.'))?.trim().split(/ {2,}/)).toEqual(['leases.coordination.k8s.io', '[]', '[]', '[create delete deletecollection get list patch update watch]']);
  });
});

describe('verbs that once were refused', () => {
  it('top fails as without metrics-server; attach, port-forward and debug answer as kubectl does', () => {
    expect(kubectl(sim, 'top pods').stderr).toBe('error: Metrics API not available\n');
    // attach is modelled (attach.test.ts): a missing Pod is the server's NotFound.
    const r = kubectl(sim, 'attach x');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Error from server (NotFound): pods "x" not found\n');
    // port-forward is modelled (port-forward.test.ts): a missing Pod is the server's NotFound.
    expect(kubectl(sim, 'port-forward pod/x 8080:80').stderr).toBe('Error from server (NotFound): pods "x" not found\n');
    // debug's Pod form is modelled (debug.test.ts); what it is not names what is.
    expect(kubectl(sim, 'debug x').stderr).toBe('error: you must specify --image when not using --copy-to.\n');
  });
});
