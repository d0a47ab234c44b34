/**
 * `apk` (apk-tools 2.14) inside Alpine-based images: `add [--no-cache] PKG…`, `update`, `info`.
 * Official images configure no cache, so every `add` fetches both indexes from
 * dl-cdn.alpinelinux.org (an INTERNET host) through the container's network, as `--no-cache` does.
 *
 * Texts from recorded transcripts in public issues (found with the search tool): the `fetch
 * https://dl-cdn.alpinelinux.org/alpine/v3.NN/{main,community}/x86_64/APKINDEX.tar.gz` lines,
 * `(i/N) Installing name (version)`, `Executing busybox-….trigger`, `OK: N MiB in M packages`
 * (alpine 3.6/3.8 transcripts, same format in 2.14); with no network `WARNING: fetching
 * https://…/v3.20/main: DNS lookup error` (v3.20), `…: temporary error (try again later)` after 5 s
 * each (v3.21 build log) and `…: could not connect to server`, then `ERROR: unable to select
 * packages:` with each name `(no such package):` / `required by: world[name]`, sorted, exit status
 * the number of them (a v3.24 build log exits 3 for three). Approximate: the package versions and
 * sizes (Alpine 3.22's, not recorded), the base image's 16 packages, `apk update`'s index
 * description lines.
 */
import type { Net } from './net-tools';
import { installPrograms, readText } from './packages';
import { releaseFrom } from './os-release';
import type { ToolEnv, ToolResult } from './tool-types';
import { writeFile } from './fs';
import { fnv1a } from '../../k8s/sha256';

const CDN = 'dl-cdn.alpinelinux.org';
const WORLD = '/etc/apk/world';
const DB = '/lib/apk/db/installed';
/** alpine:3.22's own packages (`apk info` in a fresh container); approximate. */
const BASE = ['alpine-baselayout', 'alpine-baselayout-data', 'alpine-keys', 'alpine-release', 'apk-tools', 'busybox', 'busybox-binsh', 'ca-certificates-bundle', 'libapk2', 'libcrypto3', 'libssl3', 'musl', 'musl-utils', 'scanelf', 'ssl_client', 'zlib'];
const BASE_MIB = 8;
const BUSYBOX = 'busybox-1.37.0-r18';

