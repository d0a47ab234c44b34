/**
 * `hostname` as Debian's hostname 3.23 (Debian and Ubuntu images, the nodes) and BusyBox 1.36's
 * applet print the machine's name: the Pod's (or the node's), and with -i, -f, -d what
 * /etc/hosts says of it (BusyBox: gethostbyname, IPv4 only; hostname 3.23: getaddrinfo), which in
 * a Pod is the line the kubelet wrote. -s cuts at the first dot; the last of -d -f -i -s wins.
 *
 * Options, recorded on this machine (hostname 3.23, busybox 1.35; hostname.c is the same in
 * 1.36.1): hostname 3.23's getopt_long "aAdfbF:h?iIsVy" prints getopt's message, then its whole
 * usage on stderr and exits 255 (-h and --help print it on stdout, also 255); -V prints
 * `hostname 3.23`. BusyBox's getopt32 "dfisF:v" has no long names (its table is passed where no
 * table is read). An operand sets the name: in a container, which lacks CAP_SYS_ADMIN, that is
 * EPERM (hostname 3.23's `you must be root to change the host name` after its name check,
 * BusyBox's `sethostname: Operation not permitted`). Approximate: a privileged container and the
 * node's root would succeed; here they are refused the same way. -a -A -I -y -b -F are refused.
 */
import { hostsFile, v6 } from './tools-getent';
import { busyboxHelp, optionError, refuse, type OptionSpec } from './tool-options';
import { bb, libcGetopt, type ToolEnv, type ToolResult } from './tool-types';
import { getopt as walk, messageOf, type LongOption } from '../../k8s/getopt';

const LONG: readonly LongOption[] = [
  ['domain', 'd', 'none'], ['boot', 'b', 'none'], ['file', 'F', 'required'], ['fqdn', 'f', 'none'], ['all-fqdns', 'A', 'none'], ['help', 'h', 'none'], ['long', 'f', 'none'],
  ['short', 's', 'none'], ['version', 'V', 'none'], ['alias', 'a', 'none'], ['ip-address', 'i', 'none'], ['all-ip-addresses', 'I', 'none'], ['nis', 'y', 'none'], ['yp', 'y', 'none'],
];

/** hostname 3.23's usage(), recorded. */
const USAGE =
  'Usage: hostname [-b] {hostname|-F file}         set host name (from file)\n       hostname [-a|-A|-d|-f|-i|-I|-s|-y]       display formatted name\n       hostname                                 display host name\n\n' +
  '       {yp,nis,}domainname {nisdomain|-F file}  set NIS domain name (from file)\n       {yp,nis,}domainname                      display NIS domain name\n\n       dnsdomainname                            display dns domain name\n\n' +
  '       hostname -V|--version|-h|--help          print info and exit\n\nProgram name:\n       {yp,nis,}domainname=hostname -y\n       dnsdomainname=hostname -d\n\nProgram options:\n' +
  '    -a, --alias            alias names\n    -A, --all-fqdns        all long host names (FQDNs)\n    -b, --boot             set default hostname if none available\n    -d, --domain           DNS domain name\n' +
  '    -f, --fqdn, --long     long host name (FQDN)\n    -F, --file             read host name or NIS domain name from given file\n    -i, --ip-address       addresses for the host name\n' +
  '    -I, --all-ip-addresses all addresses for the host\n    -s, --short            short host name\n    -y, --yp, --nis        NIS/YP domain name\n\nDescription:\n' +
  '   This command can get or set the host name or the NIS domain name. You can\n   also get the DNS domain or the FQDN (fully qualified domain name).\n' +
  '   Unless you are using bind or NIS for host lookups you can change the\n   FQDN (Fully Qualified Domain Name) and the DNS domain name (which is\n   part of the FQDN) in the /etc/hosts file.\n';

/** For BusyBox's usage screen after a bad option (busybox-usage.ts). */
const BB_SPEC: OptionSpec = { tool: 'hostname', short: 'dfisF:v', long: [] };

/** hostname 3.23's check_name (RFC 1035 2.3.1): letters, digits, '-' and '.', no '-' at a label's edge, no empty label. */
const validName = (n: string): boolean => /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(n);

