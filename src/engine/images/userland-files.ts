/**
 * The programs of an image's userland as files — what `ls /usr/bin`, `ls -l /bin/sh`,
 * `readlink -f`, `stat` and `find` see, from the same tables that say where `which` and
 * `command -v` find a program (program-dirs.ts reads them too):
 * - Debian and Ubuntu images (a coreutils userland with apt): every file and link of
 *   debian:*-slim's /usr/bin and /usr/sbin for the image's Debian release (debian-files-data.ts),
 *   procps' when the image has it, less the tools the userland lacks; merged /usr (`/bin ->
 *   usr/bin`, `/sbin -> usr/sbin`, `/lib -> usr/lib`, `/lib64 -> usr/lib64`, as debootstrap makes
 *   it since bullseye); the links the maintainer scripts make with update-alternatives (mawk's
 *   awk and nawk, debianutils' which, util-linux's pager, tar's rmt: their postinst, checked
 *   against `ls -l /usr/bin/awk /etc/alternatives/awk` on Debian 12); /etc/passwd and /etc/group
 *   from base-passwd's passwd.master and group.master (3.6.1 in bookworm, 3.6.7 in trixie — the
 *   same entries; no gnats since 3.6.0), `*` turned to `x` as the passwd package's shadowconfig
 *   leaves them, plus the users the image's Dockerfile adds (`useradd` lines below); glibc's loader
 *   and /lib64's link to it (the only library listed).
 * - The busybox image: /bin/busybox and every applet hard-linked beside it (the builder's
 *   `busybox --install /bin`), one inode: `ls -l /bin/ls` shows the link count; Debian's getconf
 *   copied in beside it (libc-bin's, its bookworm size).
 * - Alpine images: alpine-baselayout's /etc/passwd and /etc/group (imageAccounts); /bin/busybox with each applet a symbolic link to it where BusyBox's applet
 *   table puts it (`busybox --install -s`), musl's loader /lib/ld-musl-x86_64.so.1 and
 *   `libc.musl-x86_64.so.1 -> ld-musl-x86_64.so.1` (aports main/musl APKBUILD), apk-tools' /sbin/apk.
 * Shared: one immutable table per userland family, built on first use and kept for every
 * container (a container adds nothing of its own). Approximate: Ubuntu images get Debian's files
 * (22.04 bookworm's, 24.04 trixie's) and Debian's accounts plus 24.04's `ubuntu` user; Alpine's
 * applets are upstream defconfig's (Alpine builds fewer); the busybox binary's size is the
 * glibc 1.36.1 image's as the lead recorded it, Alpine's unknown (a stand-in's 4 bytes).
 */
import type { DebianCodename, Userland } from './catalog-types';
import type { ImageDefinition } from './catalog';
import { BUSYBOX_APPLET_DIRS } from './busybox-applets';
import { DEBIAN_FILES } from './debian-files-data';
import { ELF } from './file-mode';
import type { BaseMeta } from './fs';
import { distroOf } from './os-release';

export interface UserlandFiles {
  files: Readonly<Record<string, string>>;
  links: Readonly<Record<string, string>>;
  meta: Readonly<Record<string, BaseMeta>>;
  dirs: readonly string[];
}

/** Which file model a userland gets: Debian's (per release), the busybox image's, Alpine's, or none. */
export type FileFamily = { k: 'debian'; release: DebianCodename } | { k: 'busybox' } | { k: 'alpine' } | { k: 'none' };

export function fileFamily(userland: Userland, debian: DebianCodename | undefined, ubuntu?: string): FileFamily {
  if (userland.tools === 'coreutils' && userland.pkg === 'apt') return { k: 'debian', release: debian ?? (ubuntu === '24.04' ? 'trixie' : 'bookworm') };
  if (userland.tools === 'busybox') return userland.pkg === 'apk' ? { k: 'alpine' } : { k: 'busybox' };
  return { k: 'none' };
}

/** The family of an image's tag (its Debian release from the tag, or Ubuntu's). */
export function imageFileFamily(def: ImageDefinition): FileFamily {
  const distro = distroOf(def.image.repository, def.tag.version, def.tag.debian, def.tag.alpine);
  return fileFamily(def.image.userland, def.tag.debian, distro?.id === 'ubuntu' ? distro.release : undefined);
}

interface Listing {
  /** Directory → its entries: name → size/mode/gid/links, or a link's target. */
  dirs: Map<string, Map<string, DebianEntry>>;
}
type DebianEntry = { k: 'file'; size: number; mode?: number; gid?: number; nlink?: number; same?: string } | { k: 'link'; target: string };

