/**
 * `sim ssh` and the topology's runtime and proxy-mode options through the Session: the lines a
 * student types, with their exit codes.
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';

function run(s: Session, line: string): { text: string; code: number } {
  const r = s.run(line);
  return { text: r.output.map((c) => c.text).join(''), code: r.exitCode };
}

describe('sim ssh', () => {
  const s = new Session({ seed: 1 });

  it('runs a command on the node, with bash\'s and ssh\'s own exit codes', () => {
    expect(run(s, 'sim ssh node-1 -- ls /etc/cni/net.d')).toEqual({ text: '10-kindnet.conflist\n', code: 0 });
    expect(run(s, 'sim ssh node-1 crictl pods').text).toMatch(/^POD ID {14}CREATED/);
    expect(run(s, 'sim ssh node-1 -- nosuch')).toEqual({ text: 'bash: nosuch: command not found\n', code: 127 });
    expect(run(s, "sim ssh node-1 -- 'journalctl -u kubelet --no-pager | grep -c \"SyncLoop ADD\"'").text).toMatch(/^\d+\n$/);
    expect(run(s, 'sim ssh').code).toBe(1);
    expect(run(s, 'sim ssh node-1 --').text).toContain('usage: sim ssh <node> -- <command>');
    expect(run(s, 'sim help').text).toContain('sim ssh <node> -- <command>');
  });

  it('leaves the runtime\'s OCI hops out of sim trace unless asked for', () => {
    const t = new Session({ seed: 1 });
    run(t, 'kubectl run web --image=nginx:1.27');
    run(t, 'sim advance 10s');
    const plain = run(t, 'sim trace --all').text;
    expect(plain).toContain('StartContainer web');
    expect(plain).not.toContain('runc start');
    expect(run(t, 'sim trace --all --kind oci').text).toMatch(/container-runtime\/node-\d -> runc\/node-\d: runc start [0-9a-f]{13} \(web of default\/web\)\n/);
  });
});

describe('sim topology --runtime and --proxy-mode', () => {
  it('puts CRI-O on the last worker (mixed) and shows it in nodes -o wide and sim status', () => {
    const s = new Session({ seed: 1 });
    expect(run(s, 'sim topology basic --runtime mixed').code).toBe(0);
    const wide = run(s, 'kubectl get nodes -o wide').text;
    expect(wide).toMatch(/\nnode-2 .* containerd:\/\/2\.1\.4\n/);
    expect(wide).toMatch(/\nnode-3 .* cri-o:\/\/1\.36\.1\n$/);
    expect(run(s, 'sim status').text).toMatch(/container-runtime\/node-3 +node-3 +Running +CRI-O \(CRI\)/);
    expect(run(s, 'sim ssh node-3 -- systemctl is-active crio')).toEqual({ text: 'active\n', code: 0 });
    expect(run(s, 'sim ssh node-3 -- systemctl is-active containerd').code).toBe(3);
  });

  it('refuses unknown values', () => {
    const s = new Session({ seed: 1 });
    expect(run(s, 'sim topology basic --runtime docker')).toEqual({ text: 'error: unknown runtime "docker": one of containerd, cri-o, mixed\n', code: 1 });
    expect(run(s, 'sim topology basic --proxy-mode ipvs')).toEqual({ text: 'error: unknown proxy mode "ipvs": one of iptables, nftables\n', code: 1 });
  });
});
