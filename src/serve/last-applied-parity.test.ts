/**
 * `kubectl apply view-last-applied` and `set-last-applied` are client-side logic over plain GETs
 * and a JSON merge patch, so the real kubectl against `reconcile serve` is their reference: the
 * same lines through our port and through the real binary must print the same bytes (file paths
 * aside: the real kubectl reads them from a scratch directory).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { kubectlEnv, runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

const manifest = (replicas: number, extra = ''): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web${extra}
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
        image: nginx:1.27
`;

const CM = `apiVersion: v1
kind: ConfigMap
metadata:
  name: plain
data:
  a: "<1>"
`;

const MISSING = `apiVersion: v1
kind: ConfigMap
metadata:
  name: missing
`;

const FILES = { 'web.yaml': manifest(2), 'web-3.yaml': manifest(3, '\n  annotations:\n    team: blue'), 'plain.yaml': CM, 'missing.yaml': MISSING };

let kubectl: KubectlBinary;
const setup = servedSession('last-applied');
/** The editing suite's own cluster, so its objects start as its script says. */
const editing = servedSession('last-applied-edit');

beforeAll(async () => {
  kubectl = await kubectlBinary();
  for (const home of [setup.home, editing.home]) for (const [name, text] of Object.entries(FILES)) writeFileSync(join(home, name), text);
});

describe('view-last-applied and set-last-applied through reconcile serve', () => {
  const SCRIPT = [
    'kubectl apply view-last-applied deployment/web',
    'kubectl apply -f web.yaml',
    'kubectl apply view-last-applied deployment/web',
    'kubectl apply view-last-applied deployments web -o json',
    'kubectl apply view-last-applied -f web.yaml -o wide',
    'kubectl apply view-last-applied',
    'kubectl apply view-last-applied deployments',
    'kubectl apply view-last-applied -l app=web',
    'kubectl apply view-last-applied deployments -l app=web',
    'kubectl apply view-last-applied deployment/nope',
    'kubectl scale deployment web --replicas=4',
    'kubectl apply view-last-applied deploy/web -o json',
    'kubectl create configmap plain --from-literal=a=1',
    'kubectl apply view-last-applied configmap/plain',
    'kubectl apply view-last-applied -f plain.yaml',
    'kubectl apply view-last-applied configmap/plain deployment/web',
    'kubectl apply set-last-applied',
    'kubectl apply set-last-applied -f plain.yaml',
    'kubectl apply set-last-applied -f missing.yaml',
    'kubectl apply set-last-applied -f web.yaml',
    'kubectl apply set-last-applied -f web.yaml',
    'kubectl apply view-last-applied deployment/web -o json',
    'kubectl apply set-last-applied -f web-3.yaml --dry-run=client',
    'kubectl apply set-last-applied -f web-3.yaml --dry-run=server -o name',
    'kubectl apply set-last-applied -f web-3.yaml -o jsonpath={.metadata.annotations.team}',
    'kubectl apply view-last-applied deployment/web',
    'kubectl apply set-last-applied -f plain.yaml --create-annotation',
    'kubectl apply view-last-applied cm plain -o json',
    'kubectl apply set-last-applied -f plain.yaml --dry-run=bogus',
    'kubectl apply set-last-applied -f plain.yaml -o wide',
    'kubectl apply view-last-applied configmaps --all',
  ];

  it('prints what our port prints, byte for byte', async () => {
    const session = new Session({ seed: 1, files: FILES });
    const real: unknown[] = [];
    const port: unknown[] = [];
    for (const line of SCRIPT) {
      const ours = runPort(session, line);
      const args = line.split(' ').slice(1).map((a) => (a in FILES ? join(setup.home, a) : a));
      const theirs = await runKubectl(kubectl, setup.served, setup.home, args);
      const local = (s: string): string => s.replaceAll(`${setup.home}/`, '');
      real.push({ line, out: local(theirs.stdout), err: local(theirs.stderr), code: theirs.code });
      port.push({ line, out: ours.stdout, err: ours.stderr, code: ours.code });
    }
    expect(port).toEqual(real);
  });
});

