/**
 * conntrack-tools' `conntrack` on the node (Ubuntu 24.04's 1.4.8; kubeadm's preflight requires it
 * on the PATH and kube-proxy uses it to clear stale UDP entries), over the node's table
 * (node/conntrack-table.ts):
 * - `-L`/`--dump` [conntrack] lists the entries as libnetfilter_conntrack's default output writes
 *   them (`-o extended` puts the layer 3 protocol first) — TCP in TIME_WAIT, UDP DNS queries to the
 *   cluster DNS without a state, `[UNREPLIED]` when nothing answered — with the count on stderr; filters `-s`,
 *   `-d`, `-r`, `-q` (an address or a CIDR), `-p PROTO`, then `--sport`/`--dport`/`--reply-port-src`/
 *   `--reply-port-dst` and (tcp) `--state`, `-f ipv4`;
 * - `-C` [conntrack] prints the number of entries; `-F` empties the table; `-D` deletes what the
 *   filters select; `-L expect`, `-C expect` and `-F expect` see an empty expectation table;
 * - `-V`, `-h` and the errors (exit_error's `conntrack v1.4.8 (conntrack-tools): …` and the
 *   `Try …` line, status 2) as conntrack.c prints them.
 * Recorded with conntrack 1.4.7 on this machine (Debian 12): help, errors, counts; the version
 * string is 1.4.8's. Approximate: `-E` (events), `-S` (per-CPU statistics), `-G`, `-I`, `-U` and
 * the dying/unconfirmed tables are not simulated and say so; `--mark`, `--status`, `-z`, zones and
 * labels are not modelled.
 */
import type { World } from '../world';
import type { ShellIo } from './io';
import { conntrackEntries, deleteConntrack, flushConntrack, type ConntrackEntry } from '../node/conntrack-table';

const PROG = 'conntrack v1.4.8 (conntrack-tools)';
const HELP = "Command line interface for the connection tracking system. Version 1.4.8\nUsage: conntrack [commands] [options]\n\nCommands:\n  -L [table] [options]\t\tList conntrack or expectation table\n  -G [table] parameters\t\tGet conntrack or expectation\n  -D [table] parameters\t\tDelete conntrack or expectation\n  -I [table] parameters\t\tCreate a conntrack or expectation\n  -U [table] parameters\t\tUpdate a conntrack\n  -E [table] [options]\t\tShow events\n  -F [table]\t\t\tFlush table\n  -C [table]\t\t\tShow counter\n  -S\t\t\t\tShow statistics\n\nTables: conntrack, expect, dying, unconfirmed\n\nConntrack parameters and options:\n  -n, --src-nat ip\t\t\tsource NAT ip\n  -g, --dst-nat ip\t\t\tdestination NAT ip\n  -j, --any-nat ip\t\t\tsource or destination NAT ip\n  -m, --mark mark\t\t\tSet mark\n  -c, --secmark secmark\t\t\tSet selinux secmark\n  -e, --event-mask eventmask\t\tEvent mask, eg. NEW,DESTROY\n  -z, --zero \t\t\t\tZero counters while listing\n  -o, --output type[,...]\t\tOutput format, eg. xml\n  -l, --label label[,...]\t\tconntrack labels\n\nExpectation parameters and options:\n  --tuple-src ip\tSource address in expect tuple\n  --tuple-dst ip\tDestination address in expect tuple\n\nUpdating parameters and options:\n  --label-add label\tAdd label\n  --label-del label\tDelete label\n\nCommon parameters and options:\n  -s, --src, --orig-src ip\t\tSource address from original direction\n  -d, --dst, --orig-dst ip\t\tDestination address from original direction\n  -r, --reply-src ip\t\tSource addres from reply direction\n  -q, --reply-dst ip\t\tDestination address from reply direction\n  -p, --protonum proto\t\tLayer 4 Protocol, eg. 'tcp'\n  -f, --family proto\t\tLayer 3 Protocol, eg. 'ipv6'\n  -t, --timeout timeout\t\tSet timeout\n  -u, --status status\t\tSet status, eg. ASSURED\n  -w, --zone value\t\tSet conntrack zone\n  --orig-zone value\t\tSet zone for original direction\n  --reply-zone value\t\tSet zone for reply direction\n  -b, --buffer-size\t\tNetlink socket buffer size\n  --mask-src ip\t\t\tSource mask address\n  --mask-dst ip\t\t\tDestination mask address\n\n";

/** IANA protocol numbers of the handlers conntrack knows by name (extensions/libct_proto_*.c). */
const PROTOS: Readonly<Record<string, number>> = { tcp: 6, udp: 17, udplite: 136, sctp: 132, dccp: 33, icmp: 1, icmpv6: 58, gre: 47 };
const TCP_STATES = ['NONE', 'SYN_SENT', 'SYN_RECV', 'ESTABLISHED', 'FIN_WAIT', 'CLOSE_WAIT', 'LAST_ACK', 'TIME_WAIT', 'CLOSE', 'LISTEN', 'SYN_SENT2'];

type Command = 'list' | 'count' | 'flush' | 'delete';

