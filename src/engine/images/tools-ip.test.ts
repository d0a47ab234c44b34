/**
 * `ip` against this machine's own namespace, recorded from iproute2-6.1.0 (`/usr/sbin/ip`) and
 * BusyBox v1.35.0 (`busybox ip`): lo, two ifb devices that are down, eth0. The recordings leave
 * out eth0's second global address (`fd00::2/64 … nodad`, and its `fd00::` routes): address flags
 * are nothing a Pod or a node here has. Error texts and exit codes are the recorded ones too.
 */
import { describe, expect, it } from 'vitest';
import type { NetNs } from './netns-types';
import { ipCommand, loopbackLink, type IpDialect } from './tools-ip';

const MACHINE: NetNs = {
  links: [
    loopbackLink(),
    { index: 2, name: 'ifb0', flags: ['BROADCAST', 'NOARP'], mtu: 1500, qdisc: 'noop', state: 'DOWN', qlen: 32, type: 'ether', mac: '32:fd:c6:ff:27:fb', brd: 'ff:ff:ff:ff:ff:ff', addrs: [] },
    { index: 3, name: 'ifb1', flags: ['BROADCAST', 'NOARP'], mtu: 1500, qdisc: 'noop', state: 'DOWN', qlen: 32, type: 'ether', mac: '3e:18:f3:db:41:3f', brd: 'ff:ff:ff:ff:ff:ff', addrs: [] },
    {
      index: 4,
      name: 'eth0',
      flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'],
      mtu: 1400,
      qdisc: 'pfifo_fast',
      state: 'UP',
      qlen: 1000,
      type: 'ether',
      mac: '02:fc:00:00:00:01',
      brd: 'ff:ff:ff:ff:ff:ff',
      addrs: [
        { family: 4, local: '192.0.2.2', prefix: 24, brd: '192.0.2.255', scope: 'global' },
        { family: 6, local: 'fe80::fc:ff:fe00:1', prefix: 64, scope: 'link' },
      ],
    },
  ],
  routes: [
    { dst: 'default', via: '192.0.2.1', dev: 'eth0' },
    { dst: '192.0.2.0/24', dev: 'eth0', proto: 'kernel', scope: 'link', src: '192.0.2.2' },
  ],
  neighbours: [{ ip: '192.0.2.1', dev: 'eth0', mac: '02:fc:00:00:00:05', state: 'STALE' }],
};

function ip(dialect: IpDialect, line: string, ns: NetNs = MACHINE): { out: string; err: string; code: number } {
  let out = '';
  let err = '';
  const code = ipCommand(line.split(' ').filter(Boolean), ns, { dialect, netAdmin: dialect === 'iproute2' }, { out: (t) => (out += t), err: (t) => (err += t) });
  return { out, err, code };
}

const LO = '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000\n';
const IFB = (n: number, mac: string, mode = ''): string => `${n + 2}: ifb${n}: <BROADCAST,NOARP> mtu 1500 qdisc noop state DOWN ${mode}group default qlen 32\n    link/ether ${mac} brd ff:ff:ff:ff:ff:ff\n`;

