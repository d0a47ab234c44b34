/**
 * `ip` in Pods and on nodes through the real engine and Session: the namespace the CNI plugin
 * built (node/netns.ts) as BusyBox's applet, Alpine's, agnhost's iproute2 and the node's
 * iproute2 print it (formats: engine/images/tools-ip.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function run(s: Session, line: string): { text: string; code: number } {
  const r = s.run(line);
  return { text: r.output.map((c) => c.text).join(''), code: r.exitCode };
}

/** A cluster with a busybox Pod and an nginx Pod running; the Pods' IPs and nodes. */
function cluster(cni?: string): { s: Session; pods: Record<string, { ip: string; node: string }> } {
  const s = new Session({ seed: 1 });
  if (cni) run(s, `sim topology basic --cni ${cni}`);
  run(s, 'kubectl run bb --image=busybox:1.36 -- sleep 3600');
  run(s, 'kubectl run web --image=nginx:1.27');
  run(s, 'sim advance 20s');
  const pods: Record<string, { ip: string; node: string }> = {};
  for (const line of run(s, 'kubectl get pods -o wide --no-headers').text.trim().split('\n')) {
    const [name, , , , , ip, node] = line.split(/\s+/);
    pods[name!] = { ip: ip!, node: node! };
  }
  return { s, pods };
}

const NODE_IP: Record<string, string> = { 'control-plane': '10.0.0.10', 'node-1': '10.0.0.11', 'node-2': '10.0.0.12', 'node-3': '10.0.0.13' };

