import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { KObject } from '../../k8s/types';
import { kubectl } from '../testing';

let sim: Simulation;
const NS = 'kt-apply';

const cm = (data: Record<string, string>, labels: Record<string, string> = {}): string => `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
${Object.keys(labels).length ? `  labels:\n${Object.entries(labels).map(([k, v]) => `    ${k}: ${v}`).join('\n')}\n` : ''}data:
${Object.entries(data).map(([k, v]) => `  ${k}: "${v}"`).join('\n')}
`;

function live(resource: string, name: string): KObject {
  return sim.objects(resource).find((o) => o.metadata.namespace === NS && o.metadata.name === name)!;
}

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
  kubectl(sim, `create ns ${NS}`);
});

describe('kubectl apply', () => {
  it('creates, then reports unchanged, then configured', () => {
    const a = kubectl(sim, `apply -n ${NS} -f cm.yaml`, { files: { 'cm.yaml': cm({ a: '1', b: '2' }, { tier: 'x' }) } });
    expect(a).toMatchObject({ stdout: 'configmap/settings created\n', stderr: '', code: 0 });
    const annotation = live('configmaps', 'settings').metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration'];
    expect(annotation).toBe(`{"apiVersion":"v1","data":{"a":"1","b":"2"},"kind":"ConfigMap","metadata":{"annotations":{},"labels":{"tier":"x"},"name":"settings","namespace":"${NS}"}}\n`);
    const rv = live('configmaps', 'settings').metadata.resourceVersion;
    expect(kubectl(sim, `apply -n ${NS} -f cm.yaml`, { files: { 'cm.yaml': cm({ a: '1', b: '2' }, { tier: 'x' }) } }).stdout).toBe('configmap/settings unchanged\n');
    expect(live('configmaps', 'settings').metadata.resourceVersion).toBe(rv);
    expect(kubectl(sim, `apply -n ${NS} -f cm.yaml`, { files: { 'cm.yaml': cm({ a: '1' }) } }).stdout).toBe('configmap/settings configured\n');
  });

  it('removes fields dropped from the manifest but keeps fields set by others', () => {
    sim.request({ verb: 'patch', resource: 'configmaps', namespace: NS, name: 'settings', body: { metadata: { labels: { owner: 'someone-else' } } } as unknown as KObject });
    kubectl(sim, `apply -n ${NS} -f cm.yaml`, { files: { 'cm.yaml': cm({ a: '1' }) } });
    const obj = live('configmaps', 'settings') as KObject & { data: Record<string, string> };
    expect(obj.data).toEqual({ a: '1' });
    expect(obj.metadata.labels).toEqual({ owner: 'someone-else' });
  });

  it('honours --dry-run=client and --dry-run=server without writing', () => {
    const rv = live('configmaps', 'settings').metadata.resourceVersion;
    const files = { 'cm.yaml': cm({ a: '9' }) };
    expect(kubectl(sim, `apply -n ${NS} -f cm.yaml --dry-run=client`, { files }).stdout).toBe('configmap/settings configured (dry run)\n');
    expect(kubectl(sim, `apply -n ${NS} -f cm.yaml --dry-run=server`, { files }).stdout).toBe('configmap/settings configured (server dry run)\n');
    expect(kubectl(sim, `apply -n ${NS} -f cm.yaml --dry-run=client -o jsonpath={.data.a}`, { files }).stdout).toBe('9');
    expect(live('configmaps', 'settings').metadata.resourceVersion).toBe(rv);
  });

  it('warns when the live object was not created by apply', () => {
    const files = { 'c.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made-by-create\ndata:\n  k: v\n` };
    expect(kubectl(sim, `create -n ${NS} -f c.yaml`, { files }).stdout).toBe('configmap/made-by-create created\n');
    const r = kubectl(sim, `apply -n ${NS} -f c.yaml`, { files });
    expect(r.stderr).toBe(
      'Warning: resource configmaps/made-by-create is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
    );
    expect(r.stdout).toBe('configmap/made-by-create configured\n');
    expect(kubectl(sim, `create -n ${NS} -f c.yaml`, { files })).toMatchObject({
      stderr: 'Error from server (AlreadyExists): error when creating "c.yaml": configmaps "made-by-create" already exists\n',
      code: 1,
    });
  });

  it('applies multi-document files, directories, stdin and Lists in order, reporting errors last', () => {
    const files = {
      'app/1-svc.yaml': `apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  clusterIP: 10.96.201.1\n  ports:\n  - port: 80\n---\napiVersion: v1\nkind: Frobnicator\nmetadata:\n  name: odd\n`,
      'app/2-list.yaml': `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: l1\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: l2\n`,
      'app/notes.txt': 'ignored',
    };
    const r = kubectl(sim, `apply -n ${NS} -f app/`, { files });
    expect(r.stdout).toBe('service/api created\nconfigmap/l1 created\nconfigmap/l2 created\n');
    expect(r.stderr).toBe('error: resource mapping not found for name: "odd" namespace: "" from "app/1-svc.yaml": no matches for kind "Frobnicator" in version "v1"\nensure CRDs are installed first\n');
    expect(r.code).toBe(1);
    const s = kubectl(sim, `apply -n ${NS} -f -`, { stdin: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-stdin\n` });
    expect(s.stdout).toBe('configmap/from-stdin created\n');
  });

  it('prints YAML syntax and validation errors like kubectl', () => {
    const bad = kubectl(sim, 'apply -f bad.yaml', { files: { 'bad.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels: a: b\n' } });
    expect(bad).toMatchObject({ stderr: 'error: error parsing bad.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context\n', code: 1 });
    const noKind = kubectl(sim, 'apply -f x.yaml', { files: { 'x.yaml': 'metadata:\n  name: x\n' } });
    expect(noKind.stderr).toBe('error: error validating "x.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false\n');
    expect(kubectl(sim, 'apply -f missing.yaml').stderr).toBe('error: the path "missing.yaml" does not exist\n');
    expect(kubectl(sim, 'apply -f empty.yaml', { files: { 'empty.yaml': '# nothing\n' } }).stderr).toBe('error: no objects passed to apply\n');
    const mismatch = kubectl(sim, `apply -n ${NS} -f m.yaml`, { files: { 'm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\n  namespace: other\n' } });
    expect(mismatch.stderr).toBe(`error: the namespace from the provided object "other" does not match the namespace "${NS}". You must pass '--namespace=other' to perform this operation.\n`);
  });

  it('renders Invalid errors from their causes', () => {
    const dep = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: broken
spec:
  selector:
    matchLabels:
      app: x
  template:
    metadata:
      labels:
        app: wrong
    spec:
      containers:
      - name: c
        image: nginx
`;
    const r = kubectl(sim, `apply -n ${NS} -f d.yaml`, { files: { 'd.yaml': dep } });
    expect(r).toMatchObject({ stderr: 'The Deployment "broken" is invalid: spec.template.metadata.labels: Invalid value: {"app":"wrong"}: `selector` does not match template `labels`\n', code: 1 });
  });
});

describe('kubectl create', () => {
  it('generates a Deployment like kubectl create deployment', () => {
    const r = kubectl(sim, `create deployment web -n ${NS} --image=registry.k8s.io/nginx:1.25 --replicas=3 --port=80 --dry-run=client -o yaml`);
    expect(r.stdout).toBe(`apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
  name: web
  namespace: ${NS}
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: registry.k8s.io/nginx:1.25
        name: nginx
        ports:
        - containerPort: 80
        resources: {}
status: {}
`);
    expect(kubectl(sim, `create deployment web -n ${NS} --image=nginx`).stdout).toBe('deployment.apps/web created\n');
    expect(kubectl(sim, 'create namespace kt-other').stdout).toBe('namespace/kt-other created\n');
    expect(kubectl(sim, 'create namespace kt-other')).toMatchObject({ stderr: 'Error from server (AlreadyExists): namespaces "kt-other" already exists\n', code: 1 });
  });
});

describe('manifests whose name or namespace is not a string', () => {
  // kubectl reads metadata.name and .namespace through unstructured accessors: anything but a
  // string reads as "" (and a missing namespace is then set from -n); the server's decoding
  // refuses the body. Plain objects answer `toString`/`valueOf` from their prototype, so a field
  // by that name with a null value once turned every -f command into an internal error.
  const odd = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {toString: null}\n  namespace: {valueOf: null}\n';

  it('apply and create refuse it with the server\'s decoding error', () => {
    for (const verb of ['apply', 'create']) {
      const r = kubectl(sim, `${verb} -f -`, { stdin: odd });
      expect(r).toMatchObject({ code: 1, stdout: '' });
      expect(r.stderr).toBe('Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal object into Go struct field ObjectMeta.metadata.name of type string\n');
    }
  });

  it('a namespace that is not a string reads as none, so -n (or default) places the object', () => {
    const r = kubectl(sim, `apply -n ${NS} -f -`, { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: placed\n  namespace: [x]\n' });
    expect(r).toMatchObject({ stdout: 'configmap/placed created\n', code: 0 });
    expect(live('configmaps', 'placed').metadata.namespace).toBe(NS);
  });

  it('every command reading -f looks it up by the empty name', () => {
    for (const verb of ['get', 'describe', 'delete', 'label x=y', 'scale --replicas=2']) {
      const [cmd, ...rest] = verb.split(' ');
      const r = kubectl(sim, `${cmd} -f - ${rest.join(' ')}`, { stdin: odd });
      expect(r.stderr).not.toContain('internal error');
      expect(r.stderr).toMatch(/^Error from server \(NotFound\): .*configmaps "" not found\n$/);
    }
  });
});