interface AddressFilter {
  net: number;
  mask: number;
}

interface Options {
  command?: Command;
  table: 'conntrack' | 'expect';
  /** Long names of the options given, for `Illegal option` with -C and -F. */
  given: string[];
  orig: { src?: AddressFilter; dst?: AddressFilter };
  reply: { src?: AddressFilter; dst?: AddressFilter };
  proto?: string;
  ports: { sport?: number; dport?: number; rsport?: number; rdport?: number };
  state?: string;
  extended: boolean;
  /** `-f ipv6`: the cluster is IPv4 only, so nothing matches. */
  ipv6?: true;
}

/** exit_error(PARAMETER_PROBLEM, …): the message, the `Try …` line, status 2. */
class Problem extends Error {}
/** A command the classroom does not simulate: said plainly, status 1. */
class NotSimulated extends Error {}

/** inet_aton: `a.b.c.d`, or fewer parts whose last fills the remaining bytes (`10.1` is 10.0.0.1). */
function inetAton(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length > 4 || parts.some((p) => !/^\d+$/.test(p))) return undefined;
  const n = parts.map(Number);
  const last = n.pop()!;
  if (n.some((b) => b > 255) || last >= 2 ** (8 * (4 - n.length))) return undefined;
  return (n.reduce((acc, b, i) => acc + b * 2 ** (8 * (3 - i)), 0) + last) >>> 0;
}

function address(arg: string): AddressFilter {
  const slash = arg.indexOf('/');
  const ip = slash < 0 ? arg : arg.slice(0, slash);
  const bits = slash < 0 ? '32' : arg.slice(slash + 1);
  const parsed = inetAton(ip);
  if (parsed === undefined) throw new Problem(`Invalid IP address \`${ip}'`);
  if (!/^\d+$/.test(bits) || Number(bits) > 32) throw new Problem('Invalid netmask');
  const n = Number(bits);
  const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
  return { net: (parsed & mask) >>> 0, mask };
}

const matches = (f: AddressFilter | undefined, ip: string): boolean => f === undefined || ((inetAton(ip)! & f.mask) >>> 0) === f.net;

function selects(o: Options, e: ConntrackEntry): boolean {
  if (o.ipv6) return false;
  if (o.proto !== undefined && o.proto !== e.proto) return false;
  if (!matches(o.orig.src, e.src) || !matches(o.orig.dst, e.dst) || !matches(o.reply.src, e.rsrc) || !matches(o.reply.dst, e.rdst)) return false;
  const p = o.ports;
  if ((p.sport !== undefined && p.sport !== e.sport) || (p.dport !== undefined && p.dport !== e.dport)) return false;
  if ((p.rsport !== undefined && p.rsport !== e.rsport) || (p.rdport !== undefined && p.rdport !== e.sport)) return false;
  return o.state === undefined || o.state === e.state;
}

/**
 * __snprintf_conntrack_default: `%-8s %u ` for the protocol, the timeout, TCP's state, the
 * original tuple, `[UNREPLIED]` before the reply tuple when no reply was seen, `[ASSURED]` after
 * it (every TCP flow here; no UDP one: a query and its answer are no stream).
 */
function line(e: ConntrackEntry, extended: boolean): string {
  const l3 = extended ? `${'ipv4'.padEnd(8)} 2 ` : '';
  const state = e.state ? `${e.state} ` : '';
  const unreplied = e.proto === 'udp' && !e.replied ? '[UNREPLIED] ' : '';
  const assured = e.proto === 'tcp' ? '[ASSURED] ' : '';
  return `${l3}${e.proto.padEnd(8)} ${PROTOS[e.proto]} ${e.timeout} ${state}src=${e.src} dst=${e.dst} sport=${e.sport} dport=${e.dport} ${unreplied}src=${e.rsrc} dst=${e.rdst} sport=${e.rsport} dport=${e.sport} ${assured}mark=0 use=1\n`;
}

function setCommand(o: Options, c: Command): void {
  if (o.command) throw new Problem('Invalid commands combination');
  o.command = c;
}

/** check_type: an optional table name right after the command. */
function table(args: string[], i: number, o: Options): number {
  const t = args[i + 1];
  if (t === undefined || t.startsWith('-') || t.startsWith('!')) return i;
  if ('expect'.startsWith(t)) o.table = 'expect';
  else if ('conntrack'.startsWith(t)) o.table = 'conntrack';
  else if ('dying'.startsWith(t) || 'unconfirmed'.startsWith(t)) throw new NotSimulated(`the ${t} table is not simulated in this classroom`);
  else throw new Problem(`unknown type \`${t}'`);
  return i + 1;
}

/** The commands simulated, short and long: each may be followed by a table name. */
const COMMANDS: Readonly<Record<string, Command>> = { '-L': 'list', '--dump': 'list', '-C': 'count', '--count': 'count', '-F': 'flush', '--flush': 'flush', '-D': 'delete', '--delete': 'delete' };

const PORT_OPTIONS: Readonly<Record<string, keyof Options['ports']>> = {
  '--sport': 'sport', '--orig-port-src': 'sport', '--dport': 'dport', '--orig-port-dst': 'dport',
  '--reply-port-src': 'rsport', '--reply-port-dst': 'rdport',
};

