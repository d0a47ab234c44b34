/**
 * The official language images — python, node, golang, ruby — as their Dockerfiles build them, tag by
 * tag, from docker-library/official-images at 11d93407dc (2025-10-07, the snapshot nginx's tags
 * come from):
 * - library/python (docker-library/python e7f6a1c7 for 3.14, 66869166 for 3.13, 093598a0 for
 *   3.12 down to 3.9): 3.14.0 is `3`/`latest`; every default tag is `FROM buildpack-deps:trixie`,
 *   `-slim` is `debian:trixie-slim`, `-bookworm`/`-slim-bookworm` Debian 12, `-alpine` 3.22.
 * - library/node (nodejs/docker-node 212028f3 for 24, 693bac3a for 22, 16ff3548 for 20): 24.9.0
 *   is `current`/`latest`, 22.20.0 `lts`/`jod`, 20.19.5 `iron`; the default and `-slim` tags are
 *   still Debian 12 (`buildpack-deps:bookworm`, `debian:bookworm-slim`), `-trixie` opts in.
 * - library/golang (docker-library/golang 65a36abb for 1.25, 1538c199 for 1.24): 1.25.2 is
 *   `1`/`latest`, default `FROM buildpack-deps:trixie-scm` plus gcc, g++, make; no -slim variant.
 * - library/ruby (docker-library/ruby 333f3821 for 3.4, 26c507ee for 3.3 and 3.2): 3.4.6 is
 *   `3`/`latest`, on buildpack-deps:trixie like python, with the same -slim and -alpine variants.
 * The variants' userlands (buildpack-deps' curl and scm layers): the default tags have curl (the
 * release's, curl-builds.ts), GNU wget, git, gcc, make and procps; `-slim` has debian-slim's
 * userland with the runtime alone (node's slim purges the curl and wget it fetched with);
 * `-alpine` is BusyBox (its wget), no bash. The ENV each Dockerfile sets is the tag's `env`.
 * What runs is lang-tools.ts's: the version commands; the interpreters are not modelled.
 * Approximate: sizes (derived-size.ts, within each variant's usual range); an older release tag
 * of a line (`3.12.4`, `22.10.0`) behaves as the line's listed release but reports its own version
 * (pip and npm the line's), and has no PYTHON_SHA256; an older minor's tag (`node:22.10`) is not
 * found (but an end-of-life line's tags exist: `older`, with no release files, and their
 * version commands say they are not simulated unless the tag names a full release); Debian 11
 * (`-bullseye`) tags have no release files and Debian 12's curl
 * (debian-release.ts has no row for it), nor do `-alpine3.21` tags (os-release.ts records 3.22.1
 * for `-alpine`/`-alpine3.22`); python's links (python → python3 → python3.12) are separate files.
 */
import type { Binary, CatalogImage, DebianCodename, TagInfo, Userland } from './catalog-types';
import { sizesFromName } from './derived-size';

type Variant = 'default' | 'slim' | 'alpine';

interface Flavour {
  variant: Variant;
  /** The Debian release (default and slim variants). */
  debian?: DebianCodename;
  /** The Alpine release whose files os-release.ts records (3.22.1); unset for 3.21, which it does not. */
  alpine?: string;
}

/** One release line: its newest release in the snapshot and the names that point at it. */
interface Line {
  version: string;
  /** Tags besides the version's own prefixes that name this line (`latest`, `lts`, `jod` …). */
  names: readonly string[];
  /** The Dockerfile's ENV beyond the version (GPG_KEY, PYTHON_SHA256 …), in its order. */
  env?: Record<string, string>;
}