describe('ip (iproute2 6.1), recorded on this machine', () => {
  it('addr, -4, -6, -0', () => {
    expect(ip('iproute2', 'addr').out).toBe(
      `${LO}    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n${IFB(0, '32:fd:c6:ff:27:fb')}${IFB(1, '3e:18:f3:db:41:3f')}4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast state UP group default qlen 1000\n    link/ether 02:fc:00:00:00:01 brd ff:ff:ff:ff:ff:ff\n    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n       valid_lft forever preferred_lft forever\n    inet6 fe80::fc:ff:fe00:1/64 scope link \n       valid_lft forever preferred_lft forever\n`,
    );
    expect(ip('iproute2', 'a').out).toBe(ip('iproute2', 'address show').out);
    expect(ip('iproute2', '-4 addr').out).toBe(
      `${LO}    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast state UP group default qlen 1000\n    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n       valid_lft forever preferred_lft forever\n`,
    );
    expect(ip('iproute2', '-6 addr').out).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN qlen 1000\n    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 state UP qlen 1000\n    inet6 fe80::fc:ff:fe00:1/64 scope link \n       valid_lft forever preferred_lft forever\n',
    );
    expect(ip('iproute2', '-0 addr').out).toBe(
      `${LO}    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n${IFB(0, '32:fd:c6:ff:27:fb')}${IFB(1, '3e:18:f3:db:41:3f')}4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast state UP group default qlen 1000\n    link/ether 02:fc:00:00:00:01 brd ff:ff:ff:ff:ff:ff\n`,
    );
    expect(ip('iproute2', 'addr show dev eth0').out).toBe(ip('iproute2', 'addr show eth0').out);
  });

  it('link, -o, -br', () => {
    expect(ip('iproute2', 'link').out).toBe(
      `1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n${IFB(0, '32:fd:c6:ff:27:fb', 'mode DEFAULT ')}${IFB(1, '3e:18:f3:db:41:3f', 'mode DEFAULT ')}4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast state UP mode DEFAULT group default qlen 1000\n    link/ether 02:fc:00:00:00:01 brd ff:ff:ff:ff:ff:ff\n`,
    );
    expect(ip('iproute2', '-o addr').out).toBe(
      '1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever\n1: lo    inet6 ::1/128 scope host \\       valid_lft forever preferred_lft forever\n4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\\       valid_lft forever preferred_lft forever\n4: eth0    inet6 fe80::fc:ff:fe00:1/64 scope link \\       valid_lft forever preferred_lft forever\n',
    );
    expect(ip('iproute2', '-o link').out.split('\n')[0]).toBe('1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\\    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00');
    expect(ip('iproute2', '-br a').out).toBe('lo               UNKNOWN        127.0.0.1/8 ::1/128 \nifb0             DOWN           \nifb1             DOWN           \neth0             UP             192.0.2.2/24 fe80::fc:ff:fe00:1/64 \n');
    expect(ip('iproute2', '-br -4 a').out).toBe('lo               UNKNOWN        127.0.0.1/8 \neth0             UP             192.0.2.2/24 \n');
    expect(ip('iproute2', '-br link').out).toBe(
      'lo               UNKNOWN        00:00:00:00:00:00 <LOOPBACK,UP,LOWER_UP> \nifb0             DOWN           32:fd:c6:ff:27:fb <BROADCAST,NOARP> \nifb1             DOWN           3e:18:f3:db:41:3f <BROADCAST,NOARP> \neth0             UP             02:fc:00:00:00:01 <BROADCAST,MULTICAST,UP,LOWER_UP> \n',
    );
  });

  it('route, route get, neigh', () => {
    expect(ip('iproute2', 'route').out).toBe('default via 192.0.2.1 dev eth0 \n192.0.2.0/24 dev eth0 proto kernel scope link src 192.0.2.2 \n');
    expect(ip('iproute2', 'r').out).toBe(ip('iproute2', '-4 route list').out);
    expect(ip('iproute2', 'route get 10.1.2.3').out).toBe('10.1.2.3 via 192.0.2.1 dev eth0 src 192.0.2.2 uid 0 \n    cache \n');
    expect(ip('iproute2', 'route get 192.0.2.2').out).toBe('local 192.0.2.2 dev lo src 192.0.2.2 uid 0 \n    cache <local> \n');
    expect(ip('iproute2', 'route get 127.0.0.1').out).toBe('local 127.0.0.1 dev lo src 127.0.0.1 uid 0 \n    cache <local> \n');
    expect(ip('iproute2', 'neigh').out).toBe('192.0.2.1 dev eth0 lladdr 02:fc:00:00:00:05 STALE \n');
    expect(ip('iproute2', '-4 n').out).toBe(ip('iproute2', 'neigh show').out);
  });

  it('errors: the recorded texts and exit codes', () => {
    expect(ip('iproute2', 'foo')).toEqual({ out: '', err: 'Object "foo" is unknown, try "ip help".\n', code: 1 });
    expect(ip('iproute2', '-x')).toEqual({ out: '', err: 'Option "-x" is unknown, try "ip -help".\n', code: 255 });
    expect(ip('iproute2', 'addr foo')).toEqual({ out: '', err: 'Command "foo" is unknown, try "ip address help".\n', code: 255 });
    expect(ip('iproute2', 'route foo')).toEqual({ out: '', err: 'Command "foo" is unknown, try "ip route help".\n', code: 255 });
    expect(ip('iproute2', 'link foo')).toEqual({ out: '', err: 'Command "foo" is unknown, try "ip link help".\n', code: 255 });
    expect(ip('iproute2', 'neigh foo')).toEqual({ out: '', err: 'Command "foo" is unknown, try "ip neigh help".\n', code: 255 });
    expect(ip('iproute2', 'addr show dev nosuch')).toEqual({ out: '', err: 'Device "nosuch" does not exist.\n', code: 1 });
    expect(ip('iproute2', 'addr show dev')).toEqual({ out: '', err: 'Command line is not complete. Try option "help"\n', code: 255 });
    expect(ip('iproute2', 'route get')).toEqual({ out: '', err: 'need at least a destination address\n', code: 1 });
    expect(ip('iproute2', 'route get nonsense')).toEqual({ out: '', err: 'Error: any valid prefix is expected rather than "nonsense".\n', code: 1 });
    const usage = ip('iproute2', '');
    expect(usage.code).toBe(255);
    expect(usage.err).toMatch(/^Usage: ip \[ OPTIONS \] OBJECT \{ COMMAND \| help \}\n/);
    expect(ip('iproute2', '-br')).toEqual(usage);
  });
});

