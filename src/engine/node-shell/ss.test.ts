/**
 * ss's layout against iproute2 6.1.0 on this machine (Python listeners on 127.0.0.1, 127.0.0.53,
 * 127.0.0.54, 0.0.0.0 and `::`, dual-stack and v6only; the recordings below are its output, a
 * pipe's and a 120-column terminal's), then `ss` on a node through the real engine.
 */
import { describe, expect, it } from 'vitest';
import { Simulation } from '../simulation';
import { NETID_COLUMN, renderColumns, SS_COLUMNS } from './ss';

const TLNP = "State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess                            \nLISTEN 0      4096       127.0.0.1:2381       0.0.0.0:*    users:((\"python3\",pid=8841,fd=8)) \nLISTEN 0      128          0.0.0.0:2024       0.0.0.0:*                                      \nLISTEN 0      4096         0.0.0.0:2222       0.0.0.0:*    users:((\"python3\",pid=8841,fd=5)) \nLISTEN 0      4096       127.0.0.1:10249      0.0.0.0:*    users:((\"python3\",pid=8841,fd=7)) \nLISTEN 0      4096       127.0.0.1:10248      0.0.0.0:*    users:((\"python3\",pid=8841,fd=3)) \nLISTEN 0      4096      127.0.0.53:5353       0.0.0.0:*    users:((\"python3\",pid=8841,fd=9)) \nLISTEN 0      4096      127.0.0.54:5353       0.0.0.0:*    users:((\"python3\",pid=8841,fd=11))\nLISTEN 0      4096               *:6443             *:*    users:((\"python3\",pid=8841,fd=13))\nLISTEN 0      4096            [::]:2222          [::]:*    users:((\"python3\",pid=8841,fd=6)) \nLISTEN 0      4096               *:10250            *:*    users:((\"python3\",pid=8841,fd=4)) \n";
const TLN = "State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess\nLISTEN 0      4096       127.0.0.1:2381       0.0.0.0:*          \nLISTEN 0      128          0.0.0.0:2024       0.0.0.0:*          \nLISTEN 0      4096         0.0.0.0:2222       0.0.0.0:*          \nLISTEN 0      4096       127.0.0.1:10249      0.0.0.0:*          \nLISTEN 0      4096       127.0.0.1:10248      0.0.0.0:*          \nLISTEN 0      4096      127.0.0.53:5353       0.0.0.0:*          \nLISTEN 0      4096      127.0.0.54:5353       0.0.0.0:*          \nLISTEN 0      4096               *:6443             *:*          \nLISTEN 0      4096            [::]:2222          [::]:*          \nLISTEN 0      4096               *:10250            *:*          \n";
const TULNP = "Netid State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess                            \nudp   UNCONN 0      0         127.0.0.54:5353       0.0.0.0:*    users:((\"python3\",pid=8841,fd=12))\ntcp   LISTEN 0      4096       127.0.0.1:2381       0.0.0.0:*    users:((\"python3\",pid=8841,fd=8)) \ntcp   LISTEN 0      128          0.0.0.0:2024       0.0.0.0:*                                      \ntcp   LISTEN 0      4096         0.0.0.0:2222       0.0.0.0:*    users:((\"python3\",pid=8841,fd=5)) \ntcp   LISTEN 0      4096       127.0.0.1:10249      0.0.0.0:*    users:((\"python3\",pid=8841,fd=7)) \ntcp   LISTEN 0      4096       127.0.0.1:10248      0.0.0.0:*    users:((\"python3\",pid=8841,fd=3)) \ntcp   LISTEN 0      4096      127.0.0.53:5353       0.0.0.0:*    users:((\"python3\",pid=8841,fd=9)) \ntcp   LISTEN 0      4096      127.0.0.54:5353       0.0.0.0:*    users:((\"python3\",pid=8841,fd=11))\ntcp   LISTEN 0      4096               *:6443             *:*    users:((\"python3\",pid=8841,fd=13))\ntcp   LISTEN 0      4096            [::]:2222          [::]:*    users:((\"python3\",pid=8841,fd=6)) \ntcp   LISTEN 0      4096               *:10250            *:*    users:((\"python3\",pid=8841,fd=4)) \n";
const TTY120 = "State        Recv-Q        Send-Q               Local Address:Port                Peer Address:Port       Process       \nLISTEN       0             4096                     127.0.0.1:2381                     0.0.0.0:*                        \nLISTEN       0             128                        0.0.0.0:2024                     0.0.0.0:*                        \nLISTEN       0             4096                       0.0.0.0:2222                     0.0.0.0:*                        \nLISTEN       0             4096                     127.0.0.1:10249                    0.0.0.0:*                        \nLISTEN       0             4096                     127.0.0.1:10248                    0.0.0.0:*                        \nLISTEN       0             4096                    127.0.0.53:5353                     0.0.0.0:*                        \nLISTEN       0             4096                    127.0.0.54:5353                     0.0.0.0:*                        \nLISTEN       0             4096                             *:6443                           *:*                        \nLISTEN       0             4096                          [::]:2222                        [::]:*                        \nLISTEN       0             4096                             *:10250                          *:*                        \n";

