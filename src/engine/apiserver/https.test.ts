import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { createPod, getPod, podManifest } from '../kubelet/kubelet.testing';

let booted: Simulation;

/** A command run in the Pod as `kubectl exec` runs it: its exit code and combined output. */
function inPod(sim: Simulation, pod: string, script: string): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command: ['sh', '-c', script] } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

const SA = '/var/run/secrets/kubernetes.io/serviceaccount';
const AS_SA = `curl -s --cacert ${SA}/ca.crt -H "Authorization: Bearer $(cat ${SA}/token)"`;

beforeAll(() => {
  booted = new Simulation({ seed: 1 });
  createPod(booted, podManifest('t', 'curlimages/curl:8.17.0', { container: { command: ['sleep', '3600'] } }));
  createPod(booted, podManifest('bb', 'busybox:1.36', { container: { command: ['sleep', '3600'] } }));
  booted.runUntil(() => ['t', 'bb'].every((n) => getPod(booted, n)?.status?.phase === 'Running'), 60_000);
});

const fresh = (): Simulation => Simulation.fromSnapshot(booted.snapshot());

describe('kube-apiserver from inside a Pod', () => {
  it('mounts the ServiceAccount token, the cluster CA and the namespace', () => {
    const sim = fresh();
    expect(inPod(sim, 't', `ls ${SA}; cat ${SA}/namespace; echo`).output).toBe('ca.crt\nnamespace\ntoken\ndefault\n');
    const token = inPod(sim, 't', `cat ${SA}/token`).output;
    const [head = '', claims = ''] = token.split('.');
    expect(JSON.parse(atob(head.replace(/-/g, '+').replace(/_/g, '/')))).toMatchObject({ alg: 'RS256' });
    expect(JSON.parse(atob(claims.replace(/-/g, '+').replace(/_/g, '/')))).toMatchObject({ iss: 'https://kubernetes.default.svc.cluster.local', sub: 'system:serviceaccount:default:default', 'kubernetes.io': { namespace: 'default', pod: { name: 't' } } });
    expect(inPod(sim, 't', `head -1 ${SA}/ca.crt`).output).toBe('-----BEGIN CERTIFICATE-----\n');
  });

  it('answers anonymous requests as RBAC allows system:unauthenticated: /version, not /api', () => {
    const sim = fresh();
    const version = inPod(sim, 't', 'curl -sk https://kubernetes.default.svc/version');
    expect(version.exitCode).toBe(0);
    expect(JSON.parse(version.output)).toMatchObject({ major: '1', gitVersion: expect.stringMatching(/^v1\.3\d\.\d+$/) });
    expect(inPod(sim, 't', 'curl -sk https://kubernetes.default.svc/api')).toEqual({
      exitCode: 0,
      output:
        '{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {},\n  "status": "Failure",\n  "message": "forbidden: User \\"system:anonymous\\" cannot get path \\"/api\\"",\n  "reason": "Forbidden",\n  "details": {},\n  "code": 403\n}',
    });
    expect(inPod(sim, 't', 'curl -sk -o /dev/null -w "%{http_code}\\n" https://10.96.0.1/healthz').output).toBe('200\n');
  });

  it('authenticates the Pod’s token as its ServiceAccount, and a RoleBinding changes the answer', () => {
    const sim = fresh();
    const before = sim.lastTraceSeq;
    const denied = inPod(sim, 't', `${AS_SA} https://kubernetes.default.svc/api/v1/namespaces/default/pods`);
    expect(JSON.parse(denied.output)).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods is forbidden: User "system:serviceaccount:default:default" cannot list resource "pods" in API group "" in the namespace "default"',
      reason: 'Forbidden',
      details: { kind: 'pods' },
      code: 403,
    });
    const hops = sim.traceSince(before).map((r) => r.summary);
    expect(hops).toContain('authenticated as "system:serviceaccount:default:default"');
    expect(hops.some((h) => h.startsWith('GET https://10.96.0.1:443/api/v1/namespaces/default/pods from ') && h.includes('via default/kubernetes → 10.0.0.10:6443 (kube-apiserver'))).toBe(true);
    const rb = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'read', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'default' }] };
    expect(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: rb }).ok).toBe(true);
    const list = JSON.parse(inPod(sim, 't', `${AS_SA} https://kubernetes.default.svc/api/v1/namespaces/default/pods`).output) as { kind: string; items: { metadata: { name: string } }[] };
    expect(list.kind).toBe('PodList');
    expect(list.items.map((p) => p.metadata.name).sort()).toEqual(['bb', 't']);
    expect(inPod(sim, 't', 'curl -sk -H "Authorization: Bearer not-a-token" https://kubernetes.default.svc/version').output).toBe(
      '{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {},\n  "status": "Failure",\n  "message": "Unauthorized",\n  "reason": "Unauthorized",\n  "code": 401\n}',
    );
  });

  it('reads the URL as reconcile serve does: selectors, a Scale, the 405s, a Service through its proxy', () => {
    const sim = fresh();
    const bind = (name: string, role: string): void => {
      const rb = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name, namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role }, subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'default' }] };
      expect(sim.request({ verb: 'create', resource: 'rolebindings', namespace: 'default', body: rb }).ok).toBe(true);
    };
    bind('read', 'view');
    bind('write', 'edit');
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } } } };
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 80 }] } };
    expect(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment as never }).ok).toBe(true);
    expect(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: service as never }).ok).toBe(true);
    sim.advance(30_000);
    const api = (path: string): string => inPod(sim, 't', `${AS_SA} 'https://kubernetes.default.svc${path}'`).output;
    const selected = JSON.parse(api('/api/v1/namespaces/default/pods?labelSelector=app%3Dweb')) as { items: { metadata: { labels: Record<string, string> } }[] };
    expect(selected.items.map((p) => p.metadata.labels['app'])).toEqual(['web']);
    expect(JSON.parse(api('/apis/apps/v1/namespaces/default/deployments/web/scale'))).toMatchObject({ kind: 'Scale', spec: { replicas: 1 }, status: { selector: 'app=web' } });
    // The authorization filter runs before the mux: a 405 (or 404) only for a client allowed the request.
    expect(JSON.parse(api('/api/v1/namespaces/default/pods/t/binding'))).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods "t" is forbidden: User "system:serviceaccount:default:default" cannot get resource "pods/binding" in API group "" in the namespace "default"',
      reason: 'Forbidden',
      details: { name: 't', kind: 'pods' },
      code: 403,
    });
    expect(JSON.parse(api('/apis/example.com/v1/widgets'))).toMatchObject({ code: 403, message: 'widgets.example.com is forbidden: User "system:serviceaccount:default:default" cannot list resource "widgets" in API group "example.com" at the cluster scope', details: { group: 'example.com', kind: 'widgets' } });
    expect(inPod(sim, 't', 'curl -sk -X PUT https://kubernetes.default.svc/version').output).toContain('"message": "forbidden: User \\"system:anonymous\\" cannot put path \\"/version\\""');
    bind('admin', 'cluster-admin');
    expect(JSON.parse(api('/api/v1/namespaces/default/pods/t/binding'))).toMatchObject({ code: 405, reason: 'MethodNotAllowed' });
    // The RoleBinding grants cluster-admin's rules in default only: the cluster scope stays refused.
    expect(JSON.parse(api('/apis/example.com/v1/namespaces/default/widgets'))).toMatchObject({ code: 404, reason: 'NotFound' });
    expect(JSON.parse(api('/apis/example.com/v1/widgets'))).toMatchObject({ code: 403 });
    // Non-resource paths are granted by ClusterRoleBindings alone.
    const crb = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'sa-admin' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' }, subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'default' }] };
    expect(sim.request({ verb: 'create', resource: 'clusterrolebindings', body: crb }).ok).toBe(true);
    expect(JSON.parse(api('/apis/example.com/v1/widgets'))).toMatchObject({ code: 404 });
    expect(JSON.parse(inPod(sim, 't', `${AS_SA} -X PUT https://kubernetes.default.svc/version`).output)).toMatchObject({ code: 405, reason: 'MethodNotAllowed' });
    expect(inPod(sim, 't', `${AS_SA} -X POST https://kubernetes.default.svc/healthz`).output).toBe('ok');
    expect(api('/api/v1/namespaces/default/services/web:80/proxy/')).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    // A proxied POST reaches the app as a POST, and its answer is the app's, not decoded as an
    // object: nginx refuses a POST of its index with its 405 page.
    expect(inPod(sim, 't', `${AS_SA} -d hello 'https://kubernetes.default.svc/api/v1/namespaces/default/services/web:80/proxy/'`).output).toMatch(/^<html>\r\n<head><title>405 Not Allowed<\/title><\/head>/);
  });

  it('stops accepting a token once the Pod it is bound to is gone', () => {
    const sim = fresh();
    const token = inPod(sim, 't', `cat ${SA}/token`).output;
    const asToken = `wget -qO- --header "Authorization: Bearer ${token}" https://kubernetes.default.svc/api`;
    expect(inPod(sim, 'bb', asToken)).toMatchObject({ exitCode: 0, output: expect.stringContaining('"kind": "APIVersions"') });
    // Its claims altered by one character, the signature no longer matches.
    const [head, claims, sig] = token.split('.') as [string, string, string];
    const altered = `${head}.${claims.slice(0, 20)}${claims[20] === 'A' ? 'B' : 'A'}${claims.slice(21)}.${sig}`;
    expect(inPod(sim, 'bb', `wget -qO- --header "Authorization: Bearer ${altered}" https://kubernetes.default.svc/api`).output).toContain('401 Unauthorized');
    expect(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 't', gracePeriodSeconds: 0 }).ok).toBe(true);
    sim.advance(5_000);
    expect(inPod(sim, 'bb', asToken)).toEqual({ exitCode: 1, output: 'wget: note: TLS certificate validation not implemented\nwget: server returned error: HTTP/1.1 401 Unauthorized\n' });
  });

  // curl 8.17.0's lines (lib/vtls/openssl.c at curl-8_17_0; images/curl.ts tlsError cites them).
  it('verifies the server like curl: no CA is exit 60, a missing --cacert 77, -i shows the HTTP/2 head', () => {
    const sim = fresh();
    expect(inPod(sim, 't', 'curl https://kubernetes.default.svc')).toEqual({
      exitCode: 60,
      output:
        'curl: (60) SSL certificate OpenSSL verify result: unable to get local issuer certificate (20)\nMore details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.\n',
    });
    expect(inPod(sim, 't', 'curl -s https://kubernetes.default.svc')).toEqual({ exitCode: 60, output: '' });
    expect(inPod(sim, 't', 'curl -sS --cacert /nope https://kubernetes.default.svc/')).toEqual({ exitCode: 77, output: 'curl: (77) error adding trust anchors from file: /nope\n' });
    expect(inPod(sim, 't', `curl -sS --cacert ${SA}/ca.crt https://kubernetes.web.svc/`).output).toBe('curl: (6) Could not resolve host: kubernetes.web.svc\n');
    const head = inPod(sim, 't', `curl -si --cacert ${SA}/ca.crt https://kubernetes.default.svc/api`).output;
    expect(head).toMatch(/^HTTP\/2 403 \r\naudit-id: [0-9a-f-]{36}\r\ncache-control: no-cache, private\r\ncontent-type: application\/json\r\nx-content-type-options: nosniff\r\nx-kubernetes-pf-flowschema-uid: [0-9a-f-]{36}\r\nx-kubernetes-pf-prioritylevel-uid: [0-9a-f-]{36}\r\ncontent-length: 220\r\ndate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\n\r\n\{\n {2}"kind": "Status",/);
  });

  it("names the FlowSchema and priority level APF classified the request into (apf_filter.go's response headers)", () => {
    const sim = fresh();
    const uid = (resource: string, name: string): string | undefined => sim.objects(resource).find((o) => o.metadata.name === name)?.metadata.uid;
    const headers = (script: string): string[] => inPod(sim, 't', script).output.split('\r\n').filter((l) => l.startsWith('x-kubernetes-pf-'));
    // The default ServiceAccount is in system:serviceaccounts: service-accounts, at workload-low.
    expect(headers(`${AS_SA} -si https://kubernetes.default.svc/api/v1/namespaces/default/pods`)).toEqual([`x-kubernetes-pf-flowschema-uid: ${uid('flowschemas', 'service-accounts')}`, `x-kubernetes-pf-prioritylevel-uid: ${uid('prioritylevelconfigurations', 'workload-low')}`]);
    // Anyone's GET of a health check matches probes (precedence 2), which is exempt.
    expect(headers('curl -sik https://kubernetes.default.svc/livez')).toEqual([`x-kubernetes-pf-flowschema-uid: ${uid('flowschemas', 'probes')}`, `x-kubernetes-pf-prioritylevel-uid: ${uid('prioritylevelconfigurations', 'exempt')}`]);
    // Anonymous /version: global-default.
    expect(headers('curl -sik https://kubernetes.default.svc/version')[0]).toBe(`x-kubernetes-pf-flowschema-uid: ${uid('flowschemas', 'global-default')}`);
  });

  it('answers plain HTTP on the TLS port with Go’s 400, as curl and BusyBox wget print it', () => {
    const sim = fresh();
    expect(inPod(sim, 't', 'curl -s http://10.96.0.1:443')).toEqual({ exitCode: 0, output: 'Client sent an HTTP request to an HTTPS server.\n' });
    expect(inPod(sim, 'bb', 'wget -qO- http://10.96.0.1:443')).toEqual({ exitCode: 1, output: 'wget: server returned error: HTTP/1.0 400 Bad Request\n' });
    // The note reaches stderr before the body reaches stdout.
    expect(inPod(sim, 'bb', 'wget -qO- https://kubernetes.default.svc/version').output).toMatch(/^wget: note: TLS certificate validation not implemented\n\{\n {2}"major": "1",/);
    const wget = inPod(sim, 'bb', 'wget -qO- https://kubernetes.default.svc/api');
    expect(wget).toEqual({ exitCode: 1, output: 'wget: note: TLS certificate validation not implemented\nwget: server returned error: HTTP/1.1 403 Forbidden\n' });
  });

  it('refuses the connection while a kube-apiserver is stopped; a machine that is off never answers', () => {
    const sim = new Simulation({ seed: 1, topology: 'ha' });
    createPod(sim, podManifest('t', 'curlimages/curl', { container: { command: ['sleep', '3600'] } }));
    sim.runUntil(() => getPod(sim, 't')?.status?.phase === 'Running', 60_000);
    expect(inPod(sim, 't', 'curl -sk https://10.0.0.11:6443/livez').output).toBe('ok');
    expect(sim.injectFault('kube-apiserver-2').ok).toBe(true);
    expect(inPod(sim, 't', 'curl -sSk https://10.0.0.11:6443/livez')).toEqual({ exitCode: 7, output: "curl: (7) Failed to connect to 10.0.0.11 port 6443 after 0 ms: Could not connect to server\n" });
    expect(sim.injectFault('node/control-plane-3').ok).toBe(true);
    expect(inPod(sim, 't', 'curl -sSk -m 5 https://10.0.0.12:6443/livez')).toMatchObject({ exitCode: 28 });
  });
});