describe('ip (BusyBox), recorded on this machine', () => {
  it('addr, -4, -6, link, -o', () => {
    expect(ip('busybox', 'addr').out).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue qlen 1000\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n2: ifb0: <BROADCAST,NOARP> mtu 1500 qdisc noop qlen 32\n    link/ether 32:fd:c6:ff:27:fb brd ff:ff:ff:ff:ff:ff\n3: ifb1: <BROADCAST,NOARP> mtu 1500 qdisc noop qlen 32\n    link/ether 3e:18:f3:db:41:3f brd ff:ff:ff:ff:ff:ff\n4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast qlen 1000\n    link/ether 02:fc:00:00:00:01 brd ff:ff:ff:ff:ff:ff\n    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n       valid_lft forever preferred_lft forever\n    inet6 fe80::fc:ff:fe00:1/64 scope link \n       valid_lft forever preferred_lft forever\n',
    );
    expect(ip('busybox', '-4 addr').out).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue qlen 1000\n    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast qlen 1000\n    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\n       valid_lft forever preferred_lft forever\n',
    );
    expect(ip('busybox', '-f inet addr').out).toBe(ip('busybox', '-4 addr').out);
    expect(ip('busybox', '-6 addr').out).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qlen 1000\n    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qlen 1000\n    inet6 fe80::fc:ff:fe00:1/64 scope link \n       valid_lft forever preferred_lft forever\n',
    );
    expect(ip('busybox', 'link').out).toBe(
      '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue qlen 1000\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n2: ifb0: <BROADCAST,NOARP> mtu 1500 qdisc noop qlen 32\n    link/ether 32:fd:c6:ff:27:fb brd ff:ff:ff:ff:ff:ff\n3: ifb1: <BROADCAST,NOARP> mtu 1500 qdisc noop qlen 32\n    link/ether 3e:18:f3:db:41:3f brd ff:ff:ff:ff:ff:ff\n4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast qlen 1000\n    link/ether 02:fc:00:00:00:01 brd ff:ff:ff:ff:ff:ff\n',
    );
    expect(ip('busybox', '-o addr').out).toBe(ip('iproute2', '-o addr').out);
    expect(ip('busybox', '-o link').out.split('\n')[3]).toBe('4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast qlen 1000\\    link/ether 02:fc:00:00:00:01 brd ff:ff:ff:ff:ff:ff');
  });

  it('route, route get, neigh', () => {
    expect(ip('busybox', 'route').out).toBe('default via 192.0.2.1 dev eth0 \n192.0.2.0/24 dev eth0 scope link  src 192.0.2.2 \n');
    expect(ip('busybox', 'route get 10.1.2.3').out).toBe('10.1.2.3 via 192.0.2.1 dev eth0  src 192.0.2.2 \n');
    expect(ip('busybox', 'route get 192.0.2.2').out).toBe('local 192.0.2.2 dev lo  src 192.0.2.2 \n');
    expect(ip('busybox', 'neigh show').out).toBe('192.0.2.1 dev eth0 lladdr 02:fc:00:00:00:05 used 0/0/0 probes 1 STALE\n');
  });

  it('errors: the recorded texts and exit codes', () => {
    expect(ip('busybox', 'addr foo')).toEqual({ out: '', err: "ip: invalid argument 'foo' to 'ip'\n", code: 1 });
    expect(ip('busybox', 'link foo')).toEqual({ out: '', err: "ip: invalid argument 'foo' to 'ip'\n", code: 2 });
    expect(ip('busybox', 'addr show dev nosuch')).toEqual({ out: '', err: "ip: can't find device 'nosuch'\n", code: 1 });
    expect(ip('busybox', 'link show nosuch')).toEqual({ out: '', err: "ip: can't find device 'nosuch'\n", code: 2 });
    expect(ip('busybox', 'route get')).toEqual({ out: '', err: 'ip: need at least destination address\n', code: 1 });
    // networking/libiproute/utils.c incomplete_command().
    expect(ip('busybox', 'addr show dev')).toEqual({ out: '', err: 'ip: command line is not complete, try "help"\n', code: 1 });
    expect(ip('busybox', '-family x a')).toEqual({ out: '', err: "ip: invalid argument 'x' to 'family'\n", code: 1 });
    for (const line of ['', 'foo', '-x', '-br a']) {
      const r = ip('busybox', line);
      expect(r.code).toBe(1);
      expect(r.err).toContain('\nUsage: ip [OPTIONS] address|route|link|tunnel|neigh|rule [ARGS]\n');
    }
  });
});

