/**
 * `kubectl apply view-last-applied` and `set-last-applied` are client-side logic over plain GETs
 * and a JSON merge patch, so the real kubectl against `reconcile serve` is their reference: the
 * same lines through our port and through the real binary must print the same bytes (file paths
 * aside: the real kubectl reads them from a scratch directory).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
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

beforeAll(async () => {
  kubectl = await kubectlBinary();
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(setup.home, name), text);
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
