/**
 * `kubectl apply view-last-applied`, `set-last-applied` and `edit-last-applied` on the headless
 * Session and on a terminal that is a TTY (the page's editor). Their bytes are also compared with
 * the real kubectl over `reconcile serve` (src/serve/last-applied-parity.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';
import { sessionRunner } from '../testing';

const web = (replicas: number, image = 'nginx:1.27'): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: ${image}
`;

const FILES = { 'web.yaml': web(2), 'web-3.yaml': web(3, 'nginx:1.28') };

/** What apply stored for web.yaml, as view-last-applied prints it. */
const VIEW_2 = `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations: {}
  name: web
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.27
        name: web
`;

function applied(interactive = false): { s: Session; run: ReturnType<typeof sessionRunner> } {
  const s = new Session({ seed: 1, files: FILES, interactive });
  const run = sessionRunner(s);
  run('kubectl apply -f web.yaml');
  return { s, run };
}

describe('kubectl apply view-last-applied', () => {
  it("prints what apply stored, as YAML or as the annotation's own JSON indented, and scale does not touch it", () => {
    const { run } = applied();
    expect(run('kubectl apply view-last-applied deployment/web')).toEqual({ out: VIEW_2, err: '', code: 0 });
    const json = run('kubectl apply view-last-applied deploy web -o json').out;
    expect(json).toMatch(/^\{\n {2}"apiVersion": "apps\/v1",\n {2}"kind": "Deployment",\n {2}"metadata": \{\n {4}"annotations": \{\},\n/);
    // The annotation's final newline is json.Indent's trailing whitespace, kept.
    expect(json.endsWith('\n  }\n}\n')).toBe(true);
    run('kubectl scale deployment web --replicas=5');
    expect(run('kubectl apply view-last-applied -f web.yaml').out).toBe(VIEW_2);
    expect(run('kubectl apply view-last-applied deployments -l app=web').out).toBe('');
    expect(run('kubectl apply view-last-applied deployments --all').out).toBe(VIEW_2);
  });

  it('skips an object named without the annotation, refuses one from a file, and needs something to view', () => {
    const { run } = applied();
    run('kubectl create configmap plain --from-literal=a=1');
    expect(run('kubectl apply view-last-applied configmap/plain')).toEqual({ out: '', err: '', code: 0 });
    expect(run('kubectl apply view-last-applied configmap/plain deployment/web').out).toBe(VIEW_2);
    run('kubectl get configmap plain -o yaml > plain.yaml');
    expect(run('kubectl apply view-last-applied -f plain.yaml')).toEqual({ out: '', err: 'error: error when no last-applied-configuration annotation found on resource: plain\n "plain.yaml": <nil>\n', code: 1 });
    expect(run('kubectl apply view-last-applied deployment/nope')).toEqual({ out: '', err: 'Error from server (NotFound): deployments.apps "nope" not found\n', code: 1 });
    expect(run('kubectl apply view-last-applied').err).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
    expect(run('kubectl apply view-last-applied deployments').err).toBe('error: resource(s) were provided, but no name was specified\n');
    expect(run('kubectl apply view-last-applied deploy/web -o wide')).toEqual({
      out: '',
      err: "error: Unexpected -o output mode: wide, the flag 'output' must be one of yaml|json\nSee 'kubectl apply view-last-applied -h' for help and examples\n",
      code: 1,
    });
  });
});

describe('kubectl apply set-last-applied', () => {
  it('rewrites the annotation alone, which the next apply then merges from', () => {
    const { run } = applied();
    // apply stored `annotations: {}`, which the file lacks: the first set is a change.
    expect(run('kubectl apply set-last-applied -f web.yaml')).toEqual({ out: 'deployment.apps/web configured\n', err: '', code: 0 });
    expect(run('kubectl apply set-last-applied -f web.yaml')).toEqual({ out: 'set-last-applied web: no changes required.\n', err: '', code: 0 });
    expect(run('kubectl apply set-last-applied -f web-3.yaml --dry-run=client').out).toBe('deployment.apps/web configured (dry run)\n');
    expect(run('kubectl apply set-last-applied -f web-3.yaml -o name')).toEqual({ out: 'deployment.apps/web\n', err: '', code: 0 });
    expect(run('kubectl apply view-last-applied deploy/web').out).toMatch(/\n {2}replicas: 3\n[\s\S]*\n {6}- image: nginx:1\.28\n/);
    // Only the annotation changed: the Deployment still runs 2 replicas of nginx:1.27.
    expect(run("kubectl get deploy web -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}'").out).toBe('2 nginx:1.27');
    // apply diffs the file against the live object too: replicas and image still change.
    expect(run('kubectl apply -f web-3.yaml').out).toBe('deployment.apps/web configured\n');
  });

  it('needs the annotation unless asked to create it, and an object that exists', () => {
    const s = new Session({ seed: 1, files: FILES });
    const run = sessionRunner(s);
    expect(run('kubectl apply set-last-applied -f web.yaml')).toEqual({ out: '', err: 'Error from server (NotFound): deployments.apps "web" not found\n', code: 1 });
    run('kubectl create deployment web --image=nginx:1.27 --replicas=2');
    expect(run('kubectl apply set-last-applied -f web.yaml')).toEqual({
      out: '',
      err: 'error: no last-applied-configuration annotation found on resource: web, to create the annotation, run the command with --create-annotation\n',
      code: 1,
    });
    expect(run('kubectl apply set-last-applied -f web.yaml --create-annotation').out).toBe('deployment.apps/web configured\n');
    expect(run('kubectl apply view-last-applied deploy/web').out).toBe(VIEW_2.replace('  annotations: {}\n', ''));
    expect(run('kubectl apply set-last-applied').err).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
  });
});

describe('kubectl apply edit-last-applied', () => {
  const HEADER = `# Please edit the 'last-applied-configuration' annotations below.
# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.
#
`;

  it("opens the page's editor on the configuration, and a save patches the annotation alone", () => {
    const { s, run } = applied(true);
    const opened = s.run('kubectl apply edit-last-applied deployment/web');
    expect(opened.output).toEqual([]);
    expect(opened.edit).toMatchObject({ kind: 'object', title: 'deployment.apps/web', line: 'kubectl apply edit-last-applied deployment/web', text: HEADER + VIEW_2 });
    const saved = run(opened.edit!.line, opened.edit!.text.replace('replicas: 2', 'replicas: 4'));
    expect(saved).toEqual({ out: 'deployment.apps/web edited\n', err: '', code: 0 });
    expect(run('kubectl apply view-last-applied deploy/web').out).toBe(VIEW_2.replace('replicas: 2', 'replicas: 4'));
    expect(run("kubectl get deploy web -o jsonpath='{.spec.replicas}'").out).toBe('2');
    // The same line again is a new edit; an unchanged save cancels it.
    const again = s.run('kubectl apply edit-last-applied deployment/web').edit!;
    expect(run(again.line, again.text)).toEqual({ out: '', err: 'Edit cancelled, no changes made.\n', code: 0 });
  });

  it('reopens a file that fails the schema check, and refuses what has no annotation or no editor', () => {
    const { s, run } = applied(true);
    const opened = s.run('kubectl apply edit-last-applied deploy/web').edit!;
    const empty = s.run(opened.line, '# nothing\n');
    expect(empty.output).toEqual([{ stream: 'stderr', text: 'error: deployments.apps "web" is invalid\n' }]);
    expect(empty.edit!.text).toBe(`${HEADER}# deployments.apps "web" was not valid:\n# * <nil>: Invalid value: "The edited file failed validation": invalid object to validate\n#\n`);
    expect(run(opened.line, '# nothing\n')).toEqual({ out: '', err: expect.stringMatching(/^A copy of your changes has been stored to "\/tmp\/kubectl-edit-\d+\.yaml"\nerror: Edit cancelled, no valid changes were saved\.\n$/), code: 1 });
    run('kubectl create configmap plain --from-literal=a=1');
    expect(run('kubectl apply edit-last-applied configmap/plain')).toEqual({
      out: '',
      err: 'error: no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`\n',
      code: 1,
    });
    expect(run('kubectl apply edit-last-applied deploy/web -o name').err).toBe('error: unable to match a printer suitable for the output format "name", allowed formats are: json,kyaml,yaml\n');
    const headless = applied(false).run;
    expect(headless('kubectl apply edit-last-applied deploy/web')).toEqual({ out: '', err: 'error: unable to launch the editor "vi"\n', code: 1 });
  });
});