describe('edit-last-applied through reconcile serve, with an editor that saves a prepared file', () => {
  /**
   * The real kubectl runs `$KUBE_EDITOR <temporary file>` through bash; this editor keeps a copy
   * of what kubectl wrote and replaces it with what the test prepared from the port's file.
   */
  async function realEdit(args: string[], edit: (opened: string) => string, opened: string): Promise<{ opened: string; out: string; err: string; code: number }> {
    const dir = editing.home;
    writeFileSync(join(dir, 'next.txt'), edit(opened));
    writeFileSync(join(dir, 'editor.sh'), `cp "$1" "${dir}/opened.txt"\ncp "${dir}/next.txt" "$1"\n`);
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(kubectl.path, args, { env: { ...kubectlEnv(editing.served, dir), KUBE_EDITOR: `sh ${dir}/editor.sh` } }, (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
      });
    });
    const wrote = existsSync(join(dir, 'opened.txt')) ? readFileSync(join(dir, 'opened.txt'), 'utf8') : '';
    rmSync(join(dir, 'opened.txt'), { force: true });
    return { opened: wrote, out: r.stdout, err: r.stderr, code: r.code };
  }

  const CASES: { line: string; edit: (file: string) => string }[] = [
    { line: 'kubectl apply -f web.yaml', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied deployment/web', edit: (f) => f.replace('replicas: 2', 'replicas: 5') },
    { line: 'kubectl apply view-last-applied deployment/web', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied deployment/web -o json', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied deploy web', edit: (f) => f.replace(/\n {2}labels:\n {4}app: web\n/, '\n') },
    { line: 'kubectl apply view-last-applied deployment/web -o json', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied -f web.yaml -o name', edit: (f) => `${f.replace('name: web\n  namespace', 'name: gone\n  namespace')}` },
    { line: 'kubectl create configmap plain --from-literal=a=1', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied configmap/plain', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied deployment/nope', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied deployment/web -o wide', edit: (f) => f },
    { line: 'kubectl edit deployment/web -o name', edit: (f) => f },
    { line: 'kubectl apply set-last-applied -f plain.yaml --create-annotation', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied configmap/plain deployment/web', edit: (f) => f.replace('a: <1>', 'a: <2>') },
    { line: 'kubectl apply view-last-applied configmap/plain deployment/web', edit: (f) => f },
    { line: 'kubectl apply edit-last-applied cm/plain', edit: () => '# nothing\n' },
    { line: 'kubectl apply edit-last-applied cm/plain', edit: (f) => f.replace('kind: ConfigMap', 'kind: ConfigMap: x') },
    { line: 'kubectl apply edit-last-applied cm/plain --validate=false', edit: () => '# nothing\n' },
    { line: 'kubectl edit cm/plain', edit: () => '' },
  ];

  it('opens the same file and prints what our port prints', async () => {
    const session = new Session({ seed: 1, files: FILES, interactive: true });
    const real: unknown[] = [];
    const port: unknown[] = [];
    for (const { line, edit } of CASES) {
      // The real editor saves the same prepared file each time kubectl reopens it.
      const first = session.run(line);
      const output = [...first.output];
      let code = first.exitCode;
      let file = first.edit?.text ?? '';
      const content = edit(file);
      let open = first.edit;
      for (let i = 0; open && i < 5; i++) {
        const saved = session.run(open.line, content);
        output.push(...saved.output);
        code = saved.exitCode;
        if (saved.edit) file = saved.edit.text;
        open = saved.edit;
      }
      const text = (stream: 'stdout' | 'stderr'): string => output.filter((c) => c.stream === stream).map((c) => c.text).join('');
      // The temporary file's random number is each kubectl's own.
      const tmp = (s: string): string => s.replace(/\/tmp\/kubectl-edit-\d+\./g, '/tmp/kubectl-edit-N.');
      port.push({ line, opened: file, out: text('stdout'), err: tmp(text('stderr')), code });
      const args = line.split(' ').slice(1).map((a) => (a in FILES ? join(editing.home, a) : a));
      const theirs = await realEdit(args, () => content, file);
      real.push({ line, ...theirs, err: tmp(theirs.err.replaceAll(`${editing.home}/`, '')) });
    }
    expect(port).toEqual(real);
  });
});
