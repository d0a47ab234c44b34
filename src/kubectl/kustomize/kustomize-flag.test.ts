/**
 * `-k DIR` on the commands that read `-f`: the build goes through the same path as the files
 * would. Expected texts are what kubectl v1.35.2 printed for the same files, against
 * `reconcile serve` (seed 1) for the lines that reach the cluster and offline for the flag
 * errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from '../chunks';
import { Session } from '../session';
import { sessionRunner } from '../testing';

const FILES = {
  'base/kustomization.yaml': 'resources:\n- deploy.yaml\nconfigMapGenerator:\n- name: cfg\n  literals:\n  - MODE=base\n',
  'base/deploy.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.25\n        envFrom:\n        - configMapRef:\n            name: cfg\n',
  'dev/kustomization.yaml': 'namespace: dev\nnamePrefix: dev-\nlabels:\n- pairs:\n    env: dev\nresources:\n- ../base\n- ns.yaml\n',
  'dev/ns.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\n',
  'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n',
};

beforeAll(() => loadKubectlChunks());

describe('kubectl -k DIR', () => {
  it('applies, gets, diffs and deletes the build, in its order', () => {
    const run = sessionRunner(new Session({ files: FILES }));
    const created = 'namespace/dev created\nconfigmap/dev-cfg-btf6f9dc9c created\ndeployment.apps/dev-web created\n';
    expect(run('kubectl apply -k dev')).toEqual({ out: created, err: '', code: 0 });
    expect(run('kubectl apply -k dev').out).toBe(created.replaceAll('created', 'unchanged'));
    expect(run('kubectl get -k dev')).toEqual({
      out: `NAME            STATUS   AGE
namespace/dev   Active   0s

NAME                           DATA   AGE
configmap/dev-cfg-btf6f9dc9c   1      0s

NAME                      READY   UP-TO-DATE   AVAILABLE   AGE
deployment.apps/dev-web   0/1     1            0           0s
`,
      err: '',
      code: 0,
    });
    expect(run('kubectl diff -k dev')).toEqual({ out: '', err: '', code: 0 });
    expect(run('kubectl apply -k dev --dry-run=server -o name').out).toBe('namespace/dev\nconfigmap/dev-cfg-btf6f9dc9c\ndeployment.apps/dev-web\n');
    expect(run('kubectl delete -k dev --dry-run=client')).toEqual({
      out: 'namespace "dev" deleted (dry run)\nconfigmap "dev-cfg-btf6f9dc9c" deleted from dev namespace (dry run)\ndeployment.apps "dev-web" deleted from dev namespace (dry run)\n',
      err: '',
      code: 0,
    });
    expect(run('kubectl get deploy dev-web -n dev -o jsonpath={.spec.template.spec.containers[0].envFrom[0].configMapRef.name}').out).toBe('dev-cfg-btf6f9dc9c');
  });

  it('reads -k wherever kubectl reads -f: create, replace, label, annotate, get -o name, delete', () => {
    const run = sessionRunner(new Session({ files: { 'k/kustomization.yaml': 'resources:\n- cm.yaml\n', 'k/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n' } }));
    expect(run('kubectl create -k k --dry-run=client -o name').out).toBe('configmap/c\n');
    expect(run('kubectl create -k k').out).toBe('configmap/c created\n');
    expect(run('kubectl replace -k k').out).toBe('configmap/c replaced\n');
    expect(run('kubectl label -k k a=b').out).toBe('configmap/c labeled\n');
    expect(run('kubectl annotate -k k x=y').out).toBe('configmap/c annotated\n');
    expect(run('kubectl get -k k -o name').out).toBe('configmap/c\n');
    expect(run('kubectl delete -k k').out).toBe('configmap "c" deleted from default namespace\n');
  });

  it('refuses -f with -k, -k with -R, and a directory that is not one', () => {
    const run = sessionRunner(new Session({ files: FILES }));
    for (const cmd of ['apply', 'create', 'delete', 'get', 'describe']) {
      expect(run(`kubectl ${cmd} -f cm.yaml -k dev`)).toEqual({ out: '', err: 'error: only one of -f or -k can be specified\n', code: 1 });
    }
    expect(run('kubectl label -f cm.yaml -k dev a=b').err).toBe('error: only one of -f or -k can be specified\n');
    // kubectl diff exits 2 on an error (1 means differences).
    expect(run('kubectl diff -f cm.yaml -k dev')).toEqual({ out: '', err: 'error: only one of -f or -k can be specified\n', code: 2 });
    expect(run('kubectl apply -k dev -R').err).toBe("error: the -k flag can't be used with -f or -R\n");
    expect(run('kubectl apply -k nope').err).toBe("error: must build at directory: not a valid directory: evalsymlink failure on 'nope' : lstat /home/learner/nope: no such file or directory\n");
    expect(run('kubectl apply -k cm.yaml').err).toBe("error: must build at directory: 'cm.yaml': file is not directory\n");
    expect(run("kubectl apply -k ''").err).toBe('error: must specify one of -f and -k\n');
  });
});

describe('kubectl get -f', () => {
  it("looks each object up in its own namespace, one table for consecutive objects of a kind (as recorded against reconcile serve)", () => {
    const two = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n  namespace: dev\n';
    const run = sessionRunner(new Session({ files: { 'two.yaml': two } }));
    run('kubectl create namespace dev');
    expect(run('kubectl apply -f two.yaml').out).toBe('configmap/a created\nconfigmap/b created\n');
    expect(run('kubectl get -f two.yaml')).toEqual({ out: 'NAME   DATA   AGE\na      0      0s\nb      0      0s\n', err: '', code: 0 });
  });
});

describe('kubectl kustomize at the prompt', () => {
  it('builds what the learner wrote with a heredoc, in the working directory, and writes -o FILE', () => {
    const run = sessionRunner(new Session());
    expect(run('mkdir app').code).toBe(0);
    expect(run('cd app').code).toBe(0);
    run("cat > kustomization.yaml <<EOF\nnamePrefix: dev-\nconfigMapGenerator:\n- name: cfg\n  literals:\n  - k=v\nEOF");
    // The same build as the recorded `configMapGenerator` rows: the hash ignores the name.
    const built = 'apiVersion: v1\ndata:\n  k: v\nkind: ConfigMap\nmetadata:\n  name: dev-cfg-bdg947hgcc\n';
    expect(run('kubectl kustomize')).toEqual({ out: built, err: '', code: 0 });
    expect(run('kubectl kustomize -o out.yaml')).toEqual({ out: '', err: '', code: 0 });
    expect(run('cat out.yaml').out).toBe(built);
    expect(run('cd ..').code).toBe(0);
    expect(run('kubectl apply -k app').out).toBe('configmap/dev-cfg-bdg947hgcc created\n');
    expect(run('kubectl kustomize missing').err).toBe("error: must build at directory: not a valid directory: evalsymlink failure on 'missing' : lstat /home/learner/missing: no such file or directory\n");
  });

  it('writes -o DIR one file per object, -o FILE whole, and takes --load-restrictor (listings recorded from kubectl 1.35.2)', () => {
    const deploy = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: x\nspec:\n  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: nginx}]}}\n';
    const run = sessionRunner(
      new Session({
        files: {
          'kustomization.yaml': 'resources:\n- r.yaml\nconfigMapGenerator:\n- name: c\n  literals:\n  - a=1\n',
          'r.yaml': `${deploy}---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n`,
          'one/kustomization.yaml': 'resources:\n- r.yaml\n',
          'one/r.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: n\n',
          'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: up\n',
          'app/kustomization.yaml': 'resources:\n- ../cm.yaml\n',
        },
      }),
    );
    run('mkdir outdir out1');
    expect(run('kubectl kustomize . -o outdir')).toEqual({ out: '', err: '', code: 0 });
    // Two namespaces among the namespaced objects: each file names its own.
    expect(run('ls outdir').out).toBe('default_v1_configmap_c-h29d89cmmt.yaml\nv1_namespace_x.yaml\nx_apps_v1_deployment_web.yaml\n');
    expect(run('cat outdir/v1_namespace_x.yaml').out).toBe('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n');
    run('kubectl kustomize one -o out1');
    expect(run('ls out1').out).toBe('v1_configmap_a.yaml\nv1_namespace_n.yaml\n');
    expect(run('kubectl kustomize . -o nodir/x.yaml').err).toBe('error: open nodir/x.yaml: no such file or directory\n');
    expect(run('kubectl kustomize . -o newdir/').err).toBe('error: open newdir/: is a directory\n');
    expect(run('kubectl kustomize . --load-restrictor bogus').err).toBe('error: illegal flag value --load-restrictor bogus; legal values: [LoadRestrictionsRootOnly LoadRestrictionsNone]\n');
    expect(run('kubectl kustomize app --load-restrictor LoadRestrictionsNone')).toEqual({ out: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: up\n', err: '', code: 0 });
  });

  it('refuses by name what it does not build', () => {
    expect(sessionRunner(new Session())('kubectl kustomize --enable-helm')).toEqual({
      out: '',
      err: 'error: --enable-helm is not available in this simulator: it runs no Helm and no kustomize plugins\n',
      code: 1,
    });
    const run = sessionRunner(new Session({ files: { 'kustomization.yaml': 'helmCharts:\n- name: redis\n', 'r/kustomization.yaml': 'resources:\n- github.com/org/repo//base?ref=v1\n' } }));
    expect(run('kubectl kustomize .')).toEqual({ out: '', err: "error: 'helmCharts' is not available in this simulator's kustomize (in /home/learner)\n", code: 1 });
    expect(run('kubectl kustomize r').err).toBe(
      'error: accumulating resources: a remote resource (github.com/org/repo//base?ref=v1) is not available in this simulator: it has no network to fetch it from\n',
    );
  });
});