describe('ip in a Pod and on its node (kindnet: the ptp plugin)', () => {
  const { s, pods } = cluster();
  const bb = pods['bb']!;
  const cidr = bb.ip.replace(/\.\d+$/, '.0/24');
  const gw = bb.ip.replace(/\.\d+$/, '.1');

  it("shows the Pod's status.podIP on eth0 with its podCIDR's prefix, eth0 the Pod end of a veth pair", () => {
    const r = run(s, 'kubectl exec bb -- ip addr');
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/^1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue qlen 1000\n/);
    expect(r.text).toMatch(/\n2: eth0@if\d+: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu 1500 qdisc noqueue qlen 1000\n {4}link\/ether [0-9a-f:]{17} brd ff:ff:ff:ff:ff:ff\n/);
    expect(r.text).toContain(`    inet ${bb.ip}/24 brd ${bb.ip.replace(/\.\d+$/, '.255')} scope global eth0\n       valid_lft forever preferred_lft forever\n`);
    // The link-local address is the kernel's EUI-64 of the MAC (node/netns.test.ts).
    expect(r.text).toMatch(/\n {4}inet6 fe80::[0-9a-f:]+\/64 scope link \n {7}valid_lft forever preferred_lft forever\n$/);
  });

  it("pairs with a veth on its node whose index is the Pod's eth0@ifN, holding the gateway and a host route to the Pod", () => {
    const peer = /eth0@if(\d+)/.exec(run(s, 'kubectl exec bb -- ip link show eth0').text)![1]!;
    const links = run(s, `sim ssh ${bb.node} -- ip -o link`).text;
    const veth = new RegExp(`^${peer}: (veth[0-9a-f]{8})@if2: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP mode DEFAULT group default qlen 1000\\\\    link/ether [0-9a-f:]{17} brd ff:ff:ff:ff:ff:ff link-netnsid \\d+$`, 'm').exec(links);
    expect(veth).not.toBeNull();
    const name = veth![1]!;
    expect(run(s, `sim ssh ${bb.node} -- ip -4 -o addr show dev ${name}`).text).toBe(`${peer}: ${name}    inet ${gw}/32 scope global ${name}\\       valid_lft forever preferred_lft forever\n`);
    expect(run(s, `sim ssh ${bb.node} -- ip route`).text).toContain(`\n${bb.ip} dev ${name} scope host \n`);
    // One veth per running Pod sandbox on the node: hostNetwork Pods (kube-proxy) have none.
    const onNode = run(s, `kubectl get pods -A -o wide --no-headers --field-selector spec.nodeName=${bb.node}`).text.trim().split('\n');
    const sandboxes = onNode.filter((l) => !l.includes(` ${NODE_IP[bb.node]} `)).length;
    expect(links.match(/^\d+: veth/gm)?.length).toBe(sandboxes);
  });

  it("routes: the Pod's default and podCIDR via the gateway; the node's to every other node's podCIDR via that node", () => {
    expect(run(s, 'kubectl exec bb -- ip route').text).toBe(`default via ${gw} dev eth0 \n${cidr} via ${gw} dev eth0  src ${bb.ip} \n${gw} dev eth0 scope link  src ${bb.ip} \n`);
    const web = pods['web']!;
    expect(run(s, `kubectl exec bb -- ip route get ${web.ip}`).text).toBe(`${web.ip} via ${gw} dev eth0  src ${bb.ip} \n`);
    const nodes = Object.keys(NODE_IP).map((n) => [n, run(s, `kubectl get node ${n} -o jsonpath={.spec.podCIDR}`).text]);
    const routes = run(s, `sim ssh ${bb.node} -- ip route`).text;
    expect(routes).toMatch(/^default via 10\.0\.0\.1 dev eth0 proto static \n10\.0\.0\.0\/16 dev eth0 proto kernel scope link src 10\.0\.0\.1\d \n/);
    for (const [name, podCIDR] of nodes) if (name !== bb.node) expect(routes).toContain(`\n${podCIDR} via ${NODE_IP[name!]} dev eth0 \n`);
    expect(run(s, `sim ssh ${bb.node} -- ip route get ${web.ip}`).text).toBe(`${web.ip} via ${NODE_IP[web.node]} dev eth0 src ${NODE_IP[bb.node]} uid 0 \n    cache \n`);
  });

  it('ip netns on the node: one namespace per Pod sandbox, its id the veth\'s link-netnsid; ip netns exec runs ip inside it', () => {
    const list = run(s, `sim ssh ${bb.node} -- ip netns`).text;
    expect(list).toMatch(/^(cni-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12} \(id: \d+\)\n)+$/);
    expect(run(s, `sim ssh ${bb.node} -- ip netns list`).text).toBe(list);
    const names = [...list.matchAll(/^(\S+) \(id: (\d+)\)$/gm)];
    const mine = names.find(([, name]) => run(s, `sim ssh ${bb.node} -- ip netns exec ${name} ip -4 -o addr show eth0`).text.includes(` ${bb.ip}/24 `))!;
    expect(mine).toBeDefined();
    expect(run(s, `sim ssh ${bb.node} -- ip netns exec ${mine[1]} ip route`).text).toBe(run(s, 'kubectl exec bb -- ip route').text.replace(/ {2}src/g, ' src'));
    const peer = /eth0@if(\d+)/.exec(run(s, 'kubectl exec bb -- ip link show eth0').text)![1]!;
    expect(run(s, `sim ssh ${bb.node} -- ip -o link`).text).toMatch(new RegExp(`^${peer}: veth.* link-netnsid ${mine[2]}$`, 'm'));
    // ip/ipnetns.c and lib/namespace.c's errors.
    expect(run(s, `sim ssh ${bb.node} -- ip netns exec nosuch ip a`)).toEqual({ text: 'Cannot open network namespace "nosuch": No such file or directory\n', code: 255 });
    expect(run(s, `sim ssh ${bb.node} -- ip netns exec`)).toEqual({ text: 'No netns name specified\n', code: 255 });
    expect(run(s, `sim ssh ${bb.node} -- ip netns foo`)).toEqual({ text: 'Command "foo" is unknown, try "ip netns help".\n', code: 255 });
  });

  it("puts no Service IP on any interface (kube-proxy's iptables mode)", () => {
    const clusterIP = run(s, 'kubectl get svc kubernetes -o jsonpath={.spec.clusterIP}').text;
    expect(run(s, 'sim ssh node-1 -- ip addr').text).not.toContain(clusterIP);
    expect(run(s, 'kubectl exec bb -- ip addr').text).not.toContain(clusterIP);
  });

  it('the node\'s own format: iproute2 (state, group, link-netnsid); -br; neighbours', () => {
    const a = run(s, `sim ssh ${bb.node} -- ip -br a`).text;
    expect(a).toMatch(new RegExp(`^lo {15}UNKNOWN {8}127\\.0\\.0\\.1/8 ::1/128 \\neth0 {13}UP {13}${NODE_IP[bb.node]!.replace(/\./g, '\\.')}/16 fe80::`));
    expect(a).toMatch(/\nveth[0-9a-f]{8}@if2 UP {13}10\.244\.\d+\.1\/32 fe80::/);
    expect(run(s, `sim ssh ${bb.node} -- ip neigh`).text).toContain(`10.0.0.10 dev eth0 lladdr `);
  });

  it("a hostNetwork Pod sees the node's interfaces; so does chroot /host in kubectl debug node", () => {
    run(s, `kubectl debug node/${bb.node} --image=busybox:1.36 -- sleep 600`);
    run(s, 'sim advance 10s');
    const dbg = run(s, 'kubectl get pods -o name').text.split('\n').find((n) => n.includes('node-debugger'))!.replace('pod/', '');
    const host = run(s, `kubectl exec ${dbg} -- ip -4 addr show eth0`).text;
    expect(host).toBe(`2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel qlen 1000\n    inet ${NODE_IP[bb.node]}/16 brd 10.0.255.255 scope global eth0\n       valid_lft forever preferred_lft forever\n`);
    expect(run(s, `kubectl exec ${dbg} -- chroot /host ip route`).text).toBe(run(s, `sim ssh ${bb.node} -- ip route`).text);
  });

  it("a container's own command sees its Pod's namespace as it was when it started", () => {
    run(s, 'kubectl run once --image=busybox:1.36 --restart=Never -- ip -4 -o addr');
    run(s, 'sim advance 10s');
    const ip = run(s, 'kubectl get pod once -o jsonpath={.status.podIP}').text;
    expect(run(s, 'kubectl logs once').text).toBe(`1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever\n2: eth0    inet ${ip}/24 brd ${ip.replace(/\.\d+$/, '.255')} scope global eth0\\       valid_lft forever preferred_lft forever\n`);
  });

  it('an image without ip fails as the real one does; a container may not change its network', () => {
    expect(run(s, 'kubectl exec web -- ip addr')).toEqual({ text: 'OCI runtime exec failed: exec failed: unable to start container process: exec: "ip": executable file not found in $PATH: unknown\ncommand terminated with exit code 126\n', code: 126 });
    expect(run(s, "kubectl exec web -- sh -c 'ip addr'")).toEqual({ text: 'sh: 1: ip: not found\ncommand terminated with exit code 127\n', code: 127 });
    expect(run(s, 'kubectl exec bb -- ip link set eth0 down')).toEqual({ text: 'ip: RTNETLINK answers: Operation not permitted\ncommand terminated with exit code 2\n', code: 2 });
  });

  it('is computed from the world when run: a deleted Pod\'s veth and route are gone', () => {
    const t = cluster();
    const node = t.pods['bb']!.node;
    expect(run(t.s, `sim ssh ${node} -- ip route`).text).toContain(`${t.pods['bb']!.ip} dev veth`);
    run(t.s, 'kubectl delete pod bb --wait=false');
    run(t.s, 'sim advance 40s');
    expect(run(t.s, `sim ssh ${node} -- ip route`).text).not.toContain(`${t.pods['bb']!.ip} dev veth`);
    // Same seed, same commands: the same names, MACs and indexes.
    expect(run(cluster().s, `sim ssh ${node} -- ip a`).text).toBe(run(cluster().s, `sim ssh ${node} -- ip a`).text);
  });
});

