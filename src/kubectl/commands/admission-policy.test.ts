import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

/** The Kubernetes docs' "Validating Admission Policy" example, with its binding's namespace selector. */
const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: "demo-policy.example.com"
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups:   ["apps"]
      apiVersions: ["v1"]
      operations:  ["CREATE", "UPDATE"]
      resources:   ["deployments"]
  validations:
    - expression: "object.spec.replicas <= 5"
`;

function binding(actions: string): string {
  return `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: "demo-binding-test.example.com"
spec:
  policyName: "demo-policy.example.com"
  validationActions: [${actions}]
  matchResources:
    namespaceSelector:
      matchLabels:
        environment: test
`;
}

const NGINX_10 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 10
  selector:
    matchLabels: {app: nginx}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;

function cluster(actions = 'Deny'): Simulation {
  const sim = new Simulation({ seed: 1 });
  expect(kubectl(sim, 'apply -f -', { stdin: POLICY }).stdout).toBe('validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com created\n');
  expect(kubectl(sim, 'apply -f -', { stdin: binding(actions) }).stdout).toBe('validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com created\n');
  kubectl(sim, 'create namespace test');
  kubectl(sim, 'label namespace test environment=test');
  return sim;
}

describe('ValidatingAdmissionPolicy through kubectl', () => {
  it("denies the docs' 10-replica Deployment with kubectl's Invalid rendering, and admits 3 replicas", () => {
    const sim = cluster();
    expect(kubectl(sim, 'apply -n test -f -', { stdin: NGINX_10 })).toMatchObject({
      stdout: '',
      stderr: `The deployments "nginx" is invalid: : ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5\n`,
      code: 1,
    });
    expect(kubectl(sim, 'create deployment nginx -n test --image=nginx --replicas=3').stdout).toBe('deployment.apps/nginx created\n');
    // The binding selects namespaces labelled environment=test only.
    expect(kubectl(sim, 'apply -f -', { stdin: NGINX_10 }).stdout).toBe('deployment.apps/nginx created\n');
  });

  it('judges a scale as deployments/scale with Scales: a rule on deployments does not see it', () => {
    const sim = cluster();
    expect(kubectl(sim, 'create deployment nginx -n test --image=nginx --replicas=3').stdout).toBe('deployment.apps/nginx created\n');
    expect(kubectl(sim, 'scale deployment nginx -n test --replicas=10').stdout).toBe('deployment.apps/nginx scaled\n');
    // A rule on the scale subresource sees the Scale: spec.replicas is the asked count.
    kubectl(sim, 'apply -f -', { stdin: POLICY.replace('resources:   ["deployments"]', 'resources:   ["deployments/scale"]') });
    expect(kubectl(sim, 'scale deployment nginx -n test --replicas=12')).toMatchObject({
      stderr: `The deployments "nginx" is invalid: : ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5\n`,
      code: 1,
    });
    expect(kubectl(sim, 'scale deployment nginx -n test --replicas=4').stdout).toBe('deployment.apps/nginx scaled\n');
  });

  it('Warn admits and prints the failure as a Warning: line', () => {
    const sim = cluster('Warn');
    expect(kubectl(sim, 'apply -n test -f -', { stdin: NGINX_10 })).toMatchObject({
      stdout: 'deployment.apps/nginx created\n',
      stderr: "Warning: Validation failed for ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com': failed expression: object.spec.replicas <= 5\n",
      code: 0,
    });
  });

  it('a Forbidden reason is answered 403 and printed as kubectl prints a Forbidden error', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'apply -f -', { stdin: POLICY.replace('"object.spec.replicas <= 5"', '"object.spec.replicas <= 5"\n      reason: Forbidden\n      message: "too many replicas"') });
    kubectl(sim, 'apply -f -', { stdin: binding('Deny').replace(/ {2}matchResources:[\s\S]*$/, '') });
    expect(kubectl(sim, 'apply -f -', { stdin: NGINX_10 }).stderr).toBe(
      `Error from server (Forbidden): error when creating "STDIN": deployments.apps "nginx" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: too many replicas\n`,
    );
  });

  it('refuses an invalid policy with the field errors kubectl lists', () => {
    const sim = new Simulation({ seed: 1 });
    const bad = POLICY.replace('failurePolicy: Fail', 'failurePolicy: Never').replace('"CREATE", "UPDATE"', '"CREATE", "PATCH"');
    expect(kubectl(sim, 'apply -f -', { stdin: bad }).stderr).toBe(
      'The ValidatingAdmissionPolicy "demo-policy.example.com" is invalid: \n' +
        '* spec.failurePolicy: Unsupported value: "Never": supported values: "Fail", "Ignore"\n' +
        '* spec.matchConstraints.resourceRules[0].operations[1]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"\n',
    );
  });

  it('lists policies and bindings with the server-side columns', () => {
    const sim = cluster();
    const params = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: by-selector}
spec:
  policyName: demo-policy.example.com
  validationActions: [Audit]
  paramRef:
    selector:
      matchLabels: {tier: gold, env: prod}
    parameterNotFoundAction: Allow
`;
    kubectl(sim, 'apply -f -', { stdin: params });
    kubectl(sim, 'apply -f -', { stdin: params.replace('by-selector', 'by-name').replace(/ {4}selector:\n.*\n/, '    name: limits\n    namespace: test\n') });
    expect(kubectl(sim, 'get validatingadmissionpolicies').stdout).toBe('NAME                      VALIDATIONS   PARAMKIND   AGE\ndemo-policy.example.com   1             <unset>     0s\n');
    const selector = '&LabelSelector{MatchLabels:map[string]string{env: prod,tier: gold,},MatchExpressions:[]LabelSelectorRequirement{},}';
    const row = (name: string, ref: string): string => `${name.padEnd(32)}${'demo-policy.example.com'.padEnd(26)}${ref.padEnd(selector.length + 3)}0s\n`;
    expect(kubectl(sim, 'get validatingadmissionpolicybindings').stdout).toBe(
      `${'NAME'.padEnd(32)}${'POLICYNAME'.padEnd(26)}${'PARAMREF'.padEnd(selector.length + 3)}AGE\n` + row('by-name', 'test/limits') + row('by-selector', selector) + row('demo-binding-test.example.com', '<unset>'),
    );
  });

  it('kubectl api-resources lists both kinds beside the webhook configurations', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'api-resources --api-group=admissionregistration.k8s.io').stdout).toBe(
      'NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND\n' +
        'mutatingwebhookconfigurations                    admissionregistration.k8s.io/v1   false        MutatingWebhookConfiguration\n' +
        'validatingadmissionpolicies                      admissionregistration.k8s.io/v1   false        ValidatingAdmissionPolicy\n' +
        'validatingadmissionpolicybindings                admissionregistration.k8s.io/v1   false        ValidatingAdmissionPolicyBinding\n' +
        'validatingwebhookconfigurations                  admissionregistration.k8s.io/v1   false        ValidatingWebhookConfiguration\n',
    );
  });
});
