/**
 * The node's insides through the real engine: the OCI hop below the CRI, CRI-O next to
 * containerd, and `sim ssh`'s node shell (crictl, journalctl, the node's files, kube-proxy's
 * rules in iptables and nftables mode, ssh's own failures).
 */
import { describe, expect, it } from 'vitest';
import type { ConfigMap, Node, Pod } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import { extChain, nftServiceBase, sepChain, svcChain } from './chain-names';
import { runHostCommand } from './node-machine';

function text(sim: Simulation, node: string, line: string): { out: string; err: string; code: number } {
  const r = sim.nodeShell(node, line);
  const pick = (s: 'stdout' | 'stderr'): string => r.output.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { out: pick('stdout'), err: pick('stderr'), code: r.exitCode };
}

function deploy(sim: Simulation, name: string, image: string, replicas: number): void {
  const body = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image }] } } },
  };
  expect(sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body }).ok).toBe(true);
}

function podsOf(sim: Simulation, app: string): Pod[] {
  return sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === app);
}

describe('chain names', () => {
  it('are the hashes kube-proxy derives (known upstream values)', () => {
    expect(svcChain('default/kubernetes:https', 'TCP')).toBe('KUBE-SVC-NPX46M4PTMTKRN6Y');
    expect(svcChain('kube-system/kube-dns:dns', 'UDP')).toBe('KUBE-SVC-TCOU7JCQXEZGVUNU');
    expect(svcChain('kube-system/kube-dns:dns-tcp', 'TCP')).toBe('KUBE-SVC-ERIFXISQEP7F7OF4');
    expect(extChain('default/kubernetes:https', 'TCP')).toBe('KUBE-EXT-NPX46M4PTMTKRN6Y');
    expect(sepChain('default/web:http', 'TCP', '10.244.1.2:80')).toMatch(/^KUBE-SEP-[A-Z2-7]{16}$/);
    expect(nftServiceBase('default/web', 'TCP', 'http')).toMatch(/^[A-Z2-7]{8}-default\/web\/tcp\/http$/);
  });
});

