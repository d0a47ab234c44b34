/**
 * `id [-ugGn] [USER]...` as GNU coreutils 9.x and BusyBox 1.36 print it. Without an operand it
 * describes the process (the image's USER, the Pod's runAsUser/runAsGroup and groups); with one,
 * the account the image's own /etc/passwd and /etc/group give that name (or, for GNU, that uid):
 * its primary group first, then every group whose member list names it (getgrouplist's order).
 *
 * Texts recorded on this machine (GNU id 9.1 under LC_ALL=C, BusyBox 1.35's id applet) and read in
 * coreutils' src/id.c and BusyBox 1.36.1's coreutils/id.c (github:mirror/busybox):
 * - GNU: `id: 'nosuch': no such user` (exit 1, the next operand is still printed); a numeric
 *   operand is a uid when no account has that name; `-n` without -u/-g/-G is
 *   `id: cannot print only names or real IDs in default format`.
 * - BusyBox: xgetpwnam's `id: unknown user nosuch` (exit 1; a number is a name like any other),
 *   and more than one operand, or -n without -u/-g/-G, prints its usage.
 * Approximate: -r (real ids) prints the effective ones, which never differ here; -Z, -z, -a and
 * long options are not modelled.
 */
import { stat } from './fs';
import { bb, libcGetopt, ok, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, HELP_VERSION, type OptionSpec } from './tool-options';
import { getopt as walk, getopt32, messageOf } from '../../k8s/getopt';

const BUSYBOX_USAGE =
  'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: id [-ugGnr] [USER]\n\nPrint information about USER or the current user\n\n\t-u\tUser ID\n\t-g\tGroup ID\n\t-G\tSupplementary group IDs\n\t-n\tPrint names instead of numbers\n\t-r\tPrint real ID instead of effective ID\n';

/** An identity as id prints it: a name is absent when the tables have none for the id. */
interface Who {
  uid: number;
  name: string | undefined;
  gid: number;
  group: string | undefined;
  groups: [number, string | undefined][];
}

function rows(env: ToolEnv, p: string): string[][] {
  const s = stat(env.fs, env.base, p);
  return s.kind === 'file' ? s.content.split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((l) => l.split(':')) : [];
}

/**
 * The process: the image's USER or the Pod's securityContext, else root — in every group whose
 * /etc/group line lists root, as containerd's WithAdditionalGIDs adds them (BusyBox's wheel,
 * Alpine's bin, daemon, sys, adm, disk, wheel, floppy, dialout, tape, video).
 */
function processWho(env: ToolEnv): Who {
  const u = env.user;
  if (!u) {
    const table = rows(env, '/etc/group');
    const member = table.filter((r) => r[0] !== 'root' && (r[3] ?? '').split(',').includes('root')).map((r): [number, string | undefined] => [Number(r[2]), r[0]]);
    const root: [number, string | undefined] = [0, 'root'];
    const groups: [number, string | undefined][] = table.length ? [root, ...member].sort((a, b) => a[0] - b[0]) : bb(env) ? [root, [10, 'wheel']] : [root];
    return { uid: 0, name: 'root', gid: 0, group: 'root', groups };
  }
  const group = u.groupUnnamed ? undefined : u.group;
  return { uid: u.uid, name: u.unnamed ? undefined : u.name, gid: u.gid, group, groups: u.groups ?? [[u.gid, group]] };
}

/** getpwnam (GNU falls back to getpwuid for a number), then getgrouplist over /etc/group. */
function accountWho(env: ToolEnv, operand: string): Who | undefined {
  const passwd = rows(env, '/etc/passwd');
  const row = passwd.find((r) => r[0] === operand) ?? (!bb(env) && /^\d+$/.test(operand) ? passwd.find((r) => r[2] === String(Number(operand))) : undefined);
  if (!row || row.length < 4) return undefined;
  const name = row[0]!;
  const uid = Number(row[2]);
  const gid = Number(row[3]);
  const groupTable = rows(env, '/etc/group');
  const groupName = (g: number): string | undefined => groupTable.find((r) => r[2] === String(g))?.[0];
  const groups: [number, string | undefined][] = [[gid, groupName(gid)]];
  for (const r of groupTable) {
    const g = Number(r[2]);
    if ((r[3] ?? '').split(',').includes(name) && !groups.some(([x]) => x === g)) groups.push([g, r[0]]);
  }
  return { uid, name, gid, group: groupName(gid), groups };
}

const named = (id: number, name: string | undefined): string => (name === undefined ? `${id}` : `${id}(${name})`);

function print(env: ToolEnv, w: Who, o: { u: boolean; g: boolean; G: boolean; n: boolean }): void {
  if (o.u) env.io.out(`${o.n ? (w.name ?? w.uid) : w.uid}\n`);
  else if (o.G) env.io.out(`${w.groups.map(([g, n]) => (o.n ? (n ?? String(g)) : String(g))).join(' ')}\n`);
  else if (o.g) env.io.out(`${o.n ? (w.group ?? w.gid) : w.gid}\n`);
  else env.io.out(`uid=${named(w.uid, w.name)} gid=${named(w.gid, w.group)} groups=${w.groups.map(([g, n]) => named(g, n)).join(',')}\n`);
}

/** GNU id 9.1's getopt_long "agnruzGZ" and longopts (id.c's order); -z and -Z are refused by name. */
const GNU: OptionSpec = {
  tool: 'id',
  short: 'agnruzGZ',
  long: [['context', 'Z', 'none'], ['group', 'g', 'none'], ['groups', 'G', 'none'], ['name', 'n', 'none'], ['real', 'r', 'none'], ['user', 'u', 'none'], ['zero', 'z', 'none'], ...HELP_VERSION],
  unsupported: ['z', 'Z'],
};

export function id(args: string[], env: ToolEnv): ToolResult {
  const o = { u: false, g: false, G: false, n: false };
  // -a (GNU ignores it) and -r (real IDs: the effective ones here) change nothing.
  const set = ({ key }: { key: string }): undefined => {
    if (key === 'u' || key === 'g' || key === 'G' || key === 'n') o[key] = true;
    return undefined;
  };
  let operands: string[];
  if (bb(env)) {
    const walked = walk(args, getopt32('rnugG'), set);
    if (walked.k === 'error') {
      env.io.err(`id: ${messageOf(libcGetopt(env), walked.error)}\n${BUSYBOX_USAGE}`);
      return { status: 1 };
    }
    operands = walked.k === 'done' ? walked.operands : [];
  } else {
    const parsed = getopt(args, GNU, env, set);
    if (!parsed.ok) return parsed.result;
    operands = parsed.operands;
  }
  const nameAlone = o.n && !(o.u || o.g || o.G);
  // BusyBox's opt_complementary `n?ugG` and its one-operand limit: the usage text.
  if (bb(env) && (operands.length > 1 || nameAlone)) {
    env.io.err(BUSYBOX_USAGE);
    return { status: 1 };
  }
  if (nameAlone) {
    env.io.err('id: cannot print only names or real IDs in default format\n');
    return { status: 1 };
  }
  if (operands.length === 0) {
    print(env, processWho(env), o);
    return ok;
  }
  let status = 0;
  for (const operand of operands) {
    const w = accountWho(env, operand);
    if (w) print(env, w, o);
    else {
      env.io.err(bb(env) ? `id: unknown user ${operand}\n` : `id: '${operand}': no such user\n`);
      status = 1;
    }
  }
  return { status };
}
