/**
 * NetworkPolicy end to end: stored by kube-apiserver, enforced by the CNI plugin's node agent
 * (kindnet, Calico) through its informers, ignored by flannel. Traffic from `kubectl exec` and
 * `sim curl` is dropped the way a filtered packet is: the client times out.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function out(s: Session, line: string, stdin?: string): string {
  return s.run(line, stdin).output.map((c) => c.text).join('');
}

const GO_API = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: api
        image: registry.example.com/go-api:v1.0.0
        ports:
        - name: http
          containerPort: 8080
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
    targetPort: http
`;

const DENY = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: deny
spec:
  podSelector: {}
`;

function policy(name: string, spec: string): string {
  return `apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: ${name}\nspec:\n${spec}`;
}

function cluster(topology = ''): Session {
  const s = new Session({ seed: 1 });
  if (topology) expect(out(s, `sim topology basic --cni ${topology}`)).toContain(`CNI plugin ${topology}`);
  out(s, 'kubectl apply -f -', GO_API);
  out(s, 'kubectl run client --image=busybox:1.36 --labels=role=client -- sleep 3600');
  out(s, 'kubectl run stranger --image=busybox:1.36 -- sleep 3600');
  out(s, 'kubectl create namespace other');
  out(s, 'kubectl run outsider -n other --image=busybox:1.36 --labels=role=client -- sleep 3600');
  expect(out(s, 'kubectl rollout status deployment/web --timeout=2m')).toContain('successfully rolled out');
  out(s, 'kubectl wait --for=condition=Ready pod/client pod/stranger --timeout=1m');
  out(s, 'kubectl wait --for=condition=Ready pod/outsider -n other --timeout=1m');
  // kube-proxy programs the Service after minSyncPeriod.
  out(s, 'sim advance 2s');
  return s;
}

const OK = /"service":"go-api"/;
const wget = (s: Session, pod: string, ns = 'default'): string => out(s, `kubectl exec ${pod} -n ${ns} -- wget -qO- -T 2 http://web.default/`);

describe('NetworkPolicy enforced by kindnet (the default CNI)', () => {
  it('default deny drops ingress; an allow rule lets only the selected peers in', () => {
    const s = cluster();
    expect(wget(s, 'client')).toMatch(OK);
    out(s, 'kubectl run curler --image=nginx:1.27 --labels=role=client');
    out(s, 'kubectl wait --for=condition=Ready pod/curler --timeout=1m');
    out(s, 'kubectl apply -f -', DENY);
    out(s, 'sim advance 2s');
    expect(wget(s, 'client')).toBe('wget: download timed out\ncommand terminated with exit code 1\n');
    // A dropped SYN: Linux gives up first, or -m ends the connect phase (images/curl.ts connectTimedOut cites the recordings).
    expect(out(s, 'kubectl exec curler -- curl -sS http://web/')).toBe("curl: (28) Failed to connect to web port 80 after 134205 ms: Couldn't connect to server\ncommand terminated with exit code 28\n");
    expect(out(s, 'kubectl exec curler -- curl -sS -m 3 http://web/')).toBe('curl: (28) Connection timed out after 3001 milliseconds\ncommand terminated with exit code 28\n');
    expect(out(s, 'sim trace --kind cni --last 1')).toMatch(/kindnet drops TCP from 10\.244\.\d+\.\d+ to default\/web-\S+ port 8080 \(ingress isolated by default\/deny\)/);
    // Same namespace, by label, on the named port.
    out(s, 'kubectl apply -f -', policy('allow-client', '  podSelector:\n    matchLabels: {app: web}\n  ingress:\n  - from:\n    - podSelector:\n        matchLabels: {role: client}\n    ports:\n    - port: http\n'));
    out(s, 'sim advance 2s');
    expect(wget(s, 'client')).toMatch(OK);
    expect(wget(s, 'stranger')).toContain('wget: download timed out');
    // A podSelector alone never reaches into another namespace; a namespaceSelector does.
    expect(wget(s, 'outsider', 'other')).toContain('wget: download timed out');
    out(s, 'kubectl apply -f -', policy('allow-other', '  podSelector:\n    matchLabels: {app: web}\n  ingress:\n  - from:\n    - namespaceSelector:\n        matchLabels: {kubernetes.io/metadata.name: other}\n      podSelector:\n        matchLabels: {role: client}\n'));
    out(s, 'sim advance 2s');
    expect(wget(s, 'outsider', 'other')).toMatch(OK);
    // A port the rule does not name stays closed.
    out(s, 'kubectl delete networkpolicy allow-client allow-other');
    out(s, 'kubectl apply -f -', policy('wrong-port', '  podSelector: {}\n  ingress:\n  - ports:\n    - port: 9090\n'));
    out(s, 'sim advance 2s');
    expect(wget(s, 'client')).toContain('wget: download timed out');
  });

  it('lets a node reach its own Pods, and other nodes only through an ipBlock', () => {
    const s = cluster();
    out(s, 'kubectl apply -f -', DENY);
    out(s, 'sim advance 2s');
    const wide = out(s, 'kubectl get pods -l app=web -o wide').trim().split('\n').slice(1).map((l) => l.split(/\s+/));
    const [ip, node] = [wide[0]![5]!, wide[0]![6]!];
    const elsewhere = ['node-1', 'node-2', 'node-3'].find((n) => !wide.some((r) => r[6] === n))!;
    expect(out(s, `sim curl ${ip}:8080 --from ${node}`)).toMatch(/^HTTP 200 from web-/);
    expect(out(s, `sim curl ${ip}:8080 --from ${elsewhere}`)).toMatch(new RegExp(`^curl: \\(28\\) Failed to connect to ${ip.replace(/\./g, '\\.')} port 8080 after 10000 ms: Connection timed out\\n\\(${node}'s kindnet dropped it: NetworkPolicy default/deny isolates default/web-\\S+'s ingress`));
    out(s, 'kubectl apply -f -', policy('nodes', '  podSelector: {}\n  ingress:\n  - from:\n    - ipBlock:\n        cidr: 10.0.0.0/24\n        except: [10.0.0.99/32]\n'));
    out(s, 'sim advance 2s');
    expect(out(s, `sim curl ${ip}:8080 --from ${elsewhere}`)).toMatch(/^HTTP 200 from web-/);
  });

  it('egress isolation blocks DNS until a rule allows UDP 53 to kube-dns', () => {
    const s = cluster();
    out(s, 'kubectl apply -f -', policy('client-egress', '  podSelector:\n    matchLabels: {role: client}\n  policyTypes: [Egress]\n  egress:\n  - to:\n    - podSelector:\n        matchLabels: {app: web}\n    ports:\n    - port: 8080\n'));
    out(s, 'sim advance 2s');
    expect(out(s, 'kubectl exec client -- nslookup web')).toBe(';; connection timed out; no servers could be reached\n\ncommand terminated with exit code 1\n');
    expect(out(s, 'kubectl exec client -- wget -qO- -T 2 http://web/')).toBe("wget: bad address 'web'\ncommand terminated with exit code 1\n");
    expect(out(s, 'kubectl exec client -- wget -qO- -T 2 http://example.com/')).toContain("wget: bad address 'example.com'");
    // The stranger is not selected: its egress is untouched.
    expect(out(s, 'kubectl exec stranger -- wget -qO- -T 2 http://web/')).toMatch(OK);
    out(s, 'kubectl apply -f -', policy('dns', '  podSelector: {}\n  policyTypes: [Egress]\n  egress:\n  - to:\n    - namespaceSelector: {}\n      podSelector:\n        matchLabels: {k8s-app: kube-dns}\n    ports:\n    - port: 53\n      protocol: UDP\n'));
    out(s, 'sim advance 2s');
    expect(out(s, 'kubectl exec client -- wget -qO- -T 2 http://web/')).toMatch(OK);
    // Resolved now, but the public host is not an allowed destination.
    expect(out(s, 'kubectl exec client -- wget -qO- -T 2 http://example.com/')).toBe('wget: download timed out\ncommand terminated with exit code 1\n');
  });

  it('programs rules from its informers: an agent that is down leaves its node stale until it relists', () => {
    const s = cluster();
    const wide = out(s, 'kubectl get pods -l app=web -o wide').trim().split('\n').slice(1).map((l) => l.split(/\s+/));
    const nodes = new Set(wide.map((r) => r[6]!));
    for (const n of nodes) out(s, `sim fail cni/${n}`);
    out(s, 'kubectl apply -f -', DENY);
    out(s, 'sim advance 5s');
    expect(wget(s, 'client')).toMatch(OK);
    for (const n of nodes) out(s, `sim recover cni/${n}`);
    out(s, 'sim advance 5s');
    expect(wget(s, 'client')).toContain('wget: download timed out');
    expect(out(s, 'sim status')).toMatch(/cni\/node-\d\s+node-\d\s+Running\s+kindnet \(ptp\), enforces NetworkPolicy: [1-9]\d* isolated pods? here/);
  });
});

describe('the CNI plugin decides', () => {
  it('Calico enforces the same policies', () => {
    const s = cluster('calico');
    out(s, 'kubectl apply -f -', DENY);
    out(s, 'sim advance 2s');
    expect(wget(s, 'client')).toContain('wget: download timed out');
    expect(out(s, 'sim trace --kind cni --last 1')).toContain('calico drops TCP');
    expect(out(s, 'kubectl get clusterrolebinding calico-node -o wide')).toContain('kube-system/calico-node');
  });

  it('flannel stores the policies and enforces none: the traffic still flows', () => {
    const s = cluster('flannel');
    out(s, 'kubectl apply -f -', DENY);
    out(s, 'sim advance 2s');
    expect(out(s, 'kubectl get networkpolicies')).toMatch(/^NAME\s+POD-SELECTOR\s+AGE\ndeny\s+<none>\s+\ds\n$/);
    expect(wget(s, 'client')).toMatch(OK);
    expect(out(s, 'sim curl web --from node-1')).toMatch(/^HTTP 200 from web-/);
    expect(out(s, 'sim status')).toContain('flannel: does not enforce NetworkPolicy');
    expect(out(s, 'sim trace --kind cni')).not.toMatch(/policy|drops/);
  });

  it('rejects an unknown plugin', () => {
    const s = new Session({ seed: 1 });
    expect(out(s, 'sim topology basic --cni weave')).toBe('error: unknown CNI plugin "weave": one of kindnet, calico, flannel\n');
  });
});
