import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const DIR = join(__dirname, '..', '..', '..', 'examples', 'manifests');
const BACKEND = readFileSync(join(DIR, 'webhook-backend.yaml'), 'utf8');
const DENY_PODS = readFileSync(join(DIR, 'webhook-deny-pods.yaml'), 'utf8');
const ADD_LABEL = readFileSync(join(DIR, 'webhook-add-label.yaml'), 'utf8');
const URL = 'Post "https://webhook.default.svc:443/pods?timeout=10s"';

/** A cluster whose agnhost webhook backend runs, with `config` applied after it. */
function withBackend(config: string): Simulation {
  const sim = new Simulation({ seed: 1 });
  kubectl(sim, 'apply -f -', { stdin: BACKEND });
  sim.advance(20_000);
  expect(kubectl(sim, 'get deployment webhook').stdout).toContain('1/1');
  expect(kubectl(sim, 'apply -f -', { stdin: config }).code).toBe(0);
  return sim;
}

describe('admission webhooks', () => {
  it('failurePolicy Fail: a missing Service, then one without endpoints, fails every matching write with InternalError', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'apply -f -', { stdin: DENY_PODS });
    expect(kubectl(sim, 'run nginx --image=nginx').stderr).toBe(`Error from server (InternalError): Internal error occurred: failed calling webhook "pods.webhook.example.com": failed to call webhook: ${URL}: service "webhook" not found\n`);
    kubectl(sim, 'create service clusterip webhook --tcp=443:8443');
    // Until kube-proxy programs the ClusterIP nothing answers it: the call's deadline passes first.
    expect(kubectl(sim, 'run nginx --image=nginx').stderr).toContain(`${URL}: context deadline exceeded`);
    sim.advance(2_000);
    const ip = kubectl(sim, 'get service webhook -o jsonpath={.spec.clusterIP}').stdout;
    expect(kubectl(sim, 'run nginx --image=nginx').stderr).toBe(`Error from server (InternalError): Internal error occurred: failed calling webhook "pods.webhook.example.com": failed to call webhook: ${URL}: dial tcp ${ip}:443: connect: connection refused\n`);
    // kube-system is outside the namespaceSelector; the configuration itself is never sent to webhooks.
    expect(kubectl(sim, 'run sys -n kube-system --image=nginx').stdout).toBe('pod/sys created\n');
    expect(kubectl(sim, 'delete validatingwebhookconfiguration pod-policy').code).toBe(0);
    expect(kubectl(sim, 'run nginx --image=nginx').stdout).toBe('pod/nginx created\n');
  });

  /** The validating-admission stage of the last `kubectl run`'s create, as the trace records it. */
  const admitted = (sim: Simulation, since: number): unknown =>
    sim.traceSince(since).find((r) => r.kind === 'validating-admission' && r.object?.kind === 'Pod')?.detail;

  it('failurePolicy Ignore lets the request through when the call fails, and the trace says so', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'apply -f -', { stdin: DENY_PODS.replace('  sideEffects: None', '  failurePolicy: Ignore\n  sideEffects: None') });
    const since = sim.lastTraceSeq;
    expect(kubectl(sim, 'run nginx --image=nginx').stdout).toBe('pod/nginx created\n');
    expect(admitted(sim, since)).toEqual({ result: 'admitted', operation: 'create', ignored: ['pods.webhook.example.com'] });
  });

  it("agnhost's /pods handler admits a plain Pod and denies an unwanted label without a reason", () => {
    const sim = withBackend(DENY_PODS);
    const since = sim.lastTraceSeq;
    expect(kubectl(sim, 'run nginx --image=nginx').stdout).toBe('pod/nginx created\n');
    expect(admitted(sim, since)).toEqual({ result: 'admitted', operation: 'create', webhooks: ['pods.webhook.example.com'] });
    expect(sim.traceSince(since).find((r) => r.kind === 'validating-admission' && r.object?.kind === 'Pod')?.summary).toBe('admitted (webhook pods.webhook.example.com allowed)');
    expect(kubectl(sim, 'run bad --image=nginx --labels=webhook-e2e-test=webhook-disallow').stderr).toBe('Error from server: admission webhook "pods.webhook.example.com" denied the request: the pod contains unwanted label;\n');
  });

  it('checks the certificate against caBundle and the service name, and gives up at timeoutSeconds', () => {
    const otherCA = DENY_PODS.replace(/caBundle: \S+/, `caBundle: ${Buffer.from('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n').toString('base64')}`);
    const sim = withBackend(otherCA);
    expect(kubectl(sim, 'run nginx --image=nginx').stderr).toBe(
      `Error from server (InternalError): Internal error occurred: failed calling webhook "pods.webhook.example.com": failed to call webhook: ${URL}: tls: failed to verify certificate: x509: certificate signed by unknown authority\n`,
    );
    kubectl(sim, 'delete validatingwebhookconfiguration pod-policy');
    kubectl(sim, 'apply -f -', { stdin: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: hook\nspec:\n  selector: {app: webhook}\n  ports:\n  - port: 443\n    targetPort: 8443\n' });
    sim.advance(2_000);
    kubectl(sim, 'apply -f -', { stdin: DENY_PODS.replace('name: webhook', 'name: hook') });
    expect(kubectl(sim, 'run nginx --image=nginx').stderr).toBe(
      'Error from server (InternalError): Internal error occurred: failed calling webhook "pods.webhook.example.com": failed to call webhook: Post "https://hook.default.svc:443/pods?timeout=10s": tls: failed to verify certificate: x509: certificate is valid for webhook, webhook.default, webhook.default.svc, not hook.default.svc\n',
    );
    kubectl(sim, 'apply -f -', { stdin: DENY_PODS.replace('name: webhook', 'name: webhook').replace('path: /pods', 'path: /always-allow-delay-5s').replace('  sideEffects: None', '  timeoutSeconds: 2\n  sideEffects: None') });
    expect(kubectl(sim, 'run slow --image=nginx').stderr).toBe(
      'Error from server (InternalError): Internal error occurred: failed calling webhook "pods.webhook.example.com": failed to call webhook: Post "https://webhook.default.svc:443/always-allow-delay-5s?timeout=2s": context deadline exceeded\n',
    );
  });

  it("applies a mutating webhook's JSONPatch (agnhost /add-label) before validation", () => {
    const sim = withBackend(ADD_LABEL);
    expect(kubectl(sim, 'create configmap settings --from-literal=a=b').stdout).toBe('configmap/settings created\n');
    expect(kubectl(sim, 'get configmap settings -o jsonpath={.metadata.labels}').stdout).toBe('{"added-label":"yes"}');
  });
});