type Show = 'name' | 'short' | 'fqdn' | 'domain' | 'ip';

export function hostname(args: string[], env: ToolEnv): ToolResult {
  let show: Show = 'name';
  // BusyBox's flags are a mask (-d -f -i ask the resolver; -f beats -s beats -d beats -i); hostname 3.23's last option wins.
  const mask = new Set<string>();
  const pick: Record<string, Show> = { d: 'domain', f: 'fqdn', i: 'ip', s: 'short' };
  let operands: string[];
  if (bb(env)) {
    const help = busyboxHelp(args, env, 'hostname');
    if (help) return help;
    const walked = walk(args, { short: 'dfisF:v', long: [] }, ({ key, name }) => {
      if (key === 'F') return refuse(env, 'hostname', name);
      mask.add(key);
      return undefined;
    });
    if (walked.k === 'stopped') return walked.value;
    if (walked.k === 'error') return optionError(env, BB_SPEC, messageOf(libcGetopt(env), walked.error));
    operands = walked.operands;
    const resolved = mask.has('d') || mask.has('f') || mask.has('i');
    show = resolved ? (mask.has('f') ? 'fqdn' : mask.has('s') ? 'short' : mask.has('d') ? 'domain' : 'ip') : mask.has('s') ? 'short' : 'name';
  } else {
    const walked = walk(args, { short: 'aAdfbF:h?iIsVy', long: LONG }, ({ key, name }) => {
      if (key === 'V') {
        env.io.out('hostname 3.23\n');
        return { status: 0 };
      }
      if (key === 'h' || key === '?') {
        env.io.out(USAGE);
        return { status: 255 };
      }
      if (!(key in pick)) return refuse(env, 'hostname', name);
      show = pick[key]!;
      return undefined;
    });
    if (walked.k === 'stopped') return walked.value;
    if (walked.k === 'error') {
      env.io.err(`hostname: ${messageOf('glibc', walked.error)}\n${USAGE}`);
      return { status: 255 };
    }
    operands = walked.operands;
    if (operands.length > 1) {
      env.io.err(USAGE);
      return { status: 255 };
    }
  }
  if (operands.length > 0) {
    if (bb(env)) {
      env.io.err('hostname: sethostname: Operation not permitted\n');
      return { status: 1 };
    }
    const name = operands[0]!.trim();
    env.io.err(`hostname: ${validName(name) ? 'you must be root to change the host name' : 'the specified hostname is invalid'}\n`);
    return { status: 1 };
  }
  return display(env, show);
}

function display(env: ToolEnv, show: Show): ToolResult {
  if (show === 'name' || show === 'short') {
    env.io.out(`${show === 'short' ? env.hostname.split('.')[0] : env.hostname}\n`);
    return { status: 0 };
  }
  if (show === 'ip') {
    const ips = hostsFile(env)
      .filter((l) => l.names.includes(env.hostname) && (!bb(env) || !v6(l.ip)))
      .map((l) => l.ip);
    if (ips.length === 0) {
      // Not in /etc/hosts (a learner edited it): the resolver is not asked here. Texts not recorded.
      env.io.err(bb(env) ? `hostname: ${env.hostname}: Unknown host\n` : 'hostname: Name or service not known\n');
      return { status: 1 };
    }
    env.io.out(`${ips.join(' ')}\n`);
    return { status: 0 };
  }
  // getaddrinfo's canonical name: the first name of the /etc/hosts line naming the host (the
  // kubelet writes `IP\tHOST.DOMAIN\tHOST` for a Pod with a subdomain); -d prints what follows its
  // first dot, and nothing at all when there is none (both tools, recorded).
  const line = hostsFile(env).find((l) => !v6(l.ip) && l.names.includes(env.hostname));
  const fqdn = line?.names[0] ?? env.hostname;
  const dot = fqdn.indexOf('.');
  if (show === 'fqdn') env.io.out(`${fqdn}\n`);
  else if (dot >= 0) env.io.out(`${fqdn.slice(dot + 1)}\n`);
  return { status: 0 };
}