/** debian-files-data.ts's text: a directory line (`/usr/bin`), then `name size [mMODE] [gGID] [nLINKS] [=SAME]` or `name>target`. */
function parseListing(text: string, into: Listing = { dirs: new Map() }): Listing {
  let dir = new Map<string, DebianEntry>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('/')) {
      dir = into.dirs.get(line) ?? new Map();
      into.dirs.set(line, dir);
      continue;
    }
    const arrow = line.indexOf('>');
    if (arrow > 0) {
      dir.set(line.slice(0, arrow), { k: 'link', target: line.slice(arrow + 1) });
      continue;
    }
    const [name, size, ...more] = line.split(' ');
    const e: DebianEntry = { k: 'file', size: Number(size) };
    for (const m of more) {
      if (m[0] === 'm') e.mode = Number.parseInt(m.slice(1), 8);
      else if (m[0] === 'g') e.gid = Number(m.slice(1));
      else if (m[0] === 'n') e.nlink = Number(m.slice(1));
      else if (m[0] === '=') e.same = m.slice(1);
    }
    dir.set(name!, e);
  }
  return into;
}

const LISTINGS = new Map<string, Listing>();

/** The release's /usr/bin and /usr/sbin (with procps' programs when asked), parsed once. */
function debianListing(release: DebianCodename, procps: boolean): Listing {
  const key = `${release}:${procps}`;
  let l = LISTINGS.get(key);
  if (!l) {
    l = parseListing(DEBIAN_FILES[release].base);
    if (procps) parseListing(DEBIAN_FILES[release].procps, l);
    LISTINGS.set(key, l);
  }
  return l;
}

/** The directory of the release's `name` (`/usr/bin`, `/usr/sbin`), if debian:*-slim ships it. */
export function debianProgramDir(release: DebianCodename, name: string, procps = true): string | undefined {
  for (const [dir, entries] of debianListing(release, procps).dirs) if (entries.has(name)) return dir;
  return undefined;
}

/** update-alternatives' links, as the maintainer scripts install them (the same in bookworm and trixie). */
const ALTERNATIVES: readonly (readonly [link: string, name: string, target: string])[] = [
  ['/usr/bin/awk', 'awk', '/usr/bin/mawk'],
  ['/usr/bin/nawk', 'nawk', '/usr/bin/mawk'],
  ['/usr/bin/which', 'which', '/usr/bin/which.debianutils'],
  ['/usr/bin/pager', 'pager', '/bin/more'],
  ['/usr/sbin/rmt', 'rmt', '/usr/sbin/rmt-tar'],
];

const MERGED_USR: Readonly<Record<string, string>> = { '/bin': 'usr/bin', '/sbin': 'usr/sbin', '/lib': 'usr/lib', '/lib64': 'usr/lib64' };

/**
 * glibc's dynamic loader and the link the x86-64 ABI names (`dpkg-deb -c` of libc6 2.36-9+deb12u14
 * and 2.41-12+deb13u5: bookworm's link is absolute, trixie's relative). The other libraries are not listed.
 */
const LOADER: Readonly<Record<DebianCodename, { size: number; link: string }>> = {
  bookworm: { size: 215_000, link: '/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2' },
  trixie: { size: 225_672, link: '../lib/x86_64-linux-gnu/ld-linux-x86-64.so.2' },
};
const LOADER_PATH = '/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2';

const shadowed = (master: string): string => master.replace(/^([^:]*):\*:/gm, '$1:x:');

