/**
 * Server-side apply over HTTP: the real kubectl's `apply --server-side` (a PATCH with
 * `application/apply-patch+yaml`), a second field manager's conflict (409 with
 * FieldManagerConflict causes) and `--force-conflicts`, compared line by line with our port
 * running the same commands headless.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../kubectl/session';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

const manifest = (replicas: number, image: string): string => `apiVersion: apps/v1
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

const FILES = { 'web.yaml': manifest(2, 'nginx:1.27'), 'web-5.yaml': manifest(5, 'nginx:1.27'), 'web-6.yaml': manifest(6, 'nginx:1.28') };

let kubectl: KubectlBinary;
const setup = servedSession('apply');

beforeAll(async () => {
  kubectl = await kubectlBinary();
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(setup.home, name), text);
});

describe('server-side apply through reconcile serve', () => {
  const SCRIPT = [
    'kubectl apply --server-side -f web.yaml',
    'kubectl apply --server-side -f web.yaml',
    'kubectl apply --server-side --field-manager=ci -f web-5.yaml',
    'kubectl apply --server-side --field-manager=ci -f web-6.yaml',
    'kubectl apply --server-side --field-manager=ci --force-conflicts -f web-5.yaml',
    'kubectl get deployment web -o jsonpath={.spec.replicas}',
    'kubectl apply --server-side -f web.yaml',
  ];

  it('prints what our port prints: serverside-applied, the conflict and its advice, a forced apply', async () => {
    const session = new Session({ seed: 1, files: FILES });
    const transcript: string[] = [];
    for (const line of SCRIPT) {
      const port = runPort(session, line);
      const args = line.split(' ').slice(1).map((a) => (a in FILES ? join(setup.home, a) : a));
      const real = await runKubectl(kubectl, setup.served, setup.home, args);
      expect(real.stdout, line).toBe(port.stdout);
      expect(real.stderr, line).toBe(port.stderr);
      expect(real.code, line).toBe(port.code);
      transcript.push(`$ ${line}`, real.stdout + real.stderr);
    }
    const text = transcript.join('\n');
    expect(text).toContain('deployment.apps/web serverside-applied\n');
    expect(text).toContain('error: Apply failed with 1 conflict: conflict with "kubectl": .spec.replicas\nPlease review the fields above');
    expect(text).toContain('error: Apply failed with 2 conflicts: conflicts with "kubectl":\n- .spec.replicas\n- .spec.template.spec.containers[name="web"].image\n');
    expect(text).toContain('$ kubectl get deployment web -o jsonpath={.spec.replicas}\n5');
    // After ci took replicas over, kubectl's own apply of replicas 2 conflicts with ci.
    expect(text).toContain('error: Apply failed with 1 conflict: conflict with "ci": .spec.replicas\n');
  });

  it('records both managers in managedFields, which kubectl shows only when asked', async () => {
    const hidden = await runKubectl(kubectl, setup.served, setup.home, ['get', 'deployment', 'web', '-o', 'yaml']);
    expect(hidden.stdout).not.toContain('managedFields');
    const shown = await runKubectl(kubectl, setup.served, setup.home, ['get', 'deployment', 'web', '-o', 'json', '--show-managed-fields']);
    const entries = (JSON.parse(shown.stdout) as { metadata: { managedFields: { manager: string; operation: string; fieldsV1: Record<string, Record<string, unknown>> }[] } }).metadata.managedFields;
    // The deployment controller's writes (the revision annotation and status, both through /status) are one Update entry.
    // Appliers come first, then by time — a second's precision, so both applies here tie and the manager's name orders them.
    expect(entries.map((e) => [e.manager, e.operation])).toEqual([
      ['ci', 'Apply'],
      ['kubectl', 'Apply'],
      ['kube-controller-manager', 'Update'],
    ]);
    expect(entries[0]!.fieldsV1['f:spec']).toHaveProperty('f:replicas');
    expect(entries[1]!.fieldsV1['f:spec']).not.toHaveProperty('f:replicas');
  });

  it('records kubectl scale (no fieldManager: its user agent, kubectl) as an Update manager the next apply conflicts with', async () => {
    // The port replays what the served cluster has seen so far, then both run the same lines.
    const session = new Session({ seed: 1, files: FILES });
    for (const line of SCRIPT) runPort(session, line);
    const lines = [
      'kubectl scale deployment web --replicas=7',
      'kubectl apply --server-side --field-manager=ci -f web-5.yaml',
      'kubectl apply --server-side --field-manager=ci --force-conflicts -f web-5.yaml',
      'kubectl get deployment web -o jsonpath={.spec.replicas}',
    ];
    const transcript: string[] = [];
    for (const line of lines) {
      const port = runPort(session, line);
      const args = line.split(' ').slice(1).map((a) => (a in FILES ? join(setup.home, a) : a));
      const real = await runKubectl(kubectl, setup.served, setup.home, args);
      expect(real.stdout, line).toBe(port.stdout);
      expect(real.stderr, line).toBe(port.stderr);
      expect(real.code, line).toBe(port.code);
      transcript.push(`$ ${line}`, real.stdout + real.stderr);
    }
    const text = transcript.join('\n');
    expect(text).toContain('error: Apply failed with 1 conflict: conflict with "kubectl" using apps/v1: .spec.replicas\nPlease review the fields above');
    expect(text).toContain('$ kubectl get deployment web -o jsonpath={.spec.replicas}\n5');
  });
});