describe('CRI → OCI runtime, containerd and CRI-O', () => {
  const sim = new Simulation({ seed: 3, cluster: { runtime: 'mixed' } });
  deploy(sim, 'web', 'nginx:1.27', 4);
  sim.advance(30_000);

  it('reports each node\'s runtime in status.nodeInfo and container ids with its scheme', () => {
    const versions = Object.fromEntries(sim.objects<Node>('nodes').map((n) => [n.metadata.name, n.status?.nodeInfo?.containerRuntimeVersion]));
    expect(versions).toEqual({ 'control-plane': 'containerd://2.1.4', 'node-1': 'containerd://2.1.4', 'node-2': 'containerd://2.1.4', 'node-3': 'cri-o://1.36.1' });
    for (const p of podsOf(sim, 'web')) {
      const id = p.status?.containerStatuses?.[0]?.containerID ?? '';
      expect(id.startsWith(p.spec.nodeName === 'node-3' ? 'cri-o://' : 'containerd://')).toBe(true);
    }
  });

  it('hands every sandbox and container to runc (crun on CRI-O) after the CRI call', () => {
    const recs = worldOf(sim).trace.records;
    const oci = recs.filter((r) => r.kind === 'oci');
    expect(oci.some((r) => r.from === 'container-runtime/node-1' && r.to === 'runc/node-1')).toBe(true);
    expect(oci.some((r) => r.from === 'container-runtime/node-3' && r.to === 'crun/node-3')).toBe(true);
    expect(oci.every((r) => (r.to.startsWith('crun/') ? r.from === 'container-runtime/node-3' : r.to.startsWith('runc/')))).toBe(true);
    const pod = podsOf(sim, 'web')[0]!;
    const id = pod.status!.containerStatuses![0]!.containerID!.replace(/^[a-z-]+:\/\//, '');
    const mine = recs.filter((r) => r.kind === 'oci' && r.detail.id === id);
    expect(mine.map((r) => (r.kind === 'oci' ? r.detail.op : ''))).toEqual(['create', 'start']);
    const create = recs.findIndex((r) => r.kind === 'cri' && r.detail.call === 'CreateContainer' && r.object?.name === pod.metadata.name);
    const start = recs.findIndex((r) => r.kind === 'cri' && r.detail.call === 'StartContainer' && r.object?.name === pod.metadata.name);
    expect(recs.indexOf(mine[0]!)).toBeGreaterThan(create);
    expect(recs.indexOf(mine[1]!)).toBeGreaterThan(start);
    const cri = recs.filter((r) => r.kind === 'cri' && r.object?.name === pod.metadata.name);
    expect(cri.map((r) => (r.kind === 'cri' ? `${r.detail.service}.${r.detail.call}` : ''))).toEqual(
      expect.arrayContaining(['RuntimeService.RunPodSandbox', 'ImageService.PullImage', 'RuntimeService.CreateContainer', 'RuntimeService.StartContainer']),
    );
  });

  it('crictl lists the runtime\'s own containers, pods and images, with the ids kubectl shows', () => {
    for (const p of podsOf(sim, 'web')) {
      const node = p.spec.nodeName!;
      const full = p.status!.containerStatuses![0]!.containerID!.replace(/^[a-z-]+:\/\//, '');
      const ps = text(sim, node, 'crictl ps');
      expect(ps.out.split('\n')[0]).toMatch(/^CONTAINER {11}IMAGE {15}CREATED {13}STATE {15}NAME {16}ATTEMPT {13}POD ID {14}POD {2,}NAMESPACE$/);
      expect(ps.out).toContain(`${full.slice(0, 13)}   `);
      expect(ps.out).toMatch(new RegExp(`${full.slice(0, 13)} .* Running +c +0 +[0-9a-f]{13} +${p.metadata.name} +default\\n`));
      expect(text(sim, node, 'crictl ps -q').out.split('\n')).toContain(full);
      expect(text(sim, node, 'crictl pods').out).toMatch(new RegExp(`^POD ID {14}CREATED {13}STATE {15}NAME {2,}NAMESPACE {2,}ATTEMPT {13}RUNTIME\\n[\\s\\S]*Ready +${p.metadata.name} +default +0 +\\(default\\)\\n`));
      expect(text(sim, node, `crictl logs ${full.slice(0, 13)}`).out).toContain('Configuration complete; ready for start up');
    }
    const images = text(sim, 'node-1', 'crictl images').out;
    expect(images.split('\n')[0]).toMatch(/^IMAGE {2,}TAG {2,}IMAGE ID {12}SIZE$/);
    expect(images).toMatch(/registry\.k8s\.io\/pause +3\.10 +[0-9a-f]{13} +320kB\n/);
    expect(text(sim, 'node-1', 'crictl logs 0000000').err).toContain('level=fatal');
  });

  it("crictl reads its flags as urfave/cli does: an unknown one is a usage error with the command's help, exit 1", () => {
    const sim = new Simulation({ seed: 1 });
    sim.advance(5_000);
    const r = text(sim, 'node-1', 'crictl pods -a');
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        'Incorrect Usage: flag provided but not defined: -a',
        '',
        'NAME:',
        '   crictl pods - List pods',
        '',
        'USAGE:',
        '   crictl pods [command options]',
        '',
        'COMMANDS:',
        '   help, h  Shows a list of commands or help for one command',
        '',
        'OPTIONS:',
        '   --id value                       filter by pod id',
        '   --label value [ --label value ]  Filter by key=value label',
        '   --last value, -n value           Show last n recently created pods. Set 0 for unlimited (default: 0)',
        '   --latest, -l                     Show the most recently created pod (default: false)',
        '   --name value                     Filter by pod name regular expression pattern',
        '   --namespace value                Filter by pod namespace regular expression pattern',
        '   --no-trunc                       Show output without truncating the ID (default: false)',
        '   --output value, -o value         Output format, One of: json|yaml|table (default: "table")',
        '   --quiet, -q                      List only pod IDs (default: false)',
        '   --state value, -s value          Filter by pod state',
        '   --verbose, -v                    Show verbose info for pods (default: false)',
        '   --help, -h                       show help',
        '',
      ].join('\n'),
    );
    expect(r.err).toMatch(/^time="[^"]+" level=fatal msg="flag provided but not defined: -a"\n$/);
    // --all names no flag of pods either; ps's combined short flags split; ps takes no argument (its help, exit 0).
    expect(text(sim, 'node-1', 'crictl pods --all').err).toContain('msg="flag provided but not defined: -all"');
    expect(text(sim, 'node-1', 'crictl ps -aq').out).toBe(text(sim, 'node-1', 'crictl ps -a -q').out);
    expect(text(sim, 'node-1', 'crictl ps -aqx').err).toContain('msg="flag provided but not defined: -aqx"');
    expect(text(sim, 'node-1', 'crictl ps foo')).toMatchObject({ code: 0, out: expect.stringContaining('NAME:\n   crictl ps - List containers\n') });
    expect(text(sim, 'node-1', 'crictl logs --tail').err).toContain('msg="flag needs an argument: -tail"');
  });
});

