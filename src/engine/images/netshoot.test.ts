import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { bootCluster, createPod, createWebPod, createWebService, getPod, podManifest } from '../kubelet/kubelet.testing';
import type { Simulation } from '../simulation';

// nicolaka/netshoot's tools, each recorded from its real program: dig, host and nslookup from
// BIND 9.18.49 against a server answering as CoreDNS does, ping from iputils 20221126, nc from
// netcat-openbsd 1.219 (tools-dig.ts, tools-host.ts, tools-ping.ts, tools-nc.ts say what).

function inPod(sim: Simulation, pod: string, script: string): { exitCode: number; output: string } {
  const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: 'default', name: pod, execOptions: { command: ['bash', '-c', script] } });
  if (!res.ok || res.exec?.type !== 'exited') throw new Error(`exec failed: ${JSON.stringify(res)}`);
  return { exitCode: res.exec.exitCode, output: res.exec.output };
}

const dots = (s: string): string => s.replace(/\./g, '\\.');

let sim: Simulation;
let webIP: string;
let podIP: string;
let dnsIP: string;

beforeAll(() => {
  sim = bootCluster();
  createWebPod(sim);
  webIP = createWebService(sim);
  createPod(sim, podManifest('nt', 'nicolaka/netshoot', { node: 'node-1', container: { command: ['sleep', '3600'] } }));
  sim.advance(30_000);
  podIP = (getPod(sim, 'web') as Pod).status!.podIP!;
  dnsIP = inPod(sim, 'nt', "grep nameserver /etc/resolv.conf | cut -d' ' -f2").output.trim();
});

