/**
 * `apt-get` and `apt` inside Debian and Ubuntu images: `update` fetches the lists through the
 * container's network (deb.debian.org / archive.ubuntu.com are INTERNET hosts), `install [-y]`
 * resolves the release's packages (Debian 12's pkg-apt-data.ts, Debian 13's
 * pkg-apt-data-trixie.ts), prints apt's plan, downloads and unpacks them,
 * and puts their programs on `$PATH` (packages.ts). Official images ship with empty lists, so an
 * install before any update finds nothing, as on a fresh image.
 *
 * Recorded from apt 2.6.1 on this machine: the Reading/Building lines (`... Done` when stdout is a
 * terminal: apt sets quiet=1 when isatty(1) is false),
 * the plan's wording and wrapping, `Need to get`/`After this operation` (SizeToStr), `E: Unable
 * to locate package X` once per name with exit 100, `Abort.` with exit 1 when nobody answers the
 * prompt, and apt's stderr warning when its output is not a terminal. Approximate (not recorded,
 * apt's and dpkg's formats as build logs show them): the Get/Fetched/Selecting/Unpacking/Setting
 * up lines, the Err/W: lines of a mirror that does not answer, the lists' sizes, `Reading
 * database` counts, `apt update`'s closing `All packages are up to date.`; debconf's notes and Suggested packages are
 * left out; Ubuntu images install Debian 12's versions from Ubuntu's mirror names. `update`
 * fetches the release's lists (debian-release.ts); trixie's apt 3.0.4 prints the same lines.
 */
import type { Net } from './net-tools';
import { installPrograms, readText, sizeToStr } from './packages';
import { releaseFrom, type Distro } from './os-release';
import { debianRelease } from './debian-release';
import { APT_ORDER, APT_ORDER_NO_RECOMMENDS, APT_PACKAGES, type AptRow } from './pkg-apt-data';
import { TRIXIE_APT_ORDER, TRIXIE_APT_ORDER_NO_RECOMMENDS, TRIXIE_APT_PACKAGES, TRIXIE_APT_PROVIDED, TRIXIE_LIBC_BIN } from './pkg-apt-data-trixie';
import { stdoutIsTty, type ToolEnv, type ToolResult } from './tool-types';
import { writeFile } from './fs';

const STATUS = '/var/lib/dpkg/status';
const LISTS = '/var/lib/apt/lists';
/** Which commands each package puts on `$PATH` (packages.ts decides what runs). */
const PROGRAMS: Record<string, string[]> = {
  curl: ['curl'],
  'bind9-dnsutils': ['dig', 'nslookup'],
  'bind9-host': ['host'],
  'iputils-ping': ['ping'],
  'netcat-openbsd': ['nc'],
  jq: ['jq'],
  iproute2: ['ip'],
  procps: ['ps', 'free', 'uptime', 'pgrep', 'pkill'],
  wget: ['wget'],
  vim: ['vim'],
  less: ['less'],
  nano: ['nano'],
  python3: ['python3'],
  tcpdump: ['tcpdump'],
  'inetutils-telnet': ['telnet'],
  openssl: ['openssl'],
};
/** A release's packages, the unpack orders recorded for them, and the image's libc-bin (its shared-library trigger). */
interface AptData {
  packages: Readonly<Record<string, AptRow>>;
  order: Readonly<Record<string, string>>;
  orderNoRecommends: Readonly<Record<string, string>>;
  /** Names that are only another package's Provides (apt installs that package as if named). */
  provided: Readonly<Record<string, string>>;
  libcBin: string;
}
/** Debian 12's (libc-bin recorded on this machine); Ubuntu images use them too. */
const BOOKWORM_APT: AptData = { packages: APT_PACKAGES, order: APT_ORDER, orderNoRecommends: APT_ORDER_NO_RECOMMENDS, provided: {}, libcBin: '2.36-9+deb12u14' };
const TRIXIE_APT: AptData = { packages: TRIXIE_APT_PACKAGES, order: TRIXIE_APT_ORDER, orderNoRecommends: TRIXIE_APT_ORDER_NO_RECOMMENDS, provided: TRIXIE_APT_PROVIDED, libcBin: TRIXIE_LIBC_BIN };
const aptData = (d: Distro): AptData => (d.id === 'debian' && d.codename === 'trixie' ? TRIXIE_APT : BOOKWORM_APT);
/** Simulated link to the mirror. */
const BYTES_PER_MS = 8_000;