describe('a veth end, by the tools\' source', () => {
  const pod: NetNs = {
    links: [
      loopbackLink(),
      { index: 2, name: 'eth0', link: 7, netnsid: 0, flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'], mtu: 1500, qdisc: 'noqueue', state: 'UP', qlen: 1000, type: 'ether', mac: '6e:2b:e8:1b:6f:94', brd: 'ff:ff:ff:ff:ff:ff', addrs: [{ family: 4, local: '10.244.1.5', prefix: 24, brd: '10.244.1.255', scope: 'global' }, { family: 6, local: 'fe80::6c2b:e8ff:fe1b:6f94', prefix: 64, scope: 'link' }] },
    ],
    routes: [],
    neighbours: [],
  };

  it('iproute2 names the peer by index with its netnsid; BusyBox finds no such link and adds M-DOWN', () => {
    expect(ip('iproute2', 'link show eth0', pod).out).toBe('2: eth0@if7: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP mode DEFAULT group default qlen 1000\n    link/ether 6e:2b:e8:1b:6f:94 brd ff:ff:ff:ff:ff:ff link-netnsid 0\n');
    expect(ip('busybox', 'link show eth0', pod).out).toBe('2: eth0@if7: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu 1500 qdisc noqueue qlen 1000\n    link/ether 6e:2b:e8:1b:6f:94 brd ff:ff:ff:ff:ff:ff\n');
    // iproute2's inet6 link dump has IFLA_LINK but no netnsid: the index is looked up locally.
    expect(ip('iproute2', '-6 addr show eth0', pod).out).toBe('2: eth0@if7: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu 1500 state UP qlen 1000\n    inet6 fe80::6c2b:e8ff:fe1b:6f94/64 scope link \n       valid_lft forever preferred_lft forever\n');
    expect(ip('iproute2', '-br a', pod).out).toBe('lo               UNKNOWN        127.0.0.1/8 ::1/128 \neth0@if7         UP             10.244.1.5/24 fe80::6c2b:e8ff:fe1b:6f94/64 \n');
  });

  it('a container may not change its network (no CAP_NET_ADMIN)', () => {
    const denied = (d: IpDialect, line: string): ReturnType<typeof ip> => {
      let out = '';
      let err = '';
      const code = ipCommand(line.split(' '), pod, { dialect: d, netAdmin: false }, { out: (t) => (out += t), err: (t) => (err += t) });
      return { out, err, code };
    };
    expect(denied('iproute2', 'addr add 10.0.0.9/32 dev eth0')).toEqual({ out: '', err: 'RTNETLINK answers: Operation not permitted\n', code: 2 });
    expect(denied('busybox', 'link set eth0 down')).toEqual({ out: '', err: 'ip: RTNETLINK answers: Operation not permitted\n', code: 2 });
  });
});
