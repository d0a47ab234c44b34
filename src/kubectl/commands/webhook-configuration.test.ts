import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const VALIDATING = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: deny-pods
webhooks:
- name: deny.example.com
  clientConfig:
    service:
      namespace: default
      name: webhook
      path: /always-deny
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  sideEffects: None
  admissionReviewVersions: ["v1"]
`;

describe('webhook configurations through kubectl', () => {
  it('defaults each webhook as upstream v1 does, in its struct order', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'apply -f -', { stdin: VALIDATING }).stdout).toBe('validatingwebhookconfiguration.admissionregistration.k8s.io/deny-pods created\n');
    const mutating = VALIDATING.replace('ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration').replace('deny-pods', 'label-pods');
    expect(kubectl(sim, 'apply -f -', { stdin: mutating }).stdout).toBe('mutatingwebhookconfiguration.admissionregistration.k8s.io/label-pods created\n');
    // kubectl's -o json sorts keys (unstructured maps): the server's own encoding keeps the struct's order.
    const stored = sim.request({ verb: 'get', resource: 'mutatingwebhookconfigurations', name: 'label-pods' });
    const hook = (stored.ok && 'object' in stored ? (stored.object as unknown as { webhooks: Record<string, unknown>[] }) : { webhooks: [] }).webhooks[0]!;
    expect(Object.keys(hook)).toEqual(['name', 'clientConfig', 'rules', 'failurePolicy', 'matchPolicy', 'namespaceSelector', 'objectSelector', 'sideEffects', 'timeoutSeconds', 'admissionReviewVersions', 'reinvocationPolicy']);
    expect(hook).toMatchObject({ failurePolicy: 'Fail', matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10, reinvocationPolicy: 'Never' });
    expect((hook['clientConfig'] as { service: unknown }).service).toEqual({ namespace: 'default', name: 'webhook', path: '/always-deny', port: 443 });
    expect((hook['rules'] as { scope: string }[])[0]!.scope).toBe('*');
    const validating = JSON.parse(kubectl(sim, 'get validatingwebhookconfiguration deny-pods -o json').stdout).webhooks[0];
    expect(validating.reinvocationPolicy).toBeUndefined();
  });

  it('lists them with NAME, WEBHOOKS and AGE, and api-resources names both', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'apply -f -', { stdin: VALIDATING });
    expect(kubectl(sim, 'get validatingwebhookconfigurations').stdout).toBe('NAME        WEBHOOKS   AGE\ndeny-pods   1          0s\n');
    const resources = kubectl(sim, 'api-resources --api-group=admissionregistration.k8s.io -o name').stdout;
    expect(resources).toBe(
      'mutatingwebhookconfigurations.admissionregistration.k8s.io\nvalidatingadmissionpolicies.admissionregistration.k8s.io\nvalidatingadmissionpolicybindings.admissionregistration.k8s.io\nvalidatingwebhookconfigurations.admissionregistration.k8s.io\n',
    );
  });

  it("refuses invalid webhooks with validation.go's paths and messages", () => {
    const sim = new Simulation({ seed: 1 });
    const bad = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: bad
webhooks:
- name: deny
  clientConfig:
    url: http://x.example.com/a?b=c
    service: {namespace: default, name: w}
  rules:
  - operations: ["CREATE", "*"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods", "*/*"]
  sideEffects: Some
  timeoutSeconds: 31
  admissionReviewVersions: ["v2"]
  reinvocationPolicy: Always
  matchConditions:
  - name: a
    expression: "params.x"
- name: deny
  clientConfig:
    url: http://x.example.com/a?b=c
  admissionReviewVersions: []
`;
    expect(kubectl(sim, 'apply -f -', { stdin: bad }).stderr).toBe(
      'The MutatingWebhookConfiguration "bad" is invalid: \n' +
        '* webhooks[0].name: Invalid value: "deny": should be a domain with at least three segments separated by dots\n' +
        `* webhooks[0].rules[0].operations: Invalid value: ["CREATE","*"]: if '*' is present, must not specify other operations\n` +
        `* webhooks[0].rules[0].resources: Invalid value: ["pods","*/*"]: if '*/*' is present, must not specify other resources\n` +
        '* webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"\n' +
        '* webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds\n' +
        '* webhooks[0].reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"\n' +
        '* webhooks[0].clientConfig: Required value: exactly one of url or service is required\n' +
        `* webhooks[0].matchConditions[0].expression: Invalid value: "params.x": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x\n | ^\n` +
        '* webhooks[0].admissionReviewVersions: Invalid value: ["v2"]: must include at least one of v1, v1beta1\n' +
        '* webhooks[1].name: Invalid value: "deny": should be a domain with at least three segments separated by dots\n' +
        '* webhooks[1].sideEffects: Required value: must specify one of None, NoneOnDryRun\n' +
        `* webhooks[1].clientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]\n` +
        '* webhooks[1].clientConfig.url: Invalid value: "b=c": query parameters are not permitted in the URL\n' +
        '* webhooks[1].admissionReviewVersions: Required value: must specify one of v1, v1beta1\n' +
        '* webhooks[1].name: Duplicate value: "deny"\n',
    );
  });

  it('limits matchConditions to 64 and checks the service path segments', () => {
    const sim = new Simulation({ seed: 1 });
    const conditions = Array.from({ length: 65 }, (_, i) => `  - {name: c${i}, expression: "true"}`).join('\n');
    const many = VALIDATING.replace('path: /always-deny', 'path: /Bad//x').replace('admissionReviewVersions: ["v1"]', `admissionReviewVersions: ["v1"]\n  matchConditions:\n${conditions}`);
    expect(kubectl(sim, 'apply -f -', { stdin: many }).stderr).toBe(
      'The ValidatingWebhookConfiguration "deny-pods" is invalid: \n' +
        `* webhooks[0].clientConfig.service.path: Invalid value: "/Bad//x": segment[0]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')\n` +
        '* webhooks[0].clientConfig.service.path: Invalid value: "/Bad//x": segment[1] may not be empty\n' +
        '* webhooks[0].matchConditions: Too many: 65: must have at most 64 items\n',
    );
  });
});