/** name → [version, installed KiB, dependencies, programs]; Alpine 3.22's (approximate). */
const APK: Record<string, readonly [string, number, string, string]> = {
  'brotli-libs': ['1.1.0-r2', 868, '', ''],
  'c-ares': ['1.34.5-r0', 212, '', ''],
  libunistring: ['1.3-r0', 1700, '', ''],
  libidn2: ['2.3.7-r0', 144, 'libunistring', ''],
  'nghttp2-libs': ['1.65.0-r0', 168, '', ''],
  libpsl: ['0.21.5-r3', 80, 'libidn2 libunistring', ''],
  'zstd-libs': ['1.5.7-r0', 612, '', ''],
  libcurl: ['8.14.1-r1', 740, 'brotli-libs c-ares libidn2 libpsl nghttp2-libs zstd-libs', ''],
  curl: ['8.14.1-r1', 264, 'libcurl', 'curl'],
  fstrm: ['0.6.1-r4', 48, '', ''],
  'json-c': ['0.18-r1', 80, '', ''],
  libuv: ['1.51.0-r0', 180, '', ''],
  'protobuf-c': ['1.5.2-r0', 60, '', ''],
  'xz-libs': ['5.8.1-r0', 196, '', ''],
  libxml2: ['2.13.8-r0', 1300, 'xz-libs', ''],
  'bind-libs': ['9.20.11-r0', 3600, 'fstrm json-c libuv libxml2 protobuf-c', ''],
  'bind-tools': ['9.20.11-r0', 500, 'bind-libs', 'dig host nslookup'],
  libcap2: ['2.76-r0', 40, '', ''],
  iputils: ['20250605-r0', 12, 'iputils-ping', ''],
  'iputils-ping': ['20250605-r0', 80, 'libcap2', 'ping'],
  libmd: ['1.1.0-r0', 60, '', ''],
  libbsd: ['0.12.2-r0', 100, 'libmd', ''],
  'netcat-openbsd': ['1.229.1-r0', 56, 'libbsd', 'nc'],
  oniguruma: ['6.9.10-r0', 520, '', ''],
  jq: ['1.8.0-r0', 400, 'oniguruma', 'jq'],
  'ncurses-terminfo-base': ['6.5_p20250503-r0', 32, '', ''],
  libncursesw: ['6.5_p20250503-r0', 300, 'ncurses-terminfo-base', ''],
  readline: ['8.2.13-r1', 260, 'libncursesw', ''],
  bash: ['5.2.37-r0', 1300, 'readline', 'bash'],
  libelf: ['0.193-r0', 400, 'zstd-libs', ''],
  libmnl: ['1.0.5-r2', 24, '', ''],
  'iproute2-minimal': ['6.15.0-r0', 900, 'libcap2 libelf libmnl', 'ip'],
  'iproute2-ss': ['6.15.0-r0', 180, 'libmnl', ''],
  'iproute2-tc': ['6.15.0-r0', 500, 'libelf libmnl', ''],
  iproute2: ['6.15.0-r0', 24, 'iproute2-minimal iproute2-ss iproute2-tc', ''],
  libintl: ['0.24.1-r0', 40, '', ''],
  libproc2: ['4.0.4-r3', 120, '', ''],
  'procps-ng': ['4.0.4-r3', 600, 'libintl libncursesw libproc2', 'ps free uptime pgrep pkill'],
  vim: ['9.1.1329-r0', 3600, 'libncursesw', 'vim'],
  python3: ['3.12.11-r0', 43000, 'libncursesw readline xz-libs', 'python3'],
  tcpdump: ['4.99.5-r1', 800, 'libcap2', 'tcpdump'],
  wget: ['1.25.0-r1', 500, 'libidn2 libunistring', 'wget'],
  nano: ['8.4-r0', 700, 'libncursesw', 'nano'],
  less: ['679-r0', 300, 'libncursesw', 'less'],
};
/** Names apk resolves through a package's `provides` (procps is procps-ng's). */
const PROVIDES: Record<string, string> = { procps: 'procps-ng' };
/** What each fetch of the CDN costs (simulated); a download goes at 10 MB/s. */
const FETCH_MS = 350;

function installed(env: ToolEnv): string[] {
  return [...readText(env.fs, env.base, DB).matchAll(/^P:(\S+)$/gm)].map((m) => m[1]!);
}

/** The repositories' URLs (…/v3.22/main, …/community) and whether the CDN answers. */
function fetchIndexes(env: ToolEnv, net: Net, branch: string): { ok: boolean; ms: number } {
  let ms = 0;
  let ok = true;
  for (const repo of ['main', 'community']) {
    const url = `https://${CDN}/alpine/${branch}/${repo}`;
    env.io.at?.(ms);
    env.io.out(`fetch ${url}/x86_64/APKINDEX.tar.gz\n`);
    const a = net.fetch(CDN, 443, { method: 'GET', path: `/alpine/${branch}/${repo}/x86_64/APKINDEX.tar.gz`, headers: [['Host', CDN]], tls: { serverName: CDN, insecure: false } });
    if (a.kind === 'reply') {
      ms += FETCH_MS;
      continue;
    }
    ok = false;
    const why = a.kind === 'unresolved' ? 'DNS lookup error' : a.kind === 'refused' ? 'could not connect to server' : 'temporary error (try again later)';
    ms += a.kind === 'unresolved' ? a.ms : a.kind === 'refused' ? 2 : 5_000;
    env.io.at?.(ms);
    env.io.err(`WARNING: fetching ${url}: ${why}\n`);
  }
  env.io.at?.(ms);
  return { ok, ms };
}