describe('ip with the other CNI plugins', () => {
  it('flannel: Pods on the cni0 bridge (MTU 1450), other nodes via flannel.1 onlink', () => {
    const { s, pods } = cluster('flannel');
    const bb = pods['bb']!;
    const gw = bb.ip.replace(/\.\d+$/, '.1');
    const base = bb.ip.replace(/\.\d+$/, '.0');
    expect(run(s, 'kubectl exec bb -- ip route').text).toBe(`default via ${gw} dev eth0 \n10.244.0.0/16 via ${gw} dev eth0 \n${base}/24 dev eth0 scope link  src ${bb.ip} \n`);
    expect(run(s, 'kubectl exec bb -- ip -4 addr show eth0').text).toMatch(/^2: eth0@if\d+: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu 1450 qdisc noqueue qlen 1000\n/);
    const node = run(s, `sim ssh ${bb.node} -- ip addr`).text;
    expect(node).toContain(`3: flannel.1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UNKNOWN group default \n`);
    expect(node).toContain(`    inet ${base}/32 scope global flannel.1\n`);
    expect(node).toContain(`4: cni0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UP group default qlen 1000\n`);
    expect(node).toMatch(/@if2: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue master cni0 state UP group default qlen 1000\n/);
    const web = pods['web']!;
    const webBase = web.ip.replace(/\.\d+$/, '.0');
    expect(run(s, `sim ssh ${bb.node} -- ip route`).text).toContain(`\n${webBase}/24 via ${webBase} dev flannel.1 onlink \n`);
    // A bridge with no Pod on it has no carrier: NO-CARRIER, DOWN, and its prefix route linkdown.
    run(s, 'kubectl delete pod bb web --wait=false');
    run(s, 'sim advance 40s');
    const idle = Object.keys(NODE_IP).find((n) => !run(s, `sim ssh ${n} -- ip -o link`).text.includes('@if'))!;
    expect(idle).toBeDefined();
    expect(run(s, `sim ssh ${idle} -- ip -4 addr show cni0`).text).toMatch(/^4: cni0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1450 qdisc noqueue state DOWN group default qlen 1000\n/);
    expect(run(s, `sim ssh ${idle} -- ip route`).text).toMatch(/ dev cni0 proto kernel scope link src 10\.244\.\d+\.1 linkdown \n/);
  });

  it('Calico: /32 Pod addresses behind 169.254.1.1, cali* host ends, other blocks via tunl0', () => {
    const { s, pods } = cluster('calico');
    const bb = pods['bb']!;
    expect(run(s, 'kubectl exec bb -- ip route').text).toBe('default via 169.254.1.1 dev eth0 \n169.254.1.1 dev eth0 scope link \n');
    expect(run(s, 'kubectl exec bb -- ip -4 addr show eth0').text).toContain(`    inet ${bb.ip}/32 scope global eth0\n`);
    const routes = run(s, `sim ssh ${bb.node} -- ip route`).text;
    expect(routes).toMatch(new RegExp(`\\n${bb.ip.replace(/\./g, '\\.')} dev cali[0-9a-f]{11} scope link \\n`));
    expect(routes).toContain(`blackhole ${bb.ip.replace(/\.\d+$/, '.0')}/24 proto bird \n`);
    expect(routes).toMatch(/ via 10\.0\.0\.1\d dev tunl0 proto bird onlink \n/);
    expect(run(s, `sim ssh ${bb.node} -- ip link`).text).toMatch(/: cali[0-9a-f]{11}@if3: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1480 qdisc noqueue state UP mode DEFAULT group default \n {4}link\/ether ee:ee:ee:ee:ee:ee brd ff:ff:ff:ff:ff:ff link-netnsid \d+\n/);
  });
});

describe("the image's ip", () => {
  it("Alpine's BusyBox prints state (musl has IFF_DORMANT); agnhost's iproute2 prints link-netnsid", () => {
    const s = new Session({ seed: 2 });
    run(s, 'kubectl run curl --image=curlimages/curl -- sleep 3600');
    run(s, 'kubectl run ag --image=registry.k8s.io/e2e-test-images/agnhost:2.40 -- pause');
    run(s, 'sim advance 20s');
    expect(run(s, 'kubectl exec curl -- ip link show eth0').text).toMatch(/^2: eth0@if\d+: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu 1500 qdisc noqueue state UP qlen 1000\n/);
    expect(run(s, 'kubectl exec ag -- ip link show eth0').text).toMatch(/^2: eth0@if\d+: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP mode DEFAULT group default qlen 1000\n {4}link\/ether [0-9a-f:]{17} brd ff:ff:ff:ff:ff:ff link-netnsid 0\n$/);
  });
});
