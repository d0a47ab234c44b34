/**
 * `--field-selector` as kubectl 1.35 printed it against `reconcile serve`: kubectl sends the text
 * as typed, kube-apiserver parses it and converts each label for the kind (400 BadRequest when it
 * cannot), and the builder's Selector visitor puts the resource and both selectors in front of the
 * server's message (EnhanceListError). Every expected line here was printed by the real binary.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const unable = (gvr: string, field: string, message: string, label = ''): string =>
  `Error from server (BadRequest): Unable to find "${gvr}" that match label selector "${label}", field selector "${field}": ${message}\n`;

describe('kubectl --field-selector', () => {
  it("prints the server's refusal of an unsupported label per resource, and goes on to the next", () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl get pods -A --field-selector spec.foo=bar').stderr).toBe(unable('/v1, Resource=pods', 'spec.foo=bar', 'field label not supported: spec.foo'));
    expect(kubectl(sim, 'kubectl get pods,deploy --field-selector spec.x=1').stderr).toBe(
      unable('/v1, Resource=pods', 'spec.x=1', 'field label not supported: spec.x') + unable('apps/v1, Resource=deployments', 'spec.x=1', '"spec.x" is not a known field selector: only "metadata.name", "metadata.namespace"'),
    );
    expect(kubectl(sim, 'kubectl get rs -A --field-selector status.replicas=0').stderr).toBe(
      unable('apps/v1, Resource=replicasets', 'status.replicas=0', '"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"'),
    );
    expect(kubectl(sim, 'kubectl get jobs --field-selector status.succeeded=1').stderr).toBe(unable('batch/v1, Resource=jobs', 'status.succeeded=1', 'field label "status.succeeded" not supported for batchv1.Job'));
    expect(kubectl(sim, 'kubectl get nodes --field-selector metadata.namespace=').stderr).toBe(unable('/v1, Resource=nodes', 'metadata.namespace=', 'field label not supported: metadata.namespace'));
    expect(kubectl(sim, 'kubectl get pods -l app=x --field-selector spec.foo=bar').stderr).toBe(unable('/v1, Resource=pods', 'spec.foo=bar', 'field label not supported: spec.foo', 'app=x'));
    expect(kubectl(sim, 'kubectl get events.events.k8s.io -A --field-selector involvedObject.kind=Node').stderr).toBe(
      unable('events.k8s.io/v1, Resource=events', 'involvedObject.kind=Node', 'field label not supported: involvedObject.kind'),
    );
  });

  it('refuses the same way on delete, on a watch, and answers --raw with the bare Status', () => {
    const sim = new Simulation({ seed: 1 });
    const refused = unable('/v1, Resource=pods', 'spec.foo=bar', 'field label not supported: spec.foo');
    expect(kubectl(sim, 'kubectl delete pods --field-selector spec.foo=bar').stderr).toBe(refused);
    expect(kubectl(sim, 'kubectl get pods -w --field-selector spec.foo=bar').stderr).toBe(refused);
    expect(kubectl(sim, 'kubectl get --raw /api/v1/pods?fieldSelector=spec.foo%3Dbar').stderr).toBe('Error from server (BadRequest): field label not supported: spec.foo\n');
  });

  it("prints the server's parse errors: a term without an operator, an unescaped = (as its code point), a bad escape", () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl get pods --field-selector foo').stderr).toBe(unable('/v1, Resource=pods', 'foo', "invalid selector: 'foo'; can't understand 'foo'"));
    expect(kubectl(sim, 'kubectl get pods --field-selector a=b=c').stderr).toBe(unable('/v1, Resource=pods', 'a=b=c', 'invalid field selector: unescaped character in value: 61'));
    expect(kubectl(sim, "kubectl get pods -A --field-selector 'spec.nodeName=a\\q'").stderr).toBe(unable('/v1, Resource=pods', 'spec.nodeName=a\\\\q', 'invalid field selector: invalid escape sequence: \\q'));
    // Empty terms are skipped.
    expect(kubectl(sim, "kubectl get pods -A --field-selector 'spec.nodeName=node-1,,' -o name").stdout).toBe(kubectl(sim, 'kubectl get pods -A --field-selector spec.nodeName=node-1 -o name').stdout);
  });

  it('selects on the values the registries set: hostNetwork as true/false, Service type, Namespace phase', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'kubectl get pods -A --field-selector spec.nodeName=node-1,spec.hostNetwork=true -o name').stdout).toBe('pod/kube-proxy-2ljgc\n');
    expect(kubectl(sim, 'kubectl get svc -A --field-selector spec.type=ClusterIP -o name').stdout).toBe('service/kubernetes\nservice/kube-dns\n');
    expect(kubectl(sim, 'kubectl get ns --field-selector status.phase=Active -o name').stdout).toBe('namespace/default\nnamespace/kube-node-lease\nnamespace/kube-public\nnamespace/kube-system\n');
    expect(kubectl(sim, 'kubectl get events.events.k8s.io -A --field-selector regarding.kind=Node -o name').stdout).toMatch(/^event\.events\.k8s\.io\/control-plane\./);
  });
});
