/**
 * `--field-selector`, the real kubectl 1.35 against `reconcile serve` beside our port on a cluster
 * of the same seed: kube-apiserver's per-kind field labels and their 400s as the builder prints
 * them, its parse errors, and the values it matches (a table of events.k8s.io Events converts the
 * labels at that group, though it prints the stored Event).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

let kubectl: KubectlBinary;
const setup = servedSession('field-selectors', { session: { seed: 1 } });

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('field selectors: the real kubectl and our port agree', () => {
  it.each([
    'get pods -A --field-selector spec.foo=bar',
    'get pods,deploy -A --field-selector spec.x=1',
    'get rs -A --field-selector status.replicas=0',
    'get jobs --field-selector status.succeeded=1',
    'get nodes --field-selector metadata.namespace=',
    'get pods -l app=x --field-selector spec.foo=bar',
    'get pods --field-selector a=b=c',
    'get pods --field-selector foo',
    'get --raw /api/v1/pods?fieldSelector=spec.foo%3Dbar',
    'delete pods --field-selector spec.foo=bar',
    'get pods -A --field-selector spec.nodeName=node-1,spec.hostNetwork=true -o name',
    'get nodes --field-selector spec.unschedulable=false -o name',
    'get events.events.k8s.io -A --field-selector involvedObject.kind=Node',
    'get events.events.k8s.io -A --field-selector regarding.name=node-1,reason=Starting -o name',
    'get events -A --field-selector regarding.kind=Node',
  ])('kubectl %s', async (line) => {
    const real = await runKubectl(kubectl, setup.served, setup.home, line.split(' '));
    const port = runPort(setup.session, `kubectl ${line}`);
    expect({ stdout: port.stdout, stderr: port.stderr, code: port.code }).toEqual({ stdout: real.stdout, stderr: real.stderr, code: real.code });
  });
});
