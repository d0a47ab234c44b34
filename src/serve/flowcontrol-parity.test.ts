/**
 * API Priority and Fairness, the real kubectl 1.35 against `reconcile serve` beside our port on a
 * cluster of the same seed: the get tables (FlowSchemas in matching order), -o yaml, the generic
 * describer's labels, explain, api-resources and a refused edit of a mandatory level print the
 * same bytes; and -v=8 shows kube-apiserver's APF response headers with the uids of the
 * FlowSchema and priority level the request matched.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl, runPort } from './served.testing';
import { servedSession } from './served-session.testing';

let kubectl: KubectlBinary;
const setup = servedSession('flowcontrol', { session: { seed: 1 } });

beforeAll(async () => {
  kubectl = await kubectlBinary();
});

describe('flowcontrol.apiserver.k8s.io: the real kubectl and our port agree', () => {
  it.each([
    ['get', 'flowschemas'],
    ['get', 'prioritylevelconfigurations'],
    // Named objects come back in the order asked; --sort-by re-sorts the server's rows; -o name lists in storage order.
    ['get', 'flowschemas', 'catch-all', 'global-default'],
    ['get', 'flowschemas', '--sort-by=.metadata.name'],
    ['get', 'flowschemas', '-o', 'name'],
    ['get', 'flowschema', 'system-node-high', '-o', 'yaml'],
    ['get', 'prioritylevelconfiguration', 'exempt', '-o', 'yaml'],
    ['describe', 'flowschema', 'probes'],
    ['describe', 'prioritylevelconfiguration', 'exempt'],
    ['explain', 'prioritylevelconfiguration.spec.limited'],
    ['api-resources', '--api-group=flowcontrol.apiserver.k8s.io'],
    ['patch', 'prioritylevelconfiguration', 'catch-all', '--type=merge', '-p', '{"spec":{"limited":{"nominalConcurrencyShares":50}}}'],
  ])('kubectl %s %s', async (...args) => {
    const real = await runKubectl(kubectl, setup.served, setup.home, args);
    const port = runPort(setup.session, `kubectl ${args.map((a) => (a.startsWith('{') ? `'${a}'` : a)).join(' ')}`);
    expect({ stdout: port.stdout, stderr: port.stderr, code: port.code }).toEqual({ stdout: real.stdout, stderr: real.stderr, code: real.code });
  });

  it("-v=8 prints the APF headers with the matched objects' uids (kubernetes-admin: global-default)", async () => {
    const fs = await runKubectl(kubectl, setup.served, setup.home, ['get', 'flowschema', 'global-default', '-o', 'jsonpath={.metadata.uid}']);
    const pl = await runKubectl(kubectl, setup.served, setup.home, ['get', 'prioritylevelconfiguration', 'global-default', '-o', 'jsonpath={.metadata.uid}']);
    const real = await runKubectl(kubectl, setup.served, setup.home, ['get', 'namespaces', '-v=8']);
    expect(real.stderr).toContain(`\tKeep-Alive: timeout=5\n\tX-Kubernetes-Pf-Flowschema-Uid: ${fs.stdout}\n\tX-Kubernetes-Pf-Prioritylevel-Uid: ${pl.stdout}\n >`);
  });
});