/** base-passwd's passwd.master and group.master (3.6.1 and 3.6.7 alike). */
const BASE_PASSWD = shadowed(`root:*:0:0:root:/root:/bin/bash
daemon:*:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:*:2:2:bin:/bin:/usr/sbin/nologin
sys:*:3:3:sys:/dev:/usr/sbin/nologin
sync:*:4:65534:sync:/bin:/bin/sync
games:*:5:60:games:/usr/games:/usr/sbin/nologin
man:*:6:12:man:/var/cache/man:/usr/sbin/nologin
lp:*:7:7:lp:/var/spool/lpd:/usr/sbin/nologin
mail:*:8:8:mail:/var/mail:/usr/sbin/nologin
news:*:9:9:news:/var/spool/news:/usr/sbin/nologin
uucp:*:10:10:uucp:/var/spool/uucp:/usr/sbin/nologin
proxy:*:13:13:proxy:/bin:/usr/sbin/nologin
www-data:*:33:33:www-data:/var/www:/usr/sbin/nologin
backup:*:34:34:backup:/var/backups:/usr/sbin/nologin
list:*:38:38:Mailing List Manager:/var/list:/usr/sbin/nologin
irc:*:39:39:ircd:/run/ircd:/usr/sbin/nologin
_apt:*:42:65534::/nonexistent:/usr/sbin/nologin
nobody:*:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
`);
const BASE_GROUP = shadowed(
  ['root:*:0:', 'daemon:*:1:', 'bin:*:2:', 'sys:*:3:', 'adm:*:4:', 'tty:*:5:', 'disk:*:6:', 'lp:*:7:', 'mail:*:8:', 'news:*:9:', 'uucp:*:10:', 'man:*:12:', 'proxy:*:13:', 'kmem:*:15:', 'dialout:*:20:', 'fax:*:21:', 'voice:*:22:', 'cdrom:*:24:', 'floppy:*:25:', 'tape:*:26:', 'sudo:*:27:', 'audio:*:29:', 'dip:*:30:', 'www-data:*:33:', 'backup:*:34:', 'operator:*:37:', 'list:*:38:', 'irc:*:39:', 'src:*:40:', 'shadow:*:42:', 'utmp:*:43:', 'video:*:44:', 'sasl:*:45:', 'plugdev:*:46:', 'staff:*:50:', 'games:*:60:', 'users:*:100:', 'nogroup:*:65534:']
    .map((l) => `${l}\n`)
    .join(''),
);

/**
 * The users an image's Dockerfile adds after base-passwd's, as `useradd`/`groupadd` write them
 * (Debian's useradd: empty GECOS, /bin/sh unless --shell, /home/NAME unless --home-dir):
 * nginx `useradd --system --no-create-home --home /nonexistent --comment "nginx user" --shell
 * /bin/false --uid 101 nginx` (docker-nginx); node `groupadd --gid 1000 node && useradd --uid 1000
 * --gid node --shell /bin/bash --create-home node`; redis `groupadd -r -g 999 redis; useradd -r
 * -g redis -u 999 redis`; postgres `groupadd -r postgres --gid=999; useradd -r -g postgres
 * --uid=999 --home-dir=/var/lib/postgresql --shell=/bin/bash postgres`; ubuntu:24.04's own
 * `ubuntu` (uid 1000, the cloud images' default user, in the container image since 23.04: the
 * `docker run ubuntu:24.04 cat /etc/passwd` transcript in jupyterhub/repo2docker#1346; 22.04 has none).
 */
const IMAGE_ACCOUNTS: Readonly<Record<string, { passwd: string; group: string }>> = {
  'docker.io/library/nginx': { passwd: 'nginx:x:101:101:nginx user:/nonexistent:/bin/false\n', group: 'nginx:x:101:\n' },
  'docker.io/library/node': { passwd: 'node:x:1000:1000::/home/node:/bin/bash\n', group: 'node:x:1000:\n' },
  'docker.io/library/redis': { passwd: 'redis:x:999:999::/home/redis:/bin/sh\n', group: 'redis:x:999:\n' },
  'docker.io/library/postgres': { passwd: 'postgres:x:999:999::/var/lib/postgresql:/bin/bash\n', group: 'postgres:x:999:\n' },
  // kubernetes-zookeeper: Ubuntu 16.04's `useradd zookeeper` (no home made; /etc/default/useradd's SHELL=/bin/sh).
  'registry.k8s.io/kubernetes-zookeeper': { passwd: 'zookeeper:x:1000:1000::/home/zookeeper:/bin/sh\n', group: 'zookeeper:x:1000:\n' },
};
const NOBLE_ACCOUNTS = { passwd: 'ubuntu:x:1000:1000:Ubuntu:/home/ubuntu:/bin/bash\n', group: 'ubuntu:x:1000:\n' };

/** The homes those users' useradd made (`--create-home`: owned by the user, uid = gid here). */
const MADE_HOMES: Readonly<Record<string, readonly [path: string, id: number]>> = { 'docker.io/library/node': ['/home/node', 1000] };