interface Mirror {
  host: string;
  /** [url, suite] per release file apt fetches. */
  sources: { url: string; suite: string; inRelease: number; packages: number }[];
}

function mirror(d: Distro): Mirror {
  if (d.id === 'ubuntu') {
    const c = d.codename;
    return {
      host: 'archive.ubuntu.com',
      sources: [
        { url: 'http://archive.ubuntu.com/ubuntu', suite: c, inRelease: 270_000, packages: 1_792_000 },
        { url: 'http://archive.ubuntu.com/ubuntu', suite: `${c}-updates`, inRelease: 128_000, packages: 2_981_000 },
        { url: 'http://archive.ubuntu.com/ubuntu', suite: `${c}-backports`, inRelease: 127_000, packages: 81_000 },
        { url: 'http://security.ubuntu.com/ubuntu', suite: `${c}-security`, inRelease: 129_000, packages: 2_690_000 },
      ],
    };
  }
  // The release's lists (debian-release.ts says which sizes are recorded).
  return { host: 'deb.debian.org', sources: debianRelease(d.codename).lists.map((l) => ({ ...l })) };
}

const listFile = (m: Mirror): string => `${LISTS}/${m.sources[0]!.url.replace(/^http:\/\//, '').replace(/\//g, '_')}_dists_${m.sources[0]!.suite}_InRelease`;

function installed(env: ToolEnv): Set<string> {
  return new Set([...readText(env.fs, env.base, STATUS).matchAll(/^Package: (\S+)$/gm)].map((m) => m[1]!));
}

/** apt's ShowList: two spaces in, a line never reaching 80 columns (recorded: 67 + ` libk5crypto3` wraps). */
function wrap(words: string[]): string {
  let out = '';
  let line = ' ';
  for (const w of words) {
    if (line.length + 1 + w.length >= 80) {
      out += `${line}\n`;
      line = ' ';
    }
    line += ` ${w}`;
  }
  return `${out}${line}\n`;
}

function secs(ms: number): string {
  return `${Math.max(0, Math.round(ms / 1000))}s`;
}

/** The mirror answers (or why not: apt's Err lines and its closing W:/E: lines). */
function reach(net: Net, m: Mirror): 'ok' | { ms: number; why: string } {
  const a = net.fetch(m.host, 80, { method: 'GET', path: '/', headers: [['Host', m.host]] });
  if (a.kind === 'reply') return 'ok';
  if (a.kind === 'unresolved') return { ms: a.ms, why: `Temporary failure resolving '${m.host}'` };
  if (a.kind === 'refused') return { ms: 2, why: `Could not connect to ${m.host}:80 (${a.ip}). - connect (111: Connection refused)` };
  return { ms: 30_000, why: `Could not connect to ${m.host}:80 (${a.kind === 'timeout' ? a.ip : ''}), connection timed out` };
}

function update(env: ToolEnv, net: Net, d: Distro, prog: 'apt-get' | 'apt'): ToolResult {
  const m = mirror(d);
  const done = stdoutIsTty(env.io) ? ' Done' : '';
  const r = reach(net, m);
  if (r !== 'ok') {
    m.sources.forEach((s, i) => env.io.out(`Err:${i + 1} ${s.url} ${s.suite} InRelease\n  ${r.why}\n`));
    env.io.out(`Reading package lists...${done}\n`);
    for (const s of m.sources) env.io.err(`W: Failed to fetch ${s.url}/dists/${s.suite}/InRelease  ${r.why}\n`);
    env.io.err('W: Some index files failed to download. They have been ignored, or old ones used instead.\n');
    return { status: 0, ms: r.ms };
  }
  const have = readText(env.fs, env.base, listFile(m)) !== '';
  let n = 0;
  let bytes = 0;
  for (const s of m.sources) {
    n++;
    if (have) env.io.out(`Hit:${n} ${s.url} ${s.suite} InRelease\n`);
    else {
      env.io.out(`Get:${n} ${s.url} ${s.suite} InRelease [${sizeToStr(s.inRelease)}B]\n`);
      bytes += s.inRelease;
    }
  }
  if (!have) {
    for (const s of m.sources) {
      n++;
      env.io.out(`Get:${n} ${s.url} ${s.suite}/main amd64 Packages [${sizeToStr(s.packages)}B]\n`);
      bytes += s.packages;
    }
  }
  const ms = 150 + bytes / BYTES_PER_MS;
  if (bytes > 0) env.io.out(`Fetched ${sizeToStr(bytes)}B in ${secs(ms)} (${sizeToStr(Math.round(bytes / Math.max(ms / 1000, 1)))}B/s)\n`);
  env.io.out(`Reading package lists...${done}\n`);
  // apt (not apt-get) goes on to count upgrades; approximate: the image is taken as current.
  if (prog === 'apt') env.io.out(`Building dependency tree...${done}\nReading state information...${done}\nAll packages are up to date.\n`);
  writeFile(env.fs, env.base, listFile(m), 'InRelease\n', false);
  return { status: 0, ms };
}

