import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation } from '../simulation';

function out(sim: Simulation, node: string, line: string): string {
  return sim.nodeShell(node, line).output.filter((c) => c.stream === 'stdout').map((c) => c.text).join('');
}

function createPod(sim: Simulation, body: Pod): void {
  expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body }).ok).toBe(true);
}

describe("a node's process table", () => {
  const sim = new Simulation({ seed: 4 });
  createPod(sim, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'nginx:1.27' }] } } as Pod);
  createPod(sim, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nobody', namespace: 'default' }, spec: { nodeName: 'node-1', securityContext: { runAsUser: 65534 }, containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', '3600'] }] } } as Pod);
  sim.advance(60_000);

  it('starts with systemd (/sbin/init), the runtime and the kubelet with its kubeadm command line; static Pods run their manifests\' flags', () => {
    const rows = out(sim, 'node-1', 'ps -eo pid,ppid,user,comm,args').split('\n');
    expect(rows[0]).toBe('    PID    PPID USER     COMMAND         COMMAND');
    expect(rows[1]).toBe('      1       0 root     systemd         /sbin/init');
    // Ubuntu's stub resolver (its user cut to 8 columns) and sshd, owners of ss's listeners (host-sockets.ts).
    expect(rows[3]).toBe('    389       1 systemd+ systemd-resolve /usr/lib/systemd/systemd-resolved');
    expect(rows[4]).toBe('    412       1 root     containerd      /usr/bin/containerd');
    expect(rows[5]).toBe('    418       1 root     sshd            sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups');
    const scheduler = out(sim, 'control-plane', 'ps -C kube-scheduler -o args=');
    expect(scheduler).toMatch(/^kube-scheduler --authentication-kubeconfig=\/etc\/kubernetes\/scheduler\.conf .*--kubeconfig=\/etc\/kubernetes\/scheduler\.conf --leader-elect=true\n$/);
    expect(rows[6]).toMatch(/^ +\d+ +1 root +kubelet +\/usr\/bin\/kubelet --bootstrap-kubeconfig=\/etc\/kubernetes\/bootstrap-kubelet\.conf --kubeconfig=\/etc\/kubernetes\/kubelet\.conf --config=\/var\/lib\/kubelet\/config\.yaml --container-runtime-endpoint=unix:\/\/\/run\/containerd\/containerd\.sock$/);
  });

  it('puts each Pod under its sandbox\'s shim, beside its /pause, with nginx\'s workers per node CPU and runAsUser\'s user', () => {
    const text = out(sim, 'node-1', 'ps -eo pid,ppid,user,args');
    const web = sim.objects<Pod>('pods').find((p) => p.metadata.name === 'web')!;
    expect(web.status?.phase).toBe('Running');
    const shim = new RegExp(`^ +(\\d+) +1 root +/usr/bin/containerd-shim-runc-v2 -namespace k8s\\.io -id [0-9a-f]{64} -address /run/containerd/containerd\\.sock\\n +\\d+ +\\1 65535 +/pause\\n +(\\d+) +\\1 root +nginx: master process nginx -g daemon off;\\n( +\\d+ +\\2 nginx +nginx: worker process\\n){4}`, 'm');
    expect(text).toMatch(shim);
    expect(text).toMatch(/^ +\d+ +\d+ nobody +sleep 3600$/m);
    expect(out(sim, 'node-1', 'ps')).toBe('    PID TTY          TIME CMD\n   2417 pts/0    00:00:00 bash\n   2431 pts/0    00:00:00 ps\n');
  });

  it("lists the pipeline's other programs beside ps, as they run while it does", () => {
    const lines = out(sim, 'node-1', 'ps auxw | grep kubelet').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^root +\d+ .* \/usr\/bin\/kubelet /);
    expect(lines[1]).toMatch(/^root +2432 .* pts\/0 +S\+ +\d\d:\d\d +0:00 grep kubelet$/);
    expect(out(sim, 'node-1', 'ps -o pid,ppid,stat,args | cat')).toBe('    PID    PPID STAT COMMAND\n   2417       1 Ss   -bash\n   2431    2417 R+   ps -o pid,ppid,stat,args\n   2432    2417 S+   cat\n');
  });
});