function add(env: ToolEnv, net: Net, branch: string, names: string[]): ToolResult {
  const { ok, ms } = fetchIndexes(env, net, branch);
  const wanted = names.map((n) => PROVIDES[n] ?? n);
  const missing = names.filter((n, i) => !ok || !Object.hasOwn(APK, wanted[i]!)).sort();
  if (missing.length > 0) {
    env.io.err(`ERROR: unable to select packages:\n${missing.map((n) => `  ${n} (no such package):\n    required by: world[${n}]\n`).join('')}`);
    return { status: missing.length, ms };
  }
  const have = new Set([...BASE, ...installed(env)]);
  const order: string[] = [];
  const visit = (p: string): void => {
    if (have.has(p) || order.includes(p)) return;
    for (const d of APK[p]![2].split(' ').filter(Boolean)) visit(d);
    order.push(p);
  };
  for (const w of wanted) visit(w);
  let t = ms;
  order.forEach((p, i) => {
    env.io.out(`(${i + 1}/${order.length}) Installing ${p} (${APK[p]![0]})\n`);
    t += 20 + (APK[p]![1] * 1024 * 0.4) / 10_000;
    env.io.at?.(t);
  });
  if (order.length > 0) env.io.out(`Executing ${BUSYBOX}.trigger\n`);
  const all = [...have, ...order];
  const kib = installed(env).concat(order).reduce((s, p) => s + (APK[p]?.[1] ?? 0), 0);
  env.io.out(`OK: ${BASE_MIB + Math.round(kib / 1024)} MiB in ${all.length} packages\n`);
  writeFile(env.fs, env.base, DB, order.map((p) => `P:${p}\nV:${APK[p]![0]}\n\n`).join(''), true);
  writeFile(env.fs, env.base, WORLD, names.map((n) => `${n}\n`).join(''), true);
  installPrograms(env.fs, env.base, order.flatMap((p) => APK[p]![3].split(' ').filter(Boolean)));
  return { status: 0, ms: t };
}

function update(env: ToolEnv, net: Net, branch: string, release: string): ToolResult {
  const { ok, ms } = fetchIndexes(env, net, branch);
  const count = BASE.length + installed(env).length;
  if (!ok) {
    env.io.out(`2 unavailable, 0 stale; ${count} distinct packages available\n`);
    return { status: 2, ms };
  }
  for (const repo of ['main', 'community']) {
    const tag = `v${release}-${(fnv1a(`${release}/${repo}`) % 400) + 1}-g${fnv1a(repo + release).toString(16).padStart(8, '0').slice(0, 10)}`;
    env.io.out(`${tag} [https://${CDN}/alpine/${branch}/${repo}]\n`);
  }
  env.io.out('OK: 25397 distinct packages available\n');
  return { status: 0, ms };
}

export function apk(args: string[], given: ToolEnv, net: Net): ToolResult {
  // -q/--quiet silences apk's messages (stdout); its warnings and errors still reach stderr.
  const quiet = args.some((a) => a === '--quiet' || /^-[a-zA-Z]*q/.test(a));
  const env: ToolEnv = quiet ? { ...given, io: { ...given.io, out: () => undefined } } : given;
  const d = releaseFrom(readText(env.fs, env.base, '/etc/os-release'), 'alpine');
  const words = args.filter((a) => !a.startsWith('-'));
  const [cmd, ...rest] = words;
  const full = (/VERSION_ID=(\S+)/.exec(readText(env.fs, env.base, '/etc/os-release'))?.[1] ?? `${d.release}.0`).replace(/"/g, '');
  if (cmd === 'add') return add(env, net, d.codename, rest);
  if (cmd === 'update') return update(env, net, d.codename, full);
  if (cmd === 'info') {
    for (const p of [...BASE, ...installed(env)].sort()) env.io.out(`${p}\n`);
    return { status: 0, ms: 20 };
  }
  // Only add, update and info are modelled; apk's own usage text was not recorded.
  env.io.err(`apk: ${cmd ?? ''}: not simulated in this classroom (apk add, apk update, apk info are)\n`);
  return { status: 1 };
}