/**
 * The packages to unpack: each name's recorded order (APT_ORDER), then, for a package without
 * one, its dependencies first (close to apt's order, not recorded).
 */
function plan(data: AptData, names: string[], have: Set<string>, noRecommends: boolean): string[] {
  const recorded = noRecommends ? data.orderNoRecommends : data.order;
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (p: string): void => {
    const known = Object.hasOwn(recorded, p) ? recorded[p]!.split(' ') : undefined;
    if (known && !seen.has(p)) {
      for (const q of known) {
        if (!seen.has(q) && !have.has(q)) order.push(q);
        seen.add(q);
      }
      return;
    }
    if (seen.has(p) || have.has(p)) return;
    seen.add(p);
    for (const dep of data.packages[p]![6].split(' ').filter(Boolean)) visit(dep);
    order.push(p);
  };
  for (const n of names) visit(n);
  return order;
}

function install(env: ToolEnv, net: Net, d: Distro, asked: string[], yes: boolean, noRecommends: boolean): ToolResult {
  const done = stdoutIsTty(env.io) ? ' Done' : '';
  env.io.out(`Reading package lists...${done}\nBuilding dependency tree...${done}\nReading state information...${done}\n`);
  const m = mirror(d);
  const data = aptData(d);
  const lists = readText(env.fs, env.base, listFile(m)) !== '';
  const unknown = asked.filter((n) => !lists || !(Object.hasOwn(data.packages, n) || Object.hasOwn(data.provided, n)));
  if (unknown.length > 0) {
    for (const n of unknown) env.io.err(`E: Unable to locate package ${n}\n`);
    return { status: 100, ms: 300 };
  }
  const names = asked.map((n) => (Object.hasOwn(data.provided, n) ? data.provided[n]! : n));
  const have = installed(env);
  const order = plan(data, names, have, noRecommends);
  for (const n of names.filter((x) => have.has(x))) env.io.out(`${n} is already the newest version (${data.packages[n]![0]}).\n`);
  if (order.length === 0) {
    env.io.out('0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n');
    return { status: 0, ms: 300 };
  }
  const extra = order.filter((p) => !names.includes(p)).sort();
  if (extra.length > 0) env.io.out(`The following additional packages will be installed:\n${wrap(extra)}`);
  env.io.out(`The following NEW packages will be installed:\n${wrap([...order].sort())}`);
  env.io.out(`0 upgraded, ${order.length} newly installed, 0 to remove and 0 not upgraded.\n`);
  const rows = order.map((p): [string, AptRow] => [p, data.packages[p]!]);
  const bytes = rows.reduce((s, [, r]) => s + r[1], 0);
  env.io.out(`Need to get ${sizeToStr(bytes)}B of archives.\nAfter this operation, ${sizeToStr(rows.reduce((s, [, r]) => s + r[2] * 1024, 0))}B of additional disk space will be used.\n`);
  if (!yes && extra.length > 0) {
    // Nobody answers the prompt in a Pod's exec without stdin: apt reads EOF and aborts (recorded).
    env.io.out('Do you want to continue? [Y/n] Abort.\n');
    return { status: 1, ms: 300 };
  }
  const r = reach(net, m);
  if (r !== 'ok') {
    rows.forEach(([p, row], i) => env.io.out(`Err:${i + 1} ${sourceOf(m, row).url} ${sourceOf(m, row).suite}/main amd64 ${p} ${row[3] ? 'all' : 'amd64'} ${row[0]}\n  ${r.why}\n`));
    env.io.err(`E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?\n`);
    return { status: 100, ms: r.ms };
  }
  rows.forEach(([p, row], i) => env.io.out(`Get:${i + 1} ${sourceOf(m, row).url} ${sourceOf(m, row).suite}/main amd64 ${p} ${row[3] ? 'all' : 'amd64'} ${row[0]} [${sizeToStr(row[1])}B]\n`));
  const ms = 200 + bytes / BYTES_PER_MS;
  env.io.out(`Fetched ${sizeToStr(bytes)}B in ${secs(ms)} (${sizeToStr(Math.round(bytes / Math.max(ms / 1000, 1)))}B/s)\n`);
  const dpkgName = (p: string, row: AptRow): string => (row[4] ? `${p}:amd64` : p);
  const width = String(rows.length - 1).length < 2 ? 2 : String(rows.length - 1).length;
  rows.forEach(([p, row], i) => {
    env.io.out(`Selecting previously unselected package ${dpkgName(p, row)}.\n`);
    if (i === 0) env.io.out(`(Reading database ... ${6090 + have.size * 40} files and directories currently installed.)\n`);
    const deb = `${p}_${row[0].replace(/^\d+:/, '')}_${row[3] ? 'all' : 'amd64'}.deb`;
    env.io.out(`Preparing to unpack .../${rows.length > 1 ? `${String(i).padStart(width, '0')}-` : ''}${deb} ...\nUnpacking ${dpkgName(p, row)} (${row[0]}) ...\n`);
  });
  for (const [p, row] of rows) env.io.out(`Setting up ${dpkgName(p, row)} (${row[0]}) ...\n`);
  if (rows.some(([p]) => p.startsWith('lib'))) env.io.out(`Processing triggers for libc-bin (${data.libcBin}) ...\n`);
  writeFile(env.fs, env.base, STATUS, rows.map(([p, row]) => `Package: ${p}\nStatus: install ok installed\nVersion: ${row[0]}\n\n`).join(''), true);
  installPrograms(env.fs, env.base, rows.flatMap(([p]) => PROGRAMS[p] ?? []));
  return { status: 0, ms: ms + rows.length * 120 };
}

