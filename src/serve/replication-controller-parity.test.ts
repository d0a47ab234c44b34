/**
 * ReplicationControllers and PodTemplates against the real kubectl: the same script run headless
 * through our port and with the real binary against `reconcile serve --clock manual`, compared
 * line by line (as parity.test.ts does for examples/parity.sh), so discovery, tables, describe,
 * explain, scale and rollout's refusals print the same bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlBinary } from './kubectl-binary.testing';
import { compareParity, runParity, type KnownDifference } from './parity.testing';
import { servedSession } from './served-session.testing';
import { NGINX_RC as RC } from '../kubectl/testing';

const TEMPLATE = `apiVersion: v1
kind: PodTemplate
metadata:
  name: busy
  labels:
    team: a
template:
  metadata:
    labels:
      app: busy
  spec:
    containers:
    - name: busy
      image: busybox:1.36
`;

const BAD = `apiVersion: v1
kind: ReplicationController
metadata:
  name: bad
spec:
  replicas: -1
  selector:
    app: one
  template:
    metadata:
      labels:
        app: two
    spec:
      restartPolicy: OnFailure
      activeDeadlineSeconds: 5
      containers:
      - name: c
        image: busybox:1.36
`;

const SCRIPT = `kubectl api-resources --api-group=
kubectl apply -f rc.yaml
kubectl create -f template.yaml
kubectl create -f bad.yaml
kubectl get rc
kubectl get rc nginx -o wide
kubectl get podtemplates
kubectl get rc nginx -o jsonpath={.spec.selector}{.status.replicas}
kubectl describe podtemplate busy
kubectl describe rc nginx
kubectl get --raw /api/v1/namespaces/default/replicationcontrollers/nginx/scale
kubectl get rc nginx -o yaml
kubectl get podtemplate busy -o json
kubectl scale rc nginx --replicas=2
kubectl get rc
kubectl rollout status rc/nginx
kubectl rollout history rc/nginx
kubectl rollout restart rc/nginx
kubectl rollout undo rc/nginx
kubectl rollout pause rc/nginx
kubectl explain rc.spec
kubectl explain rc
kubectl explain podtemplate
kubectl create job once --image=busybox:1.36
kubectl create cronjob tick --image=busybox:1.36 --schedule="*/5 * * * *"
kubectl get all
kubectl api-resources -o wide --api-group=
kubectl delete rc nginx
kubectl delete podtemplate busy
`;

const KNOWN: KnownDifference[] = [
  {
    command: 'kubectl describe rc nginx',
    stream: 'stdout',
    line: /^ {2}(Type|----|Normal|Warning) /,
    reason: "Events' Age is computed by kubectl from the wall clock (parity.test.ts declares the same for describe deployment)",
  },
];

const kubectl = await kubectlBinary().catch((e: unknown) => {
  console.warn(`replication controller parity skipped: ${e instanceof Error ? e.message : String(e)}`);
  return undefined;
});

describe.skipIf(!kubectl)('real kubectl parity: ReplicationControllers and PodTemplates', () => {
  const files: Record<string, string> = { 'rc.yaml': RC, 'template.yaml': TEMPLATE, 'bad.yaml': BAD };
  const fileSource = { readFile: (p: string): string | undefined => files[p], listDir: (): undefined => undefined };
  const setup = servedSession('rc-parity', { session: { seed: 1, fileSource } });

  it('prints the same bytes, line by line', async () => {
    const { served, home, session } = setup;
    const cwd = join(home, 'work');
    mkdirSync(cwd, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
    const lines = await runParity(SCRIPT, { kubectl: kubectl!, served, home, cwd, session });
    if (process.env['PARITY_VERBOSE']) for (const l of lines) console.log(`$ ${l.command}\n${l.served.stdout}${l.served.stderr}--- ours\n${l.headless.stdout}${l.headless.stderr}`);
    const { report, unused } = compareParity(lines, KNOWN);
    expect(report, report).toBe('');
    expect(unused.map((k) => k.command)).toEqual([]);
    expect(readFileSync(join(cwd, 'rc.yaml'), 'utf8')).toBe(RC);
  }, 120_000);
});