function parse(args: string[]): Options | 'help' | 'version' {
  const o: Options = { table: 'conntrack', given: [], orig: {}, reply: {}, ports: {}, extended: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Problem(`option \`${a}' requires an argument`);
      return v;
    };
    const command = Object.hasOwn(COMMANDS, a) ? COMMANDS[a] : undefined;
    if (command !== undefined) {
      setCommand(o, command);
      i = table(args, i, o);
      continue;
    }
    switch (a) {
      case '-h':
      case '--help':
        return 'help';
      case '-V':
      case '--version':
        return 'version';
      case '-E': case '--event': case '-S': case '--stats': case '-G': case '--get': case '-I': case '--create': case '-U': case '--update':
        throw new NotSimulated(`\`${a}' is not simulated in this classroom (-L, -C, -D and -F are)`);
      case '-s': case '--src': case '--orig-src':
        o.orig.src = address(value());
        o.given.push('src');
        break;
      case '-d': case '--dst': case '--orig-dst':
        o.orig.dst = address(value());
        o.given.push('dst');
        break;
      case '-r': case '--reply-src':
        o.reply.src = address(value());
        o.given.push('reply-src');
        break;
      case '-q': case '--reply-dst':
        o.reply.dst = address(value());
        o.given.push('reply-dst');
        break;
      case '-p': case '--protonum': case '--proto': {
        const p = value().toLowerCase();
        if (!Object.hasOwn(PROTOS, p)) throw new Problem(`\`${p}' unsupported protocol`);
        o.proto = p;
        o.given.push('protonum');
        break;
      }
      case '-f': case '--family': {
        const f = value();
        if (f === 'ipv6') o.ipv6 = true;
        else if (f !== 'ipv4') throw new Problem(`\`${f}' unsupported protocol`);
        o.given.push('family');
        break;
      }
      case '-o': case '--output': {
        const v = value();
        for (const part of v.split(',')) {
          if (part === '' || !['xml', 'extended', 'timestamp', 'id', 'ktimestamp', 'labels'].some((p) => p.startsWith(part.toLowerCase()))) throw new Problem(`Bad parameter \`${v}'`);
          if ('extended'.startsWith(part.toLowerCase())) o.extended = true;
        }
        o.given.push('output');
        break;
      }
      case '-z': case '--zero':
        o.given.push('zero');
        break;
      default: {
        const port = Object.hasOwn(PORT_OPTIONS, a) ? PORT_OPTIONS[a] : undefined;
        if (port && o.proto !== undefined && ['tcp', 'udp', 'udplite', 'sctp', 'dccp'].includes(o.proto)) {
          o.ports[port] = Number(value());
          break;
        }
        if (a === '--state' && o.proto === 'tcp') {
          const s = value();
          if (!TCP_STATES.includes(s.toUpperCase())) throw new Problem(`unknown TCP state \`${s}'`);
          o.state = s.toUpperCase();
          break;
        }
        throw new Problem(`unknown option \`${a}'`);
      }
    }
  }
  return o;
}

export function conntrack(w: World, node: string, args: string[], io: ShellIo): number {
  let o: ReturnType<typeof parse>;
  try {
    o = parse(args);
  } catch (e) {
    if (e instanceof NotSimulated) {
      io.err(`${PROG}: ${e.message}\n`);
      return 1;
    }
    if (!(e instanceof Problem)) throw e;
    io.err(`${PROG}: ${e.message}\nTry \`conntrack -h' or 'conntrack --help' for more information.\n`);
    return 2;
  }
  if (o === 'help' || (o !== 'version' && o.command === undefined && o.given.length === 0)) {
    io.out(HELP);
    return 0;
  }
  if (o === 'version') {
    io.out(`${PROG}\n`);
    return 0;
  }
  const expect = o.table === 'expect';
  const entries = expect ? [] : conntrackEntries(w, node).filter((e) => selects(o, e));
  switch (o.command) {
    case 'list':
      for (const e of entries) io.out(line(e, o.extended));
      io.err(`${PROG}: ${entries.length} ${expect ? 'expectations' : 'flow entries'} have been shown.\n`);
      return 0;
    case undefined:
    case 'count':
    case 'flush': {
      const illegal = o.given[0];
      if (illegal !== undefined) {
        io.err(`${PROG}: Illegal option \`--${illegal}' with this command\nTry \`conntrack -h' or 'conntrack --help' for more information.\n`);
        return 2;
      }
      if (o.command === 'count') io.out(`${entries.length}\n`);
      else {
        if (!expect) flushConntrack(w, node);
        io.err(`${PROG}: ${expect ? 'expectation' : 'connection tracking'} table has been emptied.\n`);
      }
      return 0;
    }
    case 'delete': {
      const n = expect ? 0 : deleteConntrack(w, node, (e) => selects(o, e));
      io.err(`${PROG}: ${n} flow entries have been deleted.\n`);
      return n > 0 ? 0 : 1;
    }
  }
}
