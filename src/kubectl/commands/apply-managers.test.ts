/**
 * The port's writes carry kubectl's field managers, and server-side apply conflicts with them.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

const web = (replicas: number): string => `apiVersion: apps/v1
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
        image: nginx:1.27
`;

function run(session: Session, line: string): { code: number; out: string; err: string } {
  const r = session.run(line);
  const text = (stream: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === stream).map((c) => c.text).join('');
  return { code: r.exitCode, out: text('stdout'), err: text('stderr') };
}

describe('kubectl writes as Update managers', () => {
  it('scale, label and set record their managers; a later apply conflicts with them', () => {
    const session = new Session({ seed: 1, files: { 'web.yaml': web(2) } });
    expect(run(session, 'kubectl apply --server-side -f web.yaml').out).toBe('deployment.apps/web serverside-applied\n');
    run(session, 'kubectl scale deployment web --replicas=4');
    run(session, 'kubectl label deployment web tier=frontend');
    run(session, 'kubectl set image deployment/web web=nginx:1.28');
    const managers = run(session, `kubectl get deployment web -o jsonpath='{range .metadata.managedFields[*]}{.manager}/{.operation}/{.subresource} {end}'`).out;
    expect(managers.split(' ').filter(Boolean)).toEqual(expect.arrayContaining(['kubectl/Apply/', 'kubectl/Update/scale', 'kubectl-label/Update/', 'kubectl-set/Update/']));

    const conflict = run(session, 'kubectl apply --server-side -f web.yaml');
    expect(conflict.code).toBe(1);
    expect(conflict.err).toMatch(/^error: Apply failed with 2 conflicts: conflicts with "kubectl" using apps\/v1:\n- \.spec\.replicas\nconflicts with "kubectl-set" using apps\/v1:\n- \.spec\.template\.spec\.containers\[name="web"\]\.image\n/);
    expect(run(session, 'kubectl apply --server-side --force-conflicts -f web.yaml').out).toBe('deployment.apps/web serverside-applied\n');
    expect(run(session, `kubectl get deployment web -o jsonpath='{.spec.replicas} {.spec.template.spec.containers[0].image}'`).out).toBe('2 nginx:1.27');
  });

  it('-o yaml hides managedFields unless --show-managed-fields', () => {
    const session = new Session({ seed: 1, files: { 'web.yaml': web(2) } });
    run(session, 'kubectl apply --server-side -f web.yaml');
    expect(run(session, 'kubectl get deployment web -o yaml').out).not.toContain('managedFields');
    expect(run(session, 'kubectl get deployment web -o yaml --show-managed-fields').out).toContain('  managedFields:\n  - apiVersion: apps/v1\n    fieldsType: FieldsV1\n');
  });
});