interface LangSpec {
  repository: string;
  about: string;
  lines: readonly Line[];
  /** How many leading numbers name a line: python's and golang's are minors (3.12), node's majors (22). */
  series: 1 | 2;
  /**
   * Versions of end-of-life lines whose tags the registry still serves: they exist, on the
   * variant their suffix names, with no release files and no version their programs could print.
   */
  older: RegExp;
  /** Tag suffix (after the version and a dash, or alone) → variant and release. `''` is the default. */
  suffixes: Readonly<Record<string, Flavour>>;
  /** Compressed size range in MiB per variant. */
  sizes: Readonly<Record<Variant, readonly [number, number] | undefined>>;
  env: (version: string, line: Line, flavour: Flavour) => Record<string, string>;
  image: (flavour: Flavour, version: string) => Pick<CatalogImage, 'userland' | 'binaries' | 'entrypoint' | 'cmd'> & Partial<Pick<CatalogImage, 'workingDir'>>;
  /** Directories every tag's Dockerfile makes, and their modes. */
  tree?: Pick<CatalogImage, 'dirs' | 'meta'>;
}

const DEBIAN_FULL: Userland = { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt', procps: true };
const DEBIAN_SLIM: Userland = { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt' };
const ALPINE: Userland = { shell: 'ash', tools: 'busybox', bash: false, libc: 'musl', net: { telnet: false }, pkg: 'apk' };
const USERLANDS: Record<Variant, Userland> = { default: DEBIAN_FULL, slim: DEBIAN_SLIM, alpine: ALPINE };

const program = (p: Extract<Binary, { kind: 'program' }>['program']): Binary => ({ kind: 'program', program: p });
const NOT_SIMULATED = program('not-simulated');

/** buildpack-deps' curl layer (curl, wget, gnupg), its scm layer (git, ssh, procps …) and the compilers python's and golang's Dockerfiles use. */
const BUILDPACK_DEPS: Record<string, Binary> = {
  '/usr/bin/curl': program('curl'),
  '/usr/bin/wget': NOT_SIMULATED,
  '/usr/bin/gpg': NOT_SIMULATED,
  '/usr/bin/git': NOT_SIMULATED,
  '/usr/bin/ssh': NOT_SIMULATED,
  '/usr/bin/svn': NOT_SIMULATED,
  '/usr/bin/hg': NOT_SIMULATED,
  '/usr/bin/gcc': NOT_SIMULATED,
  '/usr/bin/g++': NOT_SIMULATED,
  '/usr/bin/make': NOT_SIMULATED,
};

const withBuildpack = (flavour: Flavour, own: Record<string, Binary>): Record<string, Binary> => (flavour.variant === 'default' ? { ...BUILDPACK_DEPS, ...own } : own);
const minorOf = (v: string): string => /^(\d+\.\d+)/.exec(v)?.[1] ?? v;
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

// ---------------------------------------------------------------------------------------------
// python
// ---------------------------------------------------------------------------------------------

/** The Dockerfiles' ENV per line (GPG_KEY until 3.13; 3.14 is verified with sigstore). */
/** The tag suffixes docker-library's python and ruby both publish: trixie by default, bookworm, slim, alpine. */
const DOCKER_LIBRARY_SUFFIXES: Readonly<Record<string, Flavour>> = {
  '': { variant: 'default', debian: 'trixie' },
  trixie: { variant: 'default', debian: 'trixie' },
  bookworm: { variant: 'default', debian: 'bookworm' },
  slim: { variant: 'slim', debian: 'trixie' },
  'slim-trixie': { variant: 'slim', debian: 'trixie' },
  'slim-bookworm': { variant: 'slim', debian: 'bookworm' },
  alpine: { variant: 'alpine', alpine: '3.22' },
  'alpine3.22': { variant: 'alpine', alpine: '3.22' },
  'alpine3.21': { variant: 'alpine' },
};

const PYTHON_LINES: readonly Line[] = [
  { version: '3.14.0', names: ['3', 'latest'], env: { PYTHON_SHA256: '2299dae542d395ce3883aca00d3c910307cd68e0b2f7336098c8e7b7eee9f3e9' } },
  { version: '3.13.8', names: [], env: { GPG_KEY: '7169605F62C751356D054A26A821E680E5FA6305', PYTHON_SHA256: 'b9910730526b298299b46b35595ced9055722df60c06ad6301f6a4e2c728a252' } },
  { version: '3.12.11', names: [], env: { GPG_KEY: '7169605F62C751356D054A26A821E680E5FA6305', PYTHON_SHA256: 'c30bb24b7f1e9a19b11b55a546434f74e739bb4c271a3e3a80ff4380d49f7adb' } },
  { version: '3.11.13', names: [], env: { GPG_KEY: 'A035C8C19219BA821ECEA86B64E628F8D684696D', PYTHON_SHA256: '8fb5f9fbc7609fa822cb31549884575db7fd9657cbffb89510b5d7975963a83a' } },
  { version: '3.10.18', names: [], env: { GPG_KEY: 'A035C8C19219BA821ECEA86B64E628F8D684696D', PYTHON_SHA256: 'ae665bc678abd9ab6a6e1573d2481625a53719bc517e9a634ed2b9fefae3817f' } },
  { version: '3.9.23', names: [], env: { GPG_KEY: 'E3FF2839C048B25C084DEBE9B26995E310250568', PYTHON_SHA256: '61a42919e13d539f7673cf11d1c404380e28e540510860b9d242196e165709c9' } },
];

const PYTHON: LangSpec = {
  repository: 'docker.io/library/python',
  about: 'CPython on Debian (buildpack-deps: curl, wget, git, gcc), -slim, -alpine; `python3 --version`, `pip --version`, `python3 -m http.server`.',
  lines: PYTHON_LINES,
  series: 2,
  older: /^3\.[0-8](\.\d+)?$|^2\.7(\.\d+)?$/,
  suffixes: DOCKER_LIBRARY_SUFFIXES,
  sizes: { default: [385, 430], slim: [40, 48], alpine: [16, 20] },
  // `ENV PATH /usr/local/bin:$PATH` over the base's PATH; LANG C.UTF-8 until 3.12 (3.13 dropped it).
  env: (version, line) => {
    const env: Record<string, string> = { PATH: `/usr/local/bin:${DEFAULT_PATH}` };
    if (Number(minorOf(version).split('.')[1]) <= 12) env.LANG = 'C.UTF-8';
    const { GPG_KEY, PYTHON_SHA256 } = line.env ?? {};
    if (GPG_KEY !== undefined) env.GPG_KEY = GPG_KEY;
    env.PYTHON_VERSION = version;
    if (PYTHON_SHA256 !== undefined && version === line.version) env.PYTHON_SHA256 = PYTHON_SHA256;
    return env;
  },
  image: (flavour, version) => {
    const minor = minorOf(version);
    const python = program('python3');
    const pip = program('pip');
    // `make install` and the Dockerfile's `ln -svT` loop: python3.N, python3, python; pip3.N, pip3, pip.
    const own: Record<string, Binary> = {
      [`/usr/local/bin/python${minor}`]: python,
      '/usr/local/bin/python3': python,
      '/usr/local/bin/python': python,
      [`/usr/local/bin/pip${minor}`]: pip,
      '/usr/local/bin/pip3': pip,
      '/usr/local/bin/pip': pip,
    };
    return { userland: USERLANDS[flavour.variant], binaries: withBuildpack(flavour, own), entrypoint: [], cmd: ['python3'] };
  },
};

// ---------------------------------------------------------------------------------------------
// node
// ---------------------------------------------------------------------------------------------

/** docker-entrypoint.sh: `node` goes first when the first argument is an option (or no command: not modelled). */
const NODE_ENTRYPOINT: Binary = { kind: 'entrypoint', announceFor: [], lines: [], prependIfFlag: 'node' };

const NODE: LangSpec = {
  repository: 'docker.io/library/node',
  about: 'Node.js with npm and yarn on Debian 12 (buildpack-deps), -slim, -alpine; `node --version`, `npm --version`.',
  lines: [
    { version: '24.9.0', names: ['current', 'latest'] },
    { version: '22.20.0', names: ['lts', 'jod'] },
    { version: '20.19.5', names: ['iron'] },
  ],
  series: 1,
  older: /^(1[0-9]|2[13]|[4-9])(\.\d+){0,2}$/,
  suffixes: {
    '': { variant: 'default', debian: 'bookworm' },
    bookworm: { variant: 'default', debian: 'bookworm' },
    trixie: { variant: 'default', debian: 'trixie' },
    bullseye: { variant: 'default' },
    slim: { variant: 'slim', debian: 'bookworm' },
    'bookworm-slim': { variant: 'slim', debian: 'bookworm' },
    'trixie-slim': { variant: 'slim', debian: 'trixie' },
    'bullseye-slim': { variant: 'slim' },
    alpine: { variant: 'alpine', alpine: '3.22' },
    'alpine3.22': { variant: 'alpine', alpine: '3.22' },
    'alpine3.21': { variant: 'alpine' },
  },
  sizes: { default: [385, 420], slim: [68, 80], alpine: [48, 58] },
  env: (version) => ({ NODE_VERSION: version, YARN_VERSION: '1.22.22' }),
  image: (flavour) => {
    const node = program('node');
    const npm = program('npm');
    const own: Record<string, Binary> = {
      '/usr/local/bin/docker-entrypoint.sh': NODE_ENTRYPOINT,
      '/usr/local/bin/node': node,
      '/usr/local/bin/nodejs': node,
      '/usr/local/bin/npm': npm,
      '/usr/local/bin/npx': npm,
      '/usr/local/bin/yarn': npm,
      '/usr/local/bin/yarnpkg': npm,
    };
    return { userland: USERLANDS[flavour.variant], binaries: withBuildpack(flavour, own), entrypoint: ['docker-entrypoint.sh'], cmd: ['node'] };
  },
};

// ---------------------------------------------------------------------------------------------
// golang
// ---------------------------------------------------------------------------------------------

const GOLANG: LangSpec = {
  repository: 'docker.io/library/golang',
  about: 'The Go toolchain in /usr/local/go on Debian 13 (buildpack-deps:trixie-scm, gcc, make), -alpine; `go version`; WORKDIR /go.',
  lines: [
    { version: '1.25.2', names: ['1', 'latest'] },
    { version: '1.24.8', names: [] },
  ],
  series: 2,
  older: /^1\.(1\d|2[0-3])(\.\d+)?$/,
  suffixes: {
    '': { variant: 'default', debian: 'trixie' },
    trixie: { variant: 'default', debian: 'trixie' },
    bookworm: { variant: 'default', debian: 'bookworm' },
    alpine: { variant: 'alpine', alpine: '3.22' },
    'alpine3.22': { variant: 'alpine', alpine: '3.22' },
    'alpine3.21': { variant: 'alpine' },
  },
  sizes: { default: [285, 320], slim: undefined, alpine: [78, 92] },
  // Dockerfile order: GOLANG_VERSION, GOTOOLCHAIN=local, GOPATH /go, PATH $GOPATH/bin:/usr/local/go/bin:$PATH.
  env: (version) => ({ GOLANG_VERSION: version, GOTOOLCHAIN: 'local', GOPATH: '/go', PATH: `/go/bin:/usr/local/go/bin:${DEFAULT_PATH}` }),
  image: (flavour) => ({
    userland: USERLANDS[flavour.variant],
    binaries: withBuildpack(flavour, { '/usr/local/go/bin/go': program('go'), '/usr/local/go/bin/gofmt': NOT_SIMULATED }),
    entrypoint: [],
    // No CMD of its own: the base's (debian's `bash`, alpine's `/bin/sh`).
    cmd: flavour.variant === 'alpine' ? ['/bin/sh'] : ['bash'],
    workingDir: '/go',
  }),
  // `RUN mkdir -p "$GOPATH/src" "$GOPATH/bin" && chmod -R 1777 "$GOPATH"`.
  tree: { dirs: ['/go/src', '/go/bin'], meta: { '/go': { mode: 0o1777 }, '/go/src': { mode: 0o1777 }, '/go/bin': { mode: 0o1777 } } },
};

// ---------------------------------------------------------------------------------------------
// ruby
// ---------------------------------------------------------------------------------------------

/** irb with no TTY reads end of file and exits 0 at once (the image's CMD): the REPL is not modelled. */
const IRB: Binary = { kind: 'app', behaviour: { kind: 'job', durationMs: 40, exitCode: 0, output: [], memoryBytes: 20 * 1024 * 1024 } };

const RUBY: LangSpec = {
  repository: 'docker.io/library/ruby',
  about: 'Ruby on Debian 13 (buildpack-deps), -slim, -alpine; `ruby --version`; CMD irb (exits at once without a TTY).',
  lines: [
    { version: '3.4.6', names: ['3', 'latest'], env: { RUBY_DOWNLOAD_SHA256: '804995bc22938aa475127000d3103cb133409ad3955edfc0e7412be66a4859b8' } },
    { version: '3.3.9', names: [], env: { RUBY_DOWNLOAD_SHA256: '2b24a2180a2f7f63c099851a1d01e6928cf56d515d136a91bd2075423a7a76bb' } },
    { version: '3.2.9', names: [], env: { RUBY_DOWNLOAD_SHA256: 'cf6699d0084c588e7944d92e1a8edda28b1cc3ee471a1f0aebb4b3d32c9753b2' } },
  ],
  series: 2,
  older: /^(2\.\d|3\.[01])(\.\d+)?$/,
  suffixes: DOCKER_LIBRARY_SUFFIXES,
  sizes: { default: [380, 420], slim: [68, 78], alpine: [38, 46] },
  // Dockerfile order: LANG, RUBY_VERSION, RUBY_DOWNLOAD_URL, RUBY_DOWNLOAD_SHA256, GEM_HOME,
  // BUNDLE_SILENCE_ROOT_WARNING, BUNDLE_APP_CONFIG, PATH $GEM_HOME/bin:$PATH.
  env: (version, line) => {
    const env: Record<string, string> = { PATH: `/usr/local/bundle/bin:${DEFAULT_PATH}`, LANG: 'C.UTF-8', RUBY_VERSION: version };
    env.RUBY_DOWNLOAD_URL = `https://cache.ruby-lang.org/pub/ruby/${minorOf(version)}/ruby-${version}.tar.xz`;
    const sha = line.env?.RUBY_DOWNLOAD_SHA256;
    if (sha !== undefined && version === line.version) env.RUBY_DOWNLOAD_SHA256 = sha;
    return { ...env, GEM_HOME: '/usr/local/bundle', BUNDLE_SILENCE_ROOT_WARNING: '1', BUNDLE_APP_CONFIG: '/usr/local/bundle' };
  },
  image: (flavour) => {
    const own: Record<string, Binary> = {
      '/usr/local/bin/ruby': program('ruby'),
      '/usr/local/bin/irb': IRB,
      '/usr/local/bin/gem': NOT_SIMULATED,
      '/usr/local/bin/bundle': NOT_SIMULATED,
      '/usr/local/bin/bundler': NOT_SIMULATED,
      '/usr/local/bin/rake': NOT_SIMULATED,
      '/usr/local/bin/erb': NOT_SIMULATED,
    };
    return { userland: USERLANDS[flavour.variant], binaries: withBuildpack(flavour, own), entrypoint: [], cmd: ['irb'] };
  },
  // `mkdir "$GEM_HOME" && chmod 1777 "$GEM_HOME"`.
  tree: { dirs: ['/usr/local/bundle'], meta: { '/usr/local/bundle': { mode: 0o1777 } } },
};

// ---------------------------------------------------------------------------------------------
// Tags from their names
// ---------------------------------------------------------------------------------------------

/** `a.b.c` ≤ `x.y.z`, numerically. */
function notNewer(v: string, than: string): boolean {
  const a = v.split('.').map(Number);
  const b = than.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return true;
}

/**
 * The line and version a tag's version part names: the line's release or a prefix of it
 * (`3.12.11`, `3.12`, `3`: the newest 3.x; node `22.20`, `22`), or an older full release of the
 * line (`3.12.4`; node's lines are majors, so `22.10.0`).
 */
function lineFor(spec: LangSpec, v: string): { line: Line; version: string } | undefined {
  const parts = v.split('.');
  for (const line of spec.lines) {
    const lp = line.version.split('.');
    if (parts.length < 3) {
      if (parts.every((p, i) => p === lp[i])) return { line, version: line.version };
    } else if (parts.slice(0, spec.series).every((p, i) => p === lp[i]) && notNewer(v, line.version)) return { line, version: v };
  }
  return undefined;
}

function tagFor(spec: LangSpec, name: string): TagInfo | undefined {
  const m = /^(\d+(?:\.\d+){0,2})(?:-(.+))?$/.exec(name);
  let found: { line: Line; version: string } | undefined;
  let suffix: string;
  let frozen = false;
  if (m) {
    found = lineFor(spec, m[1]!);
    suffix = m[2] ?? '';
    if (!found && spec.older.test(m[1]!)) {
      // An end-of-life line the registry still serves (python:3.8, node:18-alpine, golang:1.21).
      [found, frozen] = [{ line: { version: m[1]!, names: [] }, version: m[1]! }, true];
    }
  } else {
    // `latest`; a line's name (`lts`, `jod-slim`); a variant alone (`slim`, `alpine3.22`) is the newest line's.
    const dash = name.indexOf('-');
    const word = dash < 0 ? name : name.slice(0, dash);
    const named = word === 'latest' ? undefined : spec.lines.find((l) => l.names.includes(word));
    const line = named ?? spec.lines[0]!;
    found = { line, version: line.version };
    if (name === 'latest') suffix = '';
    else if (named) {
      if (dash === name.length - 1) return undefined;
      suffix = dash < 0 ? '' : name.slice(dash + 1);
    } else if (name === '') return undefined;
    else suffix = name;
  }
  const known = Object.hasOwn(spec.suffixes, suffix) ? spec.suffixes[suffix] : undefined;
  // A frozen line's Debian and Alpine releases are not recorded: its tags carry no release files.
  const flavour = frozen ? frozenFlavour(known, suffix) : known;
  const range = flavour ? spec.sizes[flavour.variant] : undefined;
  if (!found || !flavour || !range) return undefined;
  const { line, version } = found;
  const env = spec.env(version, line, flavour);
  // Its ENV's version is the full release, which a `3.8` tag does not say: left out.
  if (frozen && !/^\d+\.\d+\.\d+$/.test(version)) for (const [k, v] of Object.entries(env)) if (v === version) delete env[k];
  // Aliases of one build (`alpine`, `alpine3.22`) share its size, hence its digest.
  const key = `${spec.repository}:${minorOf(version)}-${flavour.variant}-${flavour.debian ?? flavour.alpine ?? suffix}`;
  const image = spec.image(flavour, version);
  return {
    ...sizesFromName(key, range[0], range[1]),
    version,
    ...(flavour.debian !== undefined ? { debian: flavour.debian } : {}),
    ...(flavour.alpine !== undefined ? { alpine: flavour.alpine } : {}),
    env,
    variant: image,
  };
}

/** The variant of a frozen line's tag suffix: its own, or Debian 11/10's (`-bullseye`, `-slim-buster`). */
function frozenFlavour(known: Flavour | undefined, suffix: string): Flavour | undefined {
  if (known) return { variant: known.variant };
  if (/^(bullseye|buster)$/.test(suffix)) return { variant: 'default' };
  if (/^(slim-(bullseye|buster)|(bullseye|buster)-slim)$/.test(suffix)) return { variant: 'slim' };
  if (/^alpine3\.(1\d|20)$/.test(suffix)) return { variant: 'alpine' };
  return undefined;
}

function languageImage(spec: LangSpec): CatalogImage {
  const latest = tagFor(spec, 'latest')!;
  const tags: Record<string, TagInfo> = { latest };
  for (const line of spec.lines) tags[line.version] = tagFor(spec, line.version)!;
  const base = spec.image({ variant: 'default' }, latest.version!);
  return {
    repository: spec.repository,
    about: spec.about,
    tags,
    tagOf: (name) => tagFor(spec, name),
    ...base,
    ...(spec.tree ?? {}),
    ...(latest.env ? { env: latest.env } : {}),
  };
}

export const LANGUAGE_IMAGES: readonly CatalogImage[] = [languageImage(PYTHON), languageImage(NODE), languageImage(GOLANG), languageImage(RUBY)];