/** debian:*-slim's program files for `release`, less the userland's missing tools (shared by key). */
function debianFiles(release: DebianCodename, userland: Userland): UserlandFiles {
  const files: Record<string, string> = {};
  const links: Record<string, string> = { ...MERGED_USR };
  const meta: Record<string, BaseMeta> = {};
  const without = new Set(userland.without ?? []);
  for (const [dir, entries] of debianListing(release, userland.procps === true).dirs) {
    for (const [name, e] of entries) {
      if (without.has(name)) continue;
      const path = `${dir}/${name}`;
      if (e.k === 'link') {
        links[path] = e.target;
        continue;
      }
      files[path] = ELF;
      meta[path] = {
        size: e.size,
        ...(e.mode !== undefined ? { mode: e.mode } : {}),
        ...(e.gid !== undefined ? { gid: e.gid } : {}),
        ...(e.nlink !== undefined ? { nlink: e.nlink } : {}),
        ...(e.same !== undefined ? { inode: `${dir}/${e.same}` } : {}),
      };
    }
  }
  files[LOADER_PATH] = ELF;
  meta[LOADER_PATH] = { size: LOADER[release].size };
  links['/usr/lib64/ld-linux-x86-64.so.2'] = LOADER[release].link;
  for (const [link, name, target] of ALTERNATIVES) {
    if (without.has(name) || files[target.replace(/^\/bin\//, '/usr/bin/')] === undefined) continue;
    links[link] = `/etc/alternatives/${name}`;
    links[`/etc/alternatives/${name}`] = target;
  }
  return { files, links, meta, dirs: ['/etc/alternatives'] };
}

/** The busybox image's size of /bin/busybox (and of every applet: the same inode). Approximate, see the header. */
const BUSYBOX_SIZE = 1_131_168;
/** libc-bin 2.36's getconf, which the busybox builder copies from Debian (debian-files-data.ts). */
const GETCONF_SIZE = 27_136;

function busyboxImageFiles(): UserlandFiles {
  const applets = ['linuxrc', ...Object.values(BUSYBOX_APPLET_DIRS).flatMap((names) => names.split(' '))];
  const files: Record<string, string> = { '/bin/busybox': ELF };
  const meta: Record<string, BaseMeta> = {};
  const nlink = applets.length + 1;
  for (const a of applets) files[`/bin/${a}`] = ELF;
  for (const p of Object.keys(files)) meta[p] = { size: BUSYBOX_SIZE, nlink, inode: '/bin/busybox' };
  files['/bin/getconf'] = ELF;
  meta['/bin/getconf'] = { size: GETCONF_SIZE };
  return { files, links: {}, meta, dirs: [] };
}

/** Alpine's: the applets but telnet where the userland leaves it to busybox-extras (aports' busyboxconfig: `# CONFIG_TELNET is not set`). */
function alpineFiles(userland: Userland): UserlandFiles {
  const links: Record<string, string> = { '/lib/libc.musl-x86_64.so.1': 'ld-musl-x86_64.so.1' };
  for (const [dir, names] of Object.entries(BUSYBOX_APPLET_DIRS)) for (const a of names.split(' ')) if (!(a === 'telnet' && userland.net?.telnet === false)) links[`${dir}/${a}`] = '/bin/busybox';
  return { files: { '/bin/busybox': ELF, '/lib/ld-musl-x86_64.so.1': ELF, '/sbin/apk': ELF }, links, meta: { '/lib/ld-musl-x86_64.so.1': { mode: 0o755 } }, dirs: [] };
}

const TABLES = new Map<string, UserlandFiles>();
const EMPTY: UserlandFiles = { files: {}, links: {}, meta: {}, dirs: [] };

/** The program files of a family (shared; built once per family and missing-tools list). */
export function userlandFiles(family: FileFamily, userland: Userland): UserlandFiles {
  const key =
    family.k === 'debian' ? `debian:${family.release}:${userland.procps === true}:${(userland.without ?? []).join(',')}` : family.k === 'alpine' ? `alpine:${userland.net?.telnet !== false}` : family.k;
  let t = TABLES.get(key);
  if (t) return t;
  switch (family.k) {
    case 'debian':
      t = debianFiles(family.release, userland);
      break;
    case 'busybox':
      t = busyboxImageFiles();
      break;
    case 'alpine':
      t = alpineFiles(userland);
      break;
    case 'none':
      t = EMPTY;
      break;
  }
  TABLES.set(key, t);
  return t;
}

/**
 * Alpine's /etc/passwd and /etc/group as alpine-baselayout-data ships them in the Alpine
 * releases the catalog's images use (3.20–3.23): transcripts of `cat /etc/passwd` and
 * `cat /etc/group` in 2025 Alpine containers (aports' main/alpine-baselayout history has the
 * older, longer lists agnhost still carries).
 */
const ALPINE_PASSWD = `root:x:0:0:root:/root:/bin/sh
bin:x:1:1:bin:/bin:/sbin/nologin
daemon:x:2:2:daemon:/sbin:/sbin/nologin
lp:x:4:7:lp:/var/spool/lpd:/sbin/nologin
sync:x:5:0:sync:/sbin:/bin/sync
shutdown:x:6:0:shutdown:/sbin:/sbin/shutdown
halt:x:7:0:halt:/sbin:/sbin/halt
mail:x:8:12:mail:/var/mail:/sbin/nologin
news:x:9:13:news:/usr/lib/news:/sbin/nologin
uucp:x:10:14:uucp:/var/spool/uucppublic:/sbin/nologin
cron:x:16:16:cron:/var/spool/cron:/sbin/nologin
ftp:x:21:21::/var/lib/ftp:/sbin/nologin
sshd:x:22:22:sshd:/dev/null:/sbin/nologin
games:x:35:35:games:/usr/games:/sbin/nologin
ntp:x:123:123:NTP:/var/empty:/sbin/nologin
guest:x:405:100:guest:/dev/null:/sbin/nologin
nobody:x:65534:65534:nobody:/:/sbin/nologin
`;
const ALPINE_GROUP = `root:x:0:root
bin:x:1:root,bin,daemon
daemon:x:2:root,bin,daemon
sys:x:3:root,bin
adm:x:4:root,daemon
tty:x:5:
disk:x:6:root
lp:x:7:lp
kmem:x:9:
wheel:x:10:root
floppy:x:11:root
mail:x:12:mail
news:x:13:news
uucp:x:14:uucp
cron:x:16:cron
audio:x:18:
cdrom:x:19:
dialout:x:20:root
ftp:x:21:
sshd:x:22:
input:x:23:
tape:x:26:root
video:x:27:root
netdev:x:28:
kvm:x:34:kvm
games:x:35:
shadow:x:42:
www-data:x:82:
users:x:100:games
ntp:x:123:
abuild:x:300:
utmp:x:406:
ping:x:999:
nogroup:x:65533:
nobody:x:65534:
`;

/**
 * The users an Alpine image's build adds, as BusyBox's adduser/addgroup append them:
 * curlimages/curl's create_base_image.sh `addgroup -S curl_group; adduser -S curl_user -G
 * curl_group` (the first free system ids, 100 and 101; Alpine's patched adduser gives a system
 * user /sbin/nologin; the line as a curlimages container's /etc/passwd shows it); node's
 * `addgroup -g 1000 node && adduser -u 1000 -G node -s /bin/sh -D node` (docker-node's alpine
 * Dockerfiles). adduser -G adds the user to the group's member list; the home it makes is 02755.
 */
const ALPINE_IMAGE_ACCOUNTS: Readonly<Record<string, { passwd: string; group: string; home: readonly [path: string, uid: number, gid: number] }>> = {
  'docker.io/curlimages/curl': { passwd: 'curl_user:x:100:101:Linux User,,,:/home/curl_user:/sbin/nologin\n', group: 'curl_group:x:101:curl_user\n', home: ['/home/curl_user', 100, 101] },
  'docker.io/library/node': { passwd: 'node:x:1000:1000:Linux User,,,:/home/node:/bin/sh\n', group: 'node:x:1000:node\n', home: ['/home/node', 1000, 1000] },
};

/**
 * The accounts of a Debian, Ubuntu or Alpine image: base-passwd's or alpine-baselayout's, then
 * its own users'. Undefined for other families (they carry their own /etc/passwd, or none).
 */
export function imageAccounts(def: ImageDefinition, family: FileFamily): { files: Record<string, string>; dirs: string[]; meta: Record<string, BaseMeta> } | undefined {
  if (family.k === 'alpine') {
    const own = ALPINE_IMAGE_ACCOUNTS[def.image.repository];
    return {
      files: { '/etc/passwd': ALPINE_PASSWD + (own?.passwd ?? ''), '/etc/group': ALPINE_GROUP + (own?.group ?? '') },
      dirs: own ? [own.home[0]] : [],
      // adduser's chmod 02755 of the home it made (setgid, after the chown).
      meta: own ? { [own.home[0]]: { uid: own.home[1], gid: own.home[2], mode: 0o2755 } } : {},
    };
  }
  if (family.k !== 'debian') return undefined;
  const repo = def.image.repository;
  const distro = distroOf(repo, def.tag.version, def.tag.debian, def.tag.alpine);
  const own = IMAGE_ACCOUNTS[repo] ?? (distro?.id === 'ubuntu' && distro.release === '24.04' ? NOBLE_ACCOUNTS : undefined);
  const home = MADE_HOMES[repo] ?? (own === NOBLE_ACCOUNTS ? (['/home/ubuntu', 1000] as const) : undefined);
  return {
    files: { '/etc/passwd': BASE_PASSWD + (own?.passwd ?? ''), '/etc/group': BASE_GROUP + (own?.group ?? '') },
    dirs: home ? [home[0]] : [],
    meta: home ? { [home[0]]: { uid: home[1], gid: home[1] } } : {},
  };
}