describe('nicolaka/netshoot', () => {
  it('runs zsh by default, which without a TTY reads its empty stdin and exits 0', () => {
    createPod(sim, podManifest('shell', 'nicolaka/netshoot', { restartPolicy: 'Never' }));
    sim.advance(30_000);
    const pod = getPod(sim, 'shell') as Pod;
    expect(pod.status?.containerStatuses?.[0]?.state?.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });

  it('curl reaches the Service through the cluster', () => {
    const r = inPod(sim, 'nt', 'curl -s http://web');
    expect(r.exitCode).toBe(0);
    expect(r.output).toContain('<title>Welcome to nginx!</title>');
  });

  it('dig +short asks CoreDNS; dig without +search asks for the bare name and gets the root NXDOMAIN', () => {
    expect(inPod(sim, 'nt', 'dig +short web.default.svc.cluster.local')).toEqual({ exitCode: 0, output: `${webIP}\n` });
    expect(inPod(sim, 'nt', 'dig +short web')).toEqual({ exitCode: 0, output: '' });
    expect(inPod(sim, 'nt', 'dig +short +search web')).toEqual({ exitCode: 0, output: `${webIP}\n` });
    expect(inPod(sim, 'nt', 'dig +noall +answer web.default.svc.cluster.local')).toEqual({ exitCode: 0, output: `web.default.svc.cluster.local. 30 IN\tA\t${webIP}\n` });
  });

  it('the full answer: header, flags of an authoritative server without recursion, the question and answer sections', () => {
    const r = inPod(sim, 'nt', 'dig web.default.svc.cluster.local');
    expect(r.exitCode).toBe(0);
    const expected = [
      '',
      '; <<>> DiG 9.18.49 <<>> web.default.svc.cluster.local',
      ';; global options: \\+cmd',
      ';; Got answer:',
      ';; WARNING: .local is reserved for Multicast DNS',
      ';; You are currently testing what happens when an mDNS query is leaked to DNS',
      ';; ->>HEADER<<- opcode: QUERY, status: NOERROR, id: \\d+',
      ';; flags: qr aa rd; QUERY: 1, ANSWER: 1, AUTHORITY: 0, ADDITIONAL: 1',
      ';; WARNING: recursion requested but not available',
      '',
      ';; OPT PSEUDOSECTION:',
      '; EDNS: version: 0, flags:; udp: 1232',
      '; COOKIE: [0-9a-f]{16} \\(echoed\\)',
      ';; QUESTION SECTION:',
      ';web\\.default\\.svc\\.cluster\\.local\\.\tIN\tA',
      '',
      ';; ANSWER SECTION:',
      `web\\.default\\.svc\\.cluster\\.local\\. 30 IN\tA\t${dots(webIP)}`,
      '',
      ';; Query time: 0 msec',
      `;; SERVER: ${dots(dnsIP)}#53\\(${dots(dnsIP)}\\) \\(UDP\\)`,
      ';; WHEN: \\w{3} \\w{3} \\d{2} \\d{2}:\\d{2}:\\d{2} UTC \\d{4}',
      ';; MSG SIZE  rcvd: 115',
      '',
      '',
    ];
    const lines = r.output.split('\n');
    expect(lines).toHaveLength(expected.length);
    expected.forEach((re, i) => expect(lines[i]).toMatch(new RegExp(`^${re}$`)));
  });

  it('an unknown cluster name is NXDOMAIN with the zone\'s SOA in the authority section', () => {
    const r = inPod(sim, 'nt', 'dig nosuch.default.svc.cluster.local');
    expect(r.exitCode).toBe(0);
    expect(r.output).toContain(';; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: ');
    expect(r.output).toContain(';; flags: qr aa rd; QUERY: 1, ANSWER: 0, AUTHORITY: 1, ADDITIONAL: 1\n');
    expect(r.output).toMatch(/;; AUTHORITY SECTION:\ncluster\.local\.\t\t30\tIN\tSOA\tns\.dns\.cluster\.local\. hostmaster\.cluster\.local\. \d+ 7200 1800 86400 30\n/);
    expect(r.output).toContain(';; MSG SIZE  rcvd: 166\n');
    expect(inPod(sim, 'nt', 'dig +foo web').output).toBe('Invalid option: +foo\nUsage:  dig [@global-server] [domain] [q-type] [q-class] {q-opt}\n            {global-d-opt} host [@local-server] {local-d-opt}\n            [ host [@local-server] {local-d-opt} [...]]\n\nUse "dig -h" (or "dig -h | more") for complete list of options\n');
  });

  it("host and BIND's nslookup walk the search list; nslookup notes every reply without recursion", () => {
    expect(inPod(sim, 'nt', 'host web')).toEqual({ exitCode: 0, output: `web.default.svc.cluster.local has address ${webIP}\n` });
    expect(inPod(sim, 'nt', 'host nosuch')).toEqual({ exitCode: 1, output: 'Host nosuch not found: 3(NXDOMAIN)\n' });
    const note = `;; Got recursion not available from ${dnsIP}\n`;
    const header = `Server:\t\t${dnsIP}\nAddress:\t${dnsIP}#53\n\n`;
    expect(inPod(sim, 'nt', 'nslookup web')).toEqual({ exitCode: 0, output: `${note}${header}Name:\tweb.default.svc.cluster.local\nAddress: ${webIP}\n${note}\n` });
    expect(inPod(sim, 'nt', 'nslookup nosuch')).toEqual({ exitCode: 1, output: `${note}${note}${note}${header}** server can't find nosuch: NXDOMAIN\n\n` });
  });

  it("iputils ping: a Pod IP answers from icmp_seq=1, a ClusterIP never does", () => {
    const r = inPod(sim, 'nt', `ping -c 2 ${podIP}`);
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatch(new RegExp(`^PING ${dots(podIP)} \\(${dots(podIP)}\\) 56\\(84\\) bytes of data\\.\n64 bytes from ${dots(podIP)}: icmp_seq=1 ttl=62 time=\\d\\.\\d{3} ms\n64 bytes from ${dots(podIP)}: icmp_seq=2 ttl=62 time=\\d\\.\\d{3} ms\n\n--- ${dots(podIP)} ping statistics ---\n2 packets transmitted, 2 received, 0% packet loss, time 1\\d{3}ms\nrtt min/avg/max/mdev = \\d\\.\\d{3}/\\d\\.\\d{3}/\\d\\.\\d{3}/\\d\\.\\d{3} ms\n$`));
    expect(inPod(sim, 'nt', 'ping -c 2 -W 1 web')).toEqual({
      exitCode: 1,
      output: `PING web.default.svc.cluster.local (${webIP}) 56(84) bytes of data.\n\n--- web.default.svc.cluster.local ping statistics ---\n2 packets transmitted, 0 received, 100% packet loss, time 1000ms\n\n`,
    });
    expect(inPod(sim, 'nt', 'ping -c 1 nosuch')).toEqual({ exitCode: 2, output: 'ping: nosuch: Name does not resolve\n' });
  });

  it('netcat-openbsd: -zv says succeeded with the service name, a refusal only with -v', () => {
    expect(inPod(sim, 'nt', 'nc -zv web 80')).toEqual({ exitCode: 0, output: `Connection to web (${webIP}) 80 port [tcp/http] succeeded!\n` });
    expect(inPod(sim, 'nt', `nc -zv ${podIP} 81`)).toEqual({ exitCode: 1, output: `nc: connect to ${podIP} port 81 (tcp) failed: Connection refused\n` });
    expect(inPod(sim, 'nt', `nc -z ${podIP} 81`)).toEqual({ exitCode: 1, output: '' });
    expect(inPod(sim, 'nt', 'nc -zv -w 2 web 81')).toEqual({ exitCode: 1, output: `nc: connect to web (${webIP}) port 81 (tcp) timed out: Operation now in progress\n` });
    expect(inPod(sim, 'nt', 'nc -zv nosuch 80')).toEqual({ exitCode: 1, output: 'nc: getaddrinfo for host "nosuch" port 80: Name does not resolve\n' });
    expect(inPod(sim, 'nt', 'telnet web 80 </dev/null')).toEqual({ exitCode: 0, output: 'Connected to web\n' });
  });

  it('with its DNS dropped by an egress policy, dig, host and nslookup time out as each does', () => {
    const deny = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'no-egress', namespace: 'default' }, spec: { podSelector: {}, policyTypes: ['Egress'] } };
    expect(sim.request({ verb: 'create', resource: 'networkpolicies', namespace: 'default', body: deny }).ok).toBe(true);
    sim.advance(5_000);
    const error = `;; communications error to ${dnsIP}#53: timed out\n`;
    expect(inPod(sim, 'nt', 'dig +short web.default.svc.cluster.local')).toEqual({ exitCode: 9, output: `${error}${error}${error};; no servers could be reached\n` });
    expect(inPod(sim, 'nt', 'dig web')).toEqual({ exitCode: 9, output: `${error}${error}${error}\n; <<>> DiG 9.18.49 <<>> web\n;; global options: +cmd\n;; no servers could be reached\n` });
    expect(inPod(sim, 'nt', 'host web')).toEqual({ exitCode: 1, output: `${error}${error};; no servers could be reached\n` });
    expect(inPod(sim, 'nt', 'nslookup web')).toEqual({ exitCode: 1, output: `${error}${error}${error};; no servers could be reached\n\n` });
  });
});
