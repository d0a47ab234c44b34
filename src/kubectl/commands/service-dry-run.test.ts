/**
 * A server-side dry run of a Service: kube-apiserver's dry-run allocator answers with its
 * range's network address and dummy NodePorts from 32769, and allocates nothing.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const SVC = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: NodePort\n  selector:\n    app: web\n  ports:\n  - port: 80\n';

describe('Services created with --dry-run=server', () => {
  it('show the dry-run allocator\'s ClusterIP and leave no IPAddress behind', () => {
    const sim = new Simulation({ seed: 1 });
    // Byte for byte what kubectl 1.35 prints against the served cluster.
    expect(kubectl(sim, 'create service clusterip x --tcp=80 --dry-run=server -o yaml').stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: "2025-09-01T09:00:08Z"
  generation: 1
  labels:
    app: x
  name: x
  namespace: default
  uid: b5c6dc13-e141-43da-afc9-f505a2eb39e2
spec:
  clusterIP: 10.96.0.0
  clusterIPs:
  - 10.96.0.0
  internalTrafficPolicy: Cluster
  ipFamilies:
  - IPv4
  ipFamilyPolicy: SingleStack
  ports:
  - name: "80"
    port: 80
    protocol: TCP
    targetPort: 80
  selector:
    app: x
  sessionAffinity: None
  type: ClusterIP
status:
  loadBalancer: {}
`);
    expect(kubectl(sim, 'apply -f svc.yaml --dry-run=server -o jsonpath={.spec.clusterIP}/{.spec.ports[0].nodePort}', { files: { 'svc.yaml': SVC } }).stdout).toBe('10.96.0.0/32769');
    expect(kubectl(sim, 'get ipaddresses -o name').stdout).toBe('ipaddress.networking.k8s.io/10.96.0.1\nipaddress.networking.k8s.io/10.96.0.10\n');
    expect(kubectl(sim, 'get services').stdout).toBe('NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nkubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   8s\n');
  });
});