function sourceOf(m: Mirror, row: AptRow): { url: string; suite: string } {
  const s = m.sources[row[5] === 1 ? m.sources.length - 1 : row[5] === 2 ? 1 : 0]!;
  return { url: s.url, suite: s.suite };
}

/** apt-get's and apt's other commands: real, but not modelled here (say so rather than call them invalid). */
const VALID = new Set(['remove', 'purge', 'autoremove', 'dist-upgrade', 'full-upgrade', 'source', 'build-dep', 'download', 'changelog', 'check', 'satisfy', 'indextargets', 'list', 'search', 'show', 'showsrc', 'depends', 'rdepends', 'policy', 'edit-sources', 'reinstall', 'moo', 'upgrade']);

/** `apt-get` (`apt` adds its warning first when its output is not a terminal). */
export function aptGet(args: string[], given: ToolEnv, net: Net, prog: 'apt-get' | 'apt' = 'apt-get'): ToolResult {
  // -qq leaves only errors, and implies -y (apt-get(8): "quiet level 2 implies -y").
  const qq = args.some((a) => a === '-qq' || a === '-qqy' || a === '-yqq' || a === '--quiet=2' || a === '-q=2');
  const env: ToolEnv = qq ? { ...given, io: { ...given.io, out: () => undefined } } : given;
  if (prog === 'apt' && !stdoutIsTty(env.io)) env.io.err('\nWARNING: apt does not have a stable CLI interface. Use with caution in scripts.\n\n');
  const d = releaseFrom(readText(env.fs, env.base, '/etc/os-release'), 'debian');
  const words = args.filter((a) => !a.startsWith('-'));
  const yes = qq || args.some((a) => a === '--yes' || a === '--assume-yes' || /^-[a-z]*y/.test(a));
  const [cmd, ...pkgs] = words;
  if (cmd === 'update') return update(env, net, d, prog);
  if (cmd === 'install') return install(env, net, d, pkgs, yes, args.includes('--no-install-recommends'));
  const done = stdoutIsTty(env.io) ? ' Done' : '';
  if (cmd === 'upgrade' && prog === 'apt-get') {
    // Recorded: nothing is newer than what the image has (approximate: the image is taken as current).
    env.io.out(`Reading package lists...${done}\nBuilding dependency tree...${done}\nReading state information...${done}\nCalculating upgrade...${done}\n0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n`);
    return { status: 0, ms: 300 };
  }
  // clean and autoclean empty apt's cache, silently (recorded).
  if (cmd === 'clean' || cmd === 'autoclean') return { status: 0, ms: 20 };
  if (cmd === undefined || VALID.has(cmd)) {
    env.io.err(`${prog}: ${cmd ?? '(no command)'}: not simulated in this classroom (update, install, upgrade, clean are)\n`);
    return { status: 100 };
  }
  env.io.err(`E: Invalid operation ${cmd}\n`);
  return { status: 100 };
}
