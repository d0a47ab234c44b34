/**
 * `conntrack` on a node through the whole engine: the connections kube-proxy's DNAT sent through
 * the node, as conntrack-tools lists and counts them, and its errors as conntrack 1.4.7 prints
 * them on this machine (the version string is the nodes' 1.4.8).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';

beforeAll(() => loadKubectlChunks());

const run = (s: Session, line: string): { out: string; err: string } => {
  const r = s.run(line).output;
  return { out: r.filter((o) => o.stream !== 'stderr').map((o) => o.text).join(''), err: r.filter((o) => o.stream === 'stderr').map((o) => o.text).join('') };
};
const text = (s: Session, line: string): string => run(s, line).out;

function cluster(): { s: Session; ip: string; node: string; client: string } {
  const s = new Session({ seed: 5 });
  s.run('kubectl create deployment hostnames --image=registry.k8s.io/serve_hostname --replicas=2');
  s.run('kubectl expose deployment hostnames --port=80 --target-port=9376');
  s.run('kubectl run client --image=busybox:1.36 --restart=Never -- sleep 3600');
  s.run('kubectl wait --for=condition=Ready pod/client pod -l app=hostnames --timeout=1m');
  s.run('sim advance 2s');
  return {
    s,
    ip: text(s, "kubectl get svc hostnames -o jsonpath='{.spec.clusterIP}'"),
    node: text(s, "kubectl get pod client -o jsonpath='{.spec.nodeName}'"),
    client: text(s, "kubectl get pod client -o jsonpath='{.status.podIP}'"),
  };
}

describe('conntrack on a node', () => {
  it('is on the PATH, as kubeadm\'s preflight requires', () => {
    const { s } = cluster();
    expect(text(s, 'sim ssh node-1 -- which conntrack')).toBe('/usr/sbin/conntrack\n');
    expect(text(s, 'sim ssh node-1 -- conntrack -V')).toBe('conntrack v1.4.8 (conntrack-tools)\n');
    expect(text(s, 'sim ssh node-1 -- conntrack')).toMatch(/^Command line interface for the connection tracking system\. Version 1\.4\.8\nUsage: conntrack \[commands\] \[options\]\n/);
  });

  it('lists a Pod\'s connection to a ClusterIP in TIME_WAIT, DNATed to the endpoint, until 120 s have passed', () => {
    const { s, ip, node, client } = cluster();
    expect(text(s, `sim ssh ${node} -- conntrack -C`)).toBe('0\n');
    s.run('kubectl exec client -- wget -qO- hostnames');
    const r = run(s, `sim ssh ${node} -- conntrack -L -d ${ip}`);
    expect(r.out).toMatch(new RegExp(`^tcp {6}6 120 TIME_WAIT src=${client} dst=${ip} sport=(\\d+) dport=80 src=10\\.244\\.\\d+\\.\\d+ dst=${client} sport=9376 dport=\\1 \\[ASSURED\\] mark=0 use=1\\n$`));
    expect(r.err).toBe('conntrack v1.4.8 (conntrack-tools): 1 flow entries have been shown.\n');
    expect(text(s, `sim ssh ${node} -- conntrack -L -p tcp --dport 80 -o extended`)).toMatch(/^ipv4 {5}2 tcp {6}6 120 TIME_WAIT /);
    // wget looked the name up first: one UDP query to kube-dns's ClusterIP, DNATed to a CoreDNS.
    expect(run(s, `sim ssh ${node} -- conntrack -L -p udp`).err).toBe('conntrack v1.4.8 (conntrack-tools): 1 flow entries have been shown.\n');
    s.run('sim advance 61s');
    expect(text(s, `sim ssh ${node} -- conntrack -L -d ${ip}`)).toMatch(/^tcp {6}6 59 TIME_WAIT /);
    s.run('sim advance 60s');
    expect(text(s, `sim ssh ${node} -- conntrack -C`)).toBe('0\n');
  });

  it('-F empties the table and -D deletes what the filters select', () => {
    const { s, node } = cluster();
    s.run('kubectl exec client -- sh -c "wget -qO- hostnames; wget -qO- hostnames"');
    // Two TCP connections and the two lookups before them.
    expect(text(s, `sim ssh ${node} -- conntrack -C`)).toBe('4\n');
    expect(run(s, `sim ssh ${node} -- conntrack -D -p udp --dport 53`).err).toBe('conntrack v1.4.8 (conntrack-tools): 2 flow entries have been deleted.\n');
    expect(text(s, `sim ssh ${node} -- conntrack -C`)).toBe('2\n');
    expect(run(s, `sim ssh ${node} -- conntrack -D -p tcp --dport 81`).err).toBe('conntrack v1.4.8 (conntrack-tools): 0 flow entries have been deleted.\n');
    expect(run(s, `sim ssh ${node} -- conntrack -F`).err).toBe('conntrack v1.4.8 (conntrack-tools): connection tracking table has been emptied.\n');
    expect(text(s, `sim ssh ${node} -- conntrack -C`)).toBe('0\n');
  });

  it('refuses bad options as conntrack.c does', () => {
    const { s } = cluster();
    const tryHelp = "Try `conntrack -h' or 'conntrack --help' for more information.\n";
    expect(run(s, 'sim ssh node-1 -- conntrack -L --dport 80').err).toBe(`conntrack v1.4.8 (conntrack-tools): unknown option \`--dport'\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -C -p tcp').err).toBe(`conntrack v1.4.8 (conntrack-tools): Illegal option \`--protonum' with this command\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -L -C').err).toBe(`conntrack v1.4.8 (conntrack-tools): Invalid commands combination\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -L -p foo').err).toBe(`conntrack v1.4.8 (conntrack-tools): \`foo' unsupported protocol\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -L -s bad').err).toBe(`conntrack v1.4.8 (conntrack-tools): Invalid IP address \`bad'\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -L -p tcp --state BOGUS').err).toBe(`conntrack v1.4.8 (conntrack-tools): unknown TCP state \`BOGUS'\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -L foo').err).toBe(`conntrack v1.4.8 (conntrack-tools): unknown type \`foo'\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -L -o bogus').err).toBe(`conntrack v1.4.8 (conntrack-tools): Bad parameter \`bogus'\n${tryHelp}`);
    expect(run(s, 'sim ssh node-1 -- conntrack -p tcp').err).toBe(`conntrack v1.4.8 (conntrack-tools): Illegal option \`--protonum' with this command\n${tryHelp}`);
  });

  it('lists DNS queries to the cluster DNS as UDP entries for 30 s: a Pod\'s lookup, a node\'s dig by address, one nobody answered', () => {
    const { s, node, client } = cluster();
    s.run('kubectl exec client -- nslookup hostnames.default.svc.cluster.local');
    const pod = text(s, `sim ssh ${node} -- conntrack -L -p udp -s ${client}`);
    expect(pod).toMatch(new RegExp(`^udp {6}17 30 src=${client} dst=10\\.96\\.0\\.10 sport=(\\d+) dport=53 src=(10\\.244\\.\\d+\\.\\d+) dst=${client} sport=53 dport=\\1 mark=0 use=1\\n$`));
    s.run('sim ssh node-1 -- dig +short @10.96.0.10 hostnames.default.svc.cluster.local');
    expect(text(s, 'sim ssh node-1 -- conntrack -L -p udp -s 10.0.0.11 -o extended')).toMatch(/^ipv4 {5}2 udp {6}17 30 src=10\.0\.0\.11 dst=10\.96\.0\.10 sport=(\d+) dport=53 src=10\.244\.\d+\.\d+ dst=10\.0\.0\.11 sport=53 dport=\1 mark=0 use=1\n$/);
    s.run('sim advance 12s');
    expect(text(s, `sim ssh ${node} -- conntrack -L -p udp -s ${client}`)).toMatch(/^udp {6}17 18 /);
    s.run('sim advance 20s');
    expect(run(s, `sim ssh ${node} -- conntrack -L -p udp`).err).toBe('conntrack v1.4.8 (conntrack-tools): 0 flow entries have been shown.\n');
    // A NetworkPolicy that lets the client send nothing: the query is DNATed and dropped, never answered.
    s.run(`kubectl apply -f - <<EOF
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: no-egress
spec:
  podSelector:
    matchLabels:
      run: client
  policyTypes: [Egress]
EOF`);
    s.run('sim advance 2s');
    s.run('kubectl exec client -- nslookup hostnames.default.svc.cluster.local');
    expect(text(s, `sim ssh ${node} -- conntrack -L -p udp -s ${client}`)).toMatch(new RegExp(`^udp {6}17 \\d+ src=${client} dst=10\\.96\\.0\\.10 sport=(\\d+) dport=53 \\[UNREPLIED\\] src=10\\.244\\.\\d+\\.\\d+ dst=${client} sport=53 dport=\\1 mark=0 use=1\\n`));
  });
});