/** The recordings' own rows, parsed back into ss's fields. */
function fields(recorded: string): string[][] {
  return recorded
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => {
      const m = /^(?:(tcp|udp)\s+)?(\S+)\s+(\d+)\s+(\d+)\s+(\S+:)(\S+)\s+(\S+:)(\S+)\s*(users:.*?)?\s*$/.exec(line)!;
      const cells = [m[2]!, m[3]!.padEnd(6), m[4]!.padEnd(6), m[5]!, m[6]!, m[7]!, m[8]!, m[9] ? ` ${m[9]}` : ''];
      return m[1] ? [m[1], ...cells] : cells;
    });
}

const HEAD = ['State', 'Recv-Q', 'Send-Q', 'Local Address:', 'Port', 'Peer Address:', 'Port', 'Process'];
const COLS = SS_COLUMNS;

describe('ss layout (misc/ss.c render_calc_width)', () => {
  it('sizes each column to its longest field on a pipe', () => {
    expect(renderColumns(COLS, [HEAD, ...fields(TLNP)], undefined)).toBe(TLNP);
    expect(renderColumns(COLS, [HEAD, ...fields(TLN)], undefined)).toBe(TLN);
  });
  it('adds the Netid column for TCP and UDP together', () => {
    const cols = [NETID_COLUMN, ...COLS];
    expect(renderColumns(cols, [['Netid', ...HEAD], ...fields(TULNP)], undefined)).toBe(TULNP);
  });
  it('spreads the spare width over the columns on a terminal', () => {
    expect(renderColumns(COLS, [HEAD, ...fields(TTY120)], 120)).toBe(TTY120);
  });
});

function run(sim: Simulation, node: string, line: string): string {
  return sim
    .nodeShell(node, line)
    .output.map((c) => c.text)
    .join('');
}

describe('ss on a node', () => {
  const sim = new Simulation({ seed: 1 });
  sim.advance(20_000);

  it('lists the node\'s listeners with the PIDs ps shows', () => {
    const out = run(sim, 'node-1', 'ss -tlnp');
    expect(out.split('\n')[0]).toBe('State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess                                                ');
    const kubelet = /^root +(\d+) .*\/usr\/bin\/kubelet /m.exec(run(sim, 'node-1', 'ps aux'))![1];
    expect(out).toContain(`127.0.0.1:10248      0.0.0.0:*    users:(("kubelet",pid=${kubelet},fd=19))`);
    expect(out).toMatch(/\*:10250 +\*:\* +users:\(\("kubelet",/);
    expect(out).toMatch(/127\.0\.0\.1:10249 .*"kube-proxy"/);
    expect(out).toContain('0.0.0.0:22         0.0.0.0:*    users:(("sshd",pid=418,fd=3),("systemd",pid=1,fd=104))');
    expect(out).not.toContain(':6443');
  });

  it('shows the control plane\'s components and etcd', () => {
    const out = run(sim, 'control-plane', 'ss -tln');
    for (const l of ['*:6443', '127.0.0.1:2379', '10.0.0.10:2380', '127.0.0.1:2381', '127.0.0.1:10257', '127.0.0.1:10259']) expect(out).toContain(l);
  });

  it('names ports from /etc/services without -n, and lists UDP first', () => {
    const out = run(sim, 'node-1', 'ss -tul');
    expect(out.split('\n')[1]!.startsWith('udp   UNCONN 0      0      127.0.0.53%lo:domain ')).toBe(true);
    expect(out).toMatch(/tcp {3}LISTEN .* 0\.0\.0\.0:ssh /);
  });

  it('says what it does not simulate', () => {
    const r = sim.nodeShell('node-1', 'ss -x');
    expect(r.exitCode).toBe(1);
    expect(r.output.map((c) => c.text).join('')).toBe("ss: option -x: not simulated in this classroom (ss -tulnp lists the node's listening sockets)\n");
  });
});
