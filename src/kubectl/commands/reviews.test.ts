/**
 * TokenReview, SubjectAccessReview and LocalSubjectAccessReview through our kubectl: listed by
 * api-resources, created from a manifest (the name printer prints `<unknown>` for the nameless
 * answer), `-o yaml` showing the status, and upstream's refusals as kubectl prints them.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const SAR = `apiVersion: authorization.k8s.io/v1
kind: SubjectAccessReview
spec:
  user: jane
  groups: [system:authenticated]
  resourceAttributes:
    namespace: default
    verb: list
    resource: pods
`;

const EMPTY_SAR = `apiVersion: authorization.k8s.io/v1
kind: SubjectAccessReview
spec: {}
`;

const LSAR = `apiVersion: authorization.k8s.io/v1
kind: LocalSubjectAccessReview
metadata:
  namespace: default
spec:
  user: jane
  resourceAttributes:
    namespace: kube-system
    verb: get
    resource: pods
`;

const review = (token: string): string => `apiVersion: authentication.k8s.io/v1
kind: TokenReview
spec:
  token: "${token}"
`;

const FILES = { 'sar.yaml': SAR, 'empty.yaml': EMPTY_SAR, 'lsar.yaml': LSAR, 'garbage.yaml': review('garbage'), 'blank.yaml': review('') };

function run(sim: Simulation, line: string, files: Record<string, string> = FILES): { out: string; err: string; code: number } {
  const r = kubectl(sim, line, { files });
  return { out: r.stdout, err: r.stderr, code: r.code };
}

describe('the review APIs through kubectl', () => {
  it('lists them in api-resources, by group', () => {
    const sim = new Simulation({ seed: 1 });
    const rows = run(sim, 'api-resources').out.split('\n').filter((l) => /\s(authentication|authorization)\.k8s\.io\//.test(l)).map((l) => l.split(/\s+/).join(' '));
    expect(rows).toEqual([
      'selfsubjectreviews authentication.k8s.io/v1 false SelfSubjectReview',
      'tokenreviews authentication.k8s.io/v1 false TokenReview',
      'localsubjectaccessreviews authorization.k8s.io/v1 true LocalSubjectAccessReview',
      'selfsubjectaccessreviews authorization.k8s.io/v1 false SelfSubjectAccessReview',
      'selfsubjectrulesreviews authorization.k8s.io/v1 false SelfSubjectRulesReview',
      'subjectaccessreviews authorization.k8s.io/v1 false SubjectAccessReview',
    ]);
  });

  it('creates a SubjectAccessReview: the name printer shows the missing name as <unknown>, -o yaml the decision', () => {
    const sim = new Simulation({ seed: 1 });
    expect(run(sim, 'create -f sar.yaml')).toEqual({ out: 'subjectaccessreview.authorization.k8s.io/<unknown> created\n', err: '', code: 0 });
    expect(run(sim, 'create -f sar.yaml -o name').out).toBe('subjectaccessreview.authorization.k8s.io/<unknown>\n');
    expect(run(sim, 'create -f sar.yaml -o yaml').out).toBe(
      [
        'apiVersion: authorization.k8s.io/v1',
        'kind: SubjectAccessReview',
        'metadata:',
        '  creationTimestamp: null',
        'spec:',
        '  groups:',
        '  - system:authenticated',
        '  resourceAttributes:',
        '    namespace: default',
        '    resource: pods',
        '    verb: list',
        '  user: jane',
        'status:',
        '  allowed: true',
        `  reason: 'RBAC: allowed by RoleBinding "jane-view/default" of ClusterRole "view"`,
        `    to User "jane"'`,
        '',
      ].join('\n'),
    );
    expect(sim.storedObjects().some((o) => o.object.kind === 'SubjectAccessReview')).toBe(false);
  });

  it("prints upstream's validation and Forbidden errors", () => {
    const sim = new Simulation({ seed: 1 });
    expect(run(sim, 'create -f empty.yaml')).toEqual({
      out: '',
      err: 'The request is invalid: \n* spec.resourceAttributes: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified\n* spec.user: Invalid value: "": at least one of user or group must be specified\n',
      code: 1,
    });
    expect(run(sim, 'create -f lsar.yaml').err).toBe('The request is invalid: spec.resourceAttributes.namespace: Invalid value: "kube-system": must match metadata.namespace\n');
    expect(run(sim, 'create -f sar.yaml --as jane').err).toBe(
      'Error from server (Forbidden): error when creating "sar.yaml": subjectaccessreviews.authorization.k8s.io is forbidden: User "jane" cannot create resource "subjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope\n',
    );
  });

  it('reviews a ServiceAccount token, a garbage one and an empty one', () => {
    const sim = new Simulation({ seed: 1 });
    const token = run(sim, 'create token default').out.trim();
    const sa = run(sim, 'create -f sa.yaml -o jsonpath={.status.authenticated}/{.status.user.username}/{.status.user.groups}/{.status.audiences}', { 'sa.yaml': review(token) });
    expect(sa.out).toBe('true/system:serviceaccount:default:default/["system:serviceaccounts","system:serviceaccounts:default","system:authenticated"]/["https://kubernetes.default.svc.cluster.local"]');
    expect(run(sim, 'create -f garbage.yaml -o yaml').out).toBe('apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nmetadata:\n  creationTimestamp: null\nspec:\n  token: garbage\nstatus:\n  error: invalid bearer token\n  user: {}\n');
    expect(run(sim, 'create -f blank.yaml').err).toBe('Error from server (BadRequest): error when creating "blank.yaml": token is required for TokenReview in authentication\n');
  });
});