describe('the kubelet\'s journal', () => {
  it('holds SyncLoop ADD and the pull failures the kubelet logged, newest last', () => {
    const sim = new Simulation({ seed: 1 });
    deploy(sim, 'broken', 'nginx:1.27-doesnotexist', 1);
    sim.advance(20_000);
    const pod = podsOf(sim, 'broken')[0]!;
    const node = pod.spec.nodeName!;
    const all = text(sim, node, 'journalctl -u kubelet --no-pager').out;
    expect(all).toMatch(new RegExp(`^\\w{3} \\d{2} \\d\\d:\\d\\d:\\d\\d ${node} systemd\\[1\\]: Started kubelet\\.service`));
    expect(all).toMatch(new RegExp(`${node} kubelet\\[(\\d+)\\]: I\\d{4} [\\d:.]{15} +\\1 kubelet\\.go:\\d+\\] "SyncLoop ADD" source="api" pods=\\["default/${pod.metadata.name}"\\]`));
    expect(all).toContain('"Failed to pull image" err="rpc error: code = NotFound');
    expect(all).toContain('with ImagePullBackOff: ');
    const last2 = text(sim, node, 'journalctl -u kubelet -n 2').out.trim().split('\n');
    expect(last2).toHaveLength(2);
    expect(all.trim().endsWith(last2[1]!)).toBe(true);
    expect(text(sim, node, 'journalctl -u containerd').out).toBe('-- No entries --\n');
  });
});

describe('the kubelet\'s journal: probes and restarts', () => {
  it('logs failed probes, the CrashLoopBackOff sync errors and the removal of old instances', () => {
    const sim = new Simulation({ seed: 1 });
    const pod = (name: string, image: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image, ...extra }] } });
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('unready', 'registry.example.com/go-api:v1.7.0-never-ready', { readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 } }) }).ok).toBe(true);
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('crash', 'registry.example.com/crashloop:1.0') }).ok).toBe(true);
    sim.advance(90_000);
    const on = (name: string) => sim.objects<Pod>('pods').find((p) => p.metadata.name === name)!.spec.nodeName!;
    const unready = text(sim, on('unready'), 'journalctl -u kubelet --no-pager | grep "Probe failed"').out;
    expect(unready).toMatch(/prober\.go:\d+\] "Probe failed" probeType="Readiness" pod="default\/unready" podUID="[0-9a-f-]{36}" containerName="c" probeResult="failure" output="HTTP probe failed with statuscode: 503"\n/);
    const crash = text(sim, on('crash'), 'journalctl -u kubelet --no-pager').out;
    expect(crash).toMatch(/"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"c\\" with CrashLoopBackOff: \\"back-off \d+s restarting failed container=c pod=crash_default\([0-9a-f-]{36}\)\\"" pod="default\/crash"/);
    expect(crash).toMatch(/scope\.go:117\] "RemoveContainer" containerID="[0-9a-f]{64}"\n/);
  });
});

