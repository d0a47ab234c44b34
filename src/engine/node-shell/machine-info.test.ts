/**
 * A node says what it is and what it has (node-shell over images/sysinfo.ts): Ubuntu 24.04's
 * release files and lsb_release, and free, nproc, df and /proc agreeing with the Node object's
 * status.capacity (what `kubectl describe node` prints), free's used with the node's working set.
 */
import { describe, expect, it } from 'vitest';
import type { Node } from '../../k8s/types';
import { Simulation } from '../simulation';

function out(sim: Simulation, node: string, line: string): string {
  return sim.nodeShell(node, line).output.map((c) => c.text).join('');
}

describe("a node's own view of itself", () => {
  const sim = new Simulation({ seed: 7 });
  sim.advance(20_000);

  it('is Ubuntu 24.04.3 LTS (noble): /etc/os-release, /etc/lsb-release, lsb_release', () => {
    expect(out(sim, 'node-1', 'grep PRETTY_NAME /etc/os-release')).toBe('PRETTY_NAME="Ubuntu 24.04.3 LTS"\n');
    expect(out(sim, 'node-1', 'cat /etc/lsb-release')).toBe('DISTRIB_ID=Ubuntu\nDISTRIB_RELEASE=24.04\nDISTRIB_CODENAME=noble\nDISTRIB_DESCRIPTION="Ubuntu 24.04.3 LTS"\n');
    expect(out(sim, 'node-1', 'lsb_release -a')).toBe('Distributor ID:\tUbuntu\nDescription:\tUbuntu 24.04.3 LTS\nRelease:\t24.04\nCodename:\tnoble\n');
    expect(out(sim, 'node-1', 'lsb_release -cs')).toBe('noble\n');
    // util-linux getopt(1) in the script (recorded, lsb-release 12.0): prefixes, every error named, then exit 2.
    expect(out(sim, 'node-1', 'lsb_release --s --i x; lsb_release -x --foo -y --de=1 --s; echo $?')).toBe(
      "Ubuntu\nlsb_release: invalid option -- 'x'\nlsb_release: unrecognized option '--foo'\nlsb_release: invalid option -- 'y'\nlsb_release: option '--description' doesn't allow an argument\n2\n",
    );
  });

  it("journalctl walks systemd's table (recorded from systemd 252's: prefixes, the ambiguity list, `-n 3`, its words)", () => {
    const journal = out(sim, 'node-1', 'journalctl -u kubelet --no-pager');
    expect(journal.split('\n').length).toBeGreaterThan(4);
    const last3 = `${journal.trimEnd().split('\n').slice(-3).join('\n')}\n`;
    expect(out(sim, 'node-1', 'journalctl --uni kubelet.service --no-p -n 3')).toBe(last3);
    expect(out(sim, 'node-1', 'journalctl -u kubelet -qn3 --no-pager')).toBe(last3);
    expect(out(sim, 'node-1', "journalctl --u kubelet; journalctl -z; journalctl -nx; journalctl -u kubelet -n x; journalctl -u; echo $?")).toBe(
      "journalctl: option '--u' is ambiguous; possibilities: '--user' '--until' '--unit' '--user-unit' '--update-catalog' '--utc'\njournalctl: invalid option -- 'z'\n" +
        "Failed to parse lines 'x'\nFailed to add match 'x': Invalid argument\njournalctl: option requires an argument -- 'u'\n1\n",
    );
  });

  it("reports the Node's capacity: CPUs, MemTotal, the root filesystem's size", () => {
    for (const name of ['control-plane', 'node-1']) {
      const cap = sim.objects<Node>('nodes').find((n) => n.metadata.name === name)!.status!.capacity!;
      const kib = (q: string): string => q.replace(/Ki$/, '');
      expect(out(sim, name, 'nproc')).toBe(`${cap['cpu']}\n`);
      expect(out(sim, name, 'grep -c processor /proc/cpuinfo')).toBe(`${cap['cpu']}\n`);
      expect(out(sim, name, 'head -1 /proc/meminfo')).toBe(`MemTotal:       ${kib(cap['memory']!).padStart(8)} kB\n`);
      expect(out(sim, name, 'free').split('\n')[1]).toMatch(new RegExp(`^Mem: +${kib(cap['memory']!)} `));
      expect(out(sim, name, 'df /').split('\n')[1]).toMatch(new RegExp(`^/dev/root +${kib(cap['ephemeral-storage']!)} `));
    }
  });

  it("free's used column is the node's working set: a hungry Pod raises it", () => {
    const used = (): number => Number(out(sim, 'node-1', 'free -b').split('\n')[1]!.trim().split(/\s+/)[2]);
    const before = used();
    const body = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'hog', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'polinux/stress', command: ['stress'], args: ['--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1'] }] } };
    expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body }).ok).toBe(true);
    sim.advance(30_000);
    expect(used() - before).toBeGreaterThan(100 * 2 ** 20);
  });

  it('uptime counts the ssh login (procps: `1 user`)', () => {
    expect(out(sim, 'node-1', 'uptime')).toMatch(/^ 09:\d\d:\d\d up 1 min, {2}1 user, {2}load average: 0\.08, 0\.05, 0\.01\n$/);
  });
});