describe('the node shell', () => {
  const sim = new Simulation({ seed: 1 });
  it('reads the CNI config, static Pod manifests and kubelet config from the node', () => {
    expect(text(sim, 'node-1', 'ls /etc/cni/net.d').out).toBe('10-kindnet.conflist\n');
    expect(text(sim, 'node-1', 'cat /etc/cni/net.d/10-kindnet.conflist').out).toContain('[ { "subnet": "10.244.1.0/24" } ]');
    expect(text(sim, 'control-plane', 'ls /etc/kubernetes/manifests').out).toBe('etcd.yaml\nkube-apiserver.yaml\nkube-controller-manager.yaml\nkube-scheduler.yaml\n');
    expect(text(sim, 'node-1', 'ls /etc/kubernetes/manifests').out).toBe('');
    expect(text(sim, 'control-plane', 'cat /etc/kubernetes/manifests/kube-scheduler.yaml | grep -c kube-scheduler').code).toBe(0);
    expect(text(sim, 'node-1', 'grep staticPodPath /var/lib/kubelet/config.yaml').out).toBe('staticPodPath: /etc/kubernetes/manifests\n');
  });

  it('expands ~ to root\'s home and keeps a variable assigned on its own for the rest of the line, as bash does', () => {
    expect(text(sim, 'node-1', 'echo ~ ~/x a~ "~"').out).toBe('/root /root/x a~ ~\n');
    expect(text(sim, 'node-1', 'cp /var/lib/kubelet/config.yaml ~/ && ls ~').out).toBe('config.yaml\n');
    expect(text(sim, 'node-1', 'M=/etc/kubernetes/manifests; echo $M; D=~/d; echo $D').out).toBe('/etc/kubernetes/manifests\n/root/d\n');
    expect(text(sim, 'node-1', 'X=1 printenv X; echo "[$X]"').out).toBe('1\n[]\n');
  });

  it('expands unquoted patterns against the node\'s files, as the containers\' shells and the prompt do', () => {
    expect(text(sim, 'control-plane', 'ls /etc/kubernetes/manifests/kube-*.yaml').out).toBe('/etc/kubernetes/manifests/kube-apiserver.yaml\n/etc/kubernetes/manifests/kube-controller-manager.yaml\n/etc/kubernetes/manifests/kube-scheduler.yaml\n');
    expect(text(sim, 'node-1', 'echo /etc/cni/net.d/*.conflist "/etc/cni/*" /nope/* /etc/cni/net.d/1?-kind[mn]et.*').out).toBe('/etc/cni/net.d/10-kindnet.conflist /etc/cni/* /nope/* /etc/cni/net.d/10-kindnet.conflist\n');
    expect(text(sim, 'node-1', 'cd /etc/cni/net.d && D=/etc/cni; echo * $D/*').out).toBe('10-kindnet.conflist /etc/cni/net.d\n');
    // `chroot /host` runs the node's /bin/sh (dash), whose `.*` lists `.` and `..` (bash 5.2 skips them).
    expect(runHostCommand(worldOf(sim), 'node-1', ['/bin/sh', '-c', 'echo /etc/cni/.* /etc/cni/*'], {}, '', sim.now).output.map((c) => c.text)).toEqual(['/etc/cni/. /etc/cni/.. /etc/cni/net.d\n']);
    expect(text(sim, 'node-1', 'echo /etc/cni/.*').out).toBe('/etc/cni/.*\n');
    expect(text(sim, 'node-1', 'ls /etc/cni/{net.d,nope}').out).toBe('/etc/cni/net.d:\n10-kindnet.conflist\n');
    expect(runHostCommand(worldOf(sim), 'node-1', ['/bin/sh', '-c', 'echo {a,b}'], {}, '', sim.now).output.map((c) => c.text)).toEqual(['{a,b}\n']);
  });

  it('answers unknown commands as bash does, and ssh\'s own errors for unreachable machines', () => {
    // sshd's `bash -c` without a terminal names the line even for one command (bash 5.2.15, stderr a pipe).
    expect(text(sim, 'node-1', 'foo')).toEqual({ out: '', err: 'bash: line 1: foo: command not found\n', code: 127 });
    expect(text(sim, 'node-1', 'true && foo').err).toBe('bash: line 1: foo: command not found\n');
    expect(text(sim, 'nope', 'ls')).toEqual({ out: '', err: 'ssh: Could not resolve hostname nope: Name or service not known\n', code: 255 });
    expect(sim.injectFault('node/node-2').ok).toBe(true);
    expect(text(sim, 'node-2', 'crictl ps')).toEqual({ out: '', err: 'ssh: connect to host 10.0.0.12 port 22: No route to host\n', code: 255 });
    expect(sim.injectFault('network/node-3').ok).toBe(true);
    expect(text(sim, 'node-3', 'crictl ps').err).toBe('ssh: connect to host 10.0.0.13 port 22: Connection timed out\n');
  });

  it('shows kube-proxy\'s iptables chains with even statistic probabilities', () => {
    const s = new Simulation({ seed: 2 });
    deploy(s, 'web', 'nginx:1.27', 3);
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 80 }] } };
    expect(s.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc }).ok).toBe(true);
    s.advance(30_000);
    const nat = text(s, 'node-1', 'iptables-save -t nat').out;
    expect(nat).toMatch(/^# Generated by iptables-save v1\.8\.10 \(nf_tables\) on \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}\n\*nat\n/);
    expect(nat).toContain('-A KUBE-SERVICES -d 10.96.0.1/32 -p tcp -m comment --comment "default/kubernetes:https cluster IP" -m tcp --dport 443 -j KUBE-SVC-NPX46M4PTMTKRN6Y\n');
    const chain = svcChain('default/web:http', 'TCP');
    const lines = nat.split('\n').filter((l) => l.startsWith(`-A ${chain} -m comment`));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('--probability 0.33333333349 -j KUBE-SEP-');
    expect(lines[1]).toContain('--probability 0.50000000000 -j KUBE-SEP-');
    expect(lines[2]).not.toContain('--probability');
    expect(nat).toContain('COMMIT\n# Completed on');
    expect(text(s, 'node-1', 'nft list ruleset').out).toContain('# Warning: table ip nat is managed by iptables-nft, do not touch!');
  });

  it('in nftables mode: kube-proxy logs its proxier, programs nftables and leaves iptables alone', () => {
    const s = new Simulation({ seed: 1, cluster: { proxyMode: 'nftables' } });
    const cm = s.objects<ConfigMap>('configmaps').find((c) => c.metadata.name === 'kube-proxy');
    expect(cm?.data?.['config.conf']).toMatch(/^mode: nftables$/m);
    const ruleset = text(s, 'node-1', 'nft list ruleset').out;
    expect(ruleset.startsWith('table ip kube-proxy {\n\tcomment "rules for kube-proxy"\n')).toBe(true);
    expect(ruleset).toContain(`10.96.0.1 . tcp . 443 : goto service-${nftServiceBase('default/kubernetes', 'TCP', 'https')}`);
    expect(text(s, 'node-1', 'iptables-save').out).not.toContain('KUBE-SERVICES');
  });
});

describe("programs that run another program on the node's shell", () => {
  const sim = new Simulation({ seed: 3 });
  it('xargs, env and find -exec run their command; which finds the node programs in /usr/bin', () => {
    expect(text(sim, 'node-1', 'echo a b | xargs -n1 echo x; env FOO=bar printenv FOO').out).toBe('x a\nx b\nbar\n');
    expect(text(sim, 'node-1', 'find /etc/kubernetes -maxdepth 1 -name kubelet.conf -exec echo found {} +').out).toBe('found /etc/kubernetes/kubelet.conf\n');
    expect(text(sim, 'node-1', 'which crictl ls')).toMatchObject({ out: '/usr/bin/crictl\n/usr/bin/ls\n', code: 0 });
    expect(text(sim, 'node-1', 'echo a | xargs nosuch')).toMatchObject({ err: 'xargs: nosuch: No such file or directory\n', code: 127 });
  });
});
