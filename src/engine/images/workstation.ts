/**
 * The learner's own machine behind the terminal's `$ ` prompt: a home directory whose files are
 * the page's example manifests (or the runner's real disk) under a writable layer, so the common
 * workflow `kubectl create deployment web --image=nginx --dry-run=client -o yaml > web.yaml`,
 * `cat web.yaml`, `kubectl apply -f web.yaml` works as on a laptop. The commands are the
 * containers' own implementations (GNU coreutils under bash, LANG=en_US.UTF-8, as
 * text-filters.ts), run on this filesystem instead of a read-only root.
 *
 * Invariants: a workstation is plain data outside the World (never in a snapshot, never touched
 * by the simulation), so a session rebuilds it by replaying its command log; nothing is ever
 * written to the base (a runner's real disk stays untouched).
 */
import { listDir, makeDir, newLayer, normalizePath, remove, stat, writeFile, type BaseFs, type FsLayer, type Stat } from './fs';
import { FILE_TOOLS } from './tools-files';
import { TEXT_TOOLS } from './tools-text';
import { TOOLS } from './tools';
import { jq } from './tools-jq';
import { openssl } from './tools-openssl';
import { netTool, type Net } from './net-tools';
import type { Tool, ToolEnv } from './tool-types';

/** The filters a pipeline stage reads stdin through (`kubectl get pods | grep web`). */
export const PIPE_FILTERS: readonly string[] = ['awk', 'base64', 'cut', 'grep', 'head', 'jq', 'sed', 'sort', 'tail', 'tr', 'uniq', 'wc'];

export interface FilterResult {
  stdout: string;
  stderr: string;
  status: number;
  /** Simulated time the command took (curl's wait for an answer); unset: none to speak of. */
  ms?: number;
}

/**
 * How much the written files may hold in all: every line that changes them sends them all to the
 * page, and the transcript keeps a copy per line for forks (a laptop's disk would hold more).
 */
export const WORKSTATION_QUOTA = 4 * 1024 * 1024;

/** The terminal's working directory: relative paths (`web.yaml`) live here. */
export const WORKSTATION_HOME = '/home/learner';

/** What the `$ ` prompt runs besides kubectl and sim: the filters, and the file commands. */
export const WORKSTATION_COMMANDS: readonly string[] = [...PIPE_FILTERS, 'cat', 'cp', 'curl', 'date', 'diff', 'echo', 'ls', 'mkdir', 'mv', 'openssl', 'printf', 'rm', 'seq', 'tar', 'tee', 'touch'].sort();

/** The laptop's name, as its tools print it (`watch`'s header, `hostname`-aware commands). */
export const WORKSTATION_HOSTNAME = 'localhost';

const DEFAULT_VARS: Record<string, string> = { HOME: WORKSTATION_HOME, LANG: 'en_US.UTF-8', PWD: WORKSTATION_HOME };

/** Directories every workstation has, besides the home directory and what the files imply. */
const SYSTEM_DIRS = new Set(['/', '/home', WORKSTATION_HOME, '/tmp', '/dev']);
/** Where a redirection may point besides a file: bash's special files. */
const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

/** Files a session was given: by path relative to the home directory, then a real disk (the runner). */
export interface WorkstationBase {
  files: Readonly<Record<string, string>>;
  fallback?: { readFile(path: string): string | undefined; listDir(path: string): string[] | undefined };
}

function tool(name: string): Tool | undefined {
  if (!WORKSTATION_COMMANDS.includes(name)) return undefined;
  // jq is the laptop's alone: no container image ships it.
  if (name === 'jq') return jq;
  // So is openssl (the certificate flow's keys and requests; tools-openssl.ts).
  if (name === 'openssl') return openssl;
  return TEXT_TOOLS[name] ?? FILE_TOOLS[name] ?? TOOLS.get(name);
}

/** The home-relative key of a full path (`''` for home itself), or undefined outside home. */
function homeKey(full: string): string | undefined {
  if (full === WORKSTATION_HOME) return '';
  return full.startsWith(`${WORKSTATION_HOME}/`) ? full.slice(WORKSTATION_HOME.length + 1) : undefined;
}

/**
 * A file whose content lives elsewhere (the Session's kubeconfig): read afresh each time, so it is
 * never a second copy; undefined while there is none. A write lands in the layer over it, and its
 * owner takes it from there (Workstation.take).
 */
export interface MountedFile {
  read(): string | undefined;
}

function baseFs(b: WorkstationBase, mounts: ReadonlyMap<string, MountedFile>): BaseFs {
  const own = (key: string): string | undefined => (Object.hasOwn(b.files, key) ? b.files[key] : undefined);
  const keys = Object.keys(b.files);
  const mountDirs = (): string[] => [...mounts.keys()].map((m) => m.slice(0, m.lastIndexOf('/')));
  return {
    file: (full) => {
      const mounted = mounts.get(full);
      if (mounted) return mounted.read();
      const key = homeKey(full);
      if (key === '') return undefined;
      return key !== undefined ? (own(key) ?? b.fallback?.readFile(key)) : b.fallback?.readFile(full);
    },
    isDir: (full) => {
      if (SYSTEM_DIRS.has(full) || mountDirs().includes(full)) return true;
      const key = homeKey(full);
      if (key !== undefined && keys.some((k) => k.startsWith(`${key}/`))) return true;
      return b.fallback?.listDir(key ?? full) !== undefined;
    },
    list: (full) => {
      if (full === '/') return ['dev', 'home', 'tmp'];
      if (full === '/home') return ['learner'];
      const key = homeKey(full);
      if (key === undefined) return [];
      const prefix = key === '' ? '' : `${key}/`;
      const mounted = [...mounts.entries()].flatMap(([m, f]) => (f.read() !== undefined ? [homeKey(m) ?? m] : [])).concat(mountDirs().map((d) => homeKey(d) ?? d));
      return [...new Set([...keys, ...mounted].filter((k) => k.startsWith(prefix) && k !== key).map((k) => k.slice(prefix.length).split('/')[0]!))];
    },
  };
}

export type RedirectTarget = { ok: true; write: (text: string) => void } | { ok: false; message: string };

export type ChangeDir = { ok: true; dir: string } | { ok: false; message: string };

export class Workstation {
  private readonly layer: FsLayer;
  private readonly base: BaseFs;
  /** Files whose content lives elsewhere, by full path (mount); a clone has none until its owner mounts them. */
  private readonly mounts = new Map<string, MountedFile>();
  /** The working directory (`cd`): relative paths resolve here. Rebuilt by replaying the log, as the files are. */
  private dir = WORKSTATION_HOME;
  /** bash's process substitutions open now (`<(cmd)`): their paths, /dev/fd/63 first, as bash names them. */
  private readonly pipes: string[] = [];

  constructor(
    private readonly given: WorkstationBase,
    layer: FsLayer = newLayer(),
  ) {
    this.layer = layer;
    this.base = baseFs(given, this.mounts);
  }

  /** Shows `file` at `path` (a full path) under whatever the layer holds there. */
  mount(path: string, file: MountedFile): void {
    this.mounts.set(path, file);
  }

  /**
   * What a line wrote over the mounted file at `path` — new content, or `null` for `rm` — taken
   * out of the layer so the mount shows through again; undefined when nothing was written there.
   */
  take(path: string): string | null | undefined {
    if (!Object.hasOwn(this.layer.files, path)) return undefined;
    const content = this.layer.files[path] ?? null;
    delete this.layer.files[path];
    return content;
  }

  /** An independent copy: what runs in it never touches this one (a fork's terminal). */
  clone(): Workstation {
    const copy = new Workstation(this.given, { files: { ...this.layer.files }, dirs: { ...this.layer.dirs }, version: this.layer.version, ...(this.layer.times ? { times: { ...this.layer.times } } : {}) });
    copy.dir = this.dir;
    return copy;
  }

  get cwd(): string {
    return this.dir;
  }

  /** `cd`: moves the working directory, or says why not as bash's `cd` does. */
  chdir(path: string): ChangeDir {
    const full = this.full(path);
    const s = stat(this.layer, this.base, full);
    if (s.kind === 'none') return { ok: false, message: `${path}: No such file or directory` };
    if (s.kind !== 'dir') return { ok: false, message: `${path}: Not a directory` };
    this.dir = full;
    return { ok: true, dir: full };
  }

  /** What the layer holds now, to go back to if a line overfills it (restore). */
  checkpoint(): FsLayer {
    return { files: { ...this.layer.files }, dirs: { ...this.layer.dirs }, version: this.layer.version };
  }

  /** Undoes every write since `checkpoint`; the version moves on, so readers see a change. */
  restore(saved: FsLayer): void {
    this.layer.files = { ...saved.files };
    this.layer.dirs = { ...saved.dirs };
    this.layer.version++;
  }

  /** Bytes (UTF-16 code units) the written files hold in all. */
  get size(): number {
    let n = 0;
    for (const content of Object.values(this.layer.files)) if (content !== null) n += content.length;
    return n;
  }

  /** Bumped by every write, so a caller can tell whether a line changed any file. */
  get version(): number {
    return this.layer.version;
  }

  private full(path: string): string {
    return normalizePath(path, this.dir);
  }

  /**
   * A `<(cmd)` whose output is `content`: readable at the path answered (/dev/fd/63, then 62 …,
   * recorded: bash 5.2 `echo <(true) <(true)` prints `/dev/fd/63 /dev/fd/62`) until closePipes.
   */
  openPipe(content: string): string {
    const path = `/dev/fd/${63 - this.pipes.length}`;
    if (stat(this.layer, this.base, '/dev/fd').kind !== 'dir') makeDir(this.layer, '/dev/fd');
    writeFile(this.layer, this.base, path, content, false);
    this.pipes.push(path);
    return path;
  }

  /** How many process substitutions are open (closePipes takes it back to that). */
  pipeMark(): number {
    return this.pipes.length;
  }

  /** The command that used them has ended: its `<(…)` paths are gone. */
  closePipes(mark: number): void {
    while (this.pipes.length > mark) remove(this.layer, this.base, this.pipes.pop()!);
  }

  readFile(path: string): string | undefined {
    // /dev/null reads as empty (`kubectl exec -i pod -- cat < /dev/null`).
    if (this.full(path) === '/dev/null') return '';
    const s = stat(this.layer, this.base, this.full(path));
    if (s.kind === 'file') return s.content;
    // The runner's disk, by the path as typed (`../x.yaml` leaves the home directory there).
    return s.kind === 'none' && !path.startsWith('/') ? this.given.fallback?.readFile(this.diskPath(path)) : undefined;
  }

  /** A relative path as the runner's disk knows it: from the home directory, where the runner started. */
  private diskPath(path: string): string {
    const key = homeKey(this.dir);
    return path.startsWith('/') || key === undefined || key === '' ? path : `${key}/${path}`;
  }

  /** The files directly inside a directory as `path/name` (kubectl -f DIR), or undefined if it is none. */
  listDir(path: string): string[] | undefined {
    const full = this.full(path);
    if (stat(this.layer, this.base, full).kind !== 'dir') {
      // The runner's real disk: a directory the base cannot list by name.
      return homeKey(full) === undefined || !this.given.fallback ? undefined : this.given.fallback.listDir(this.diskPath(path));
    }
    const dir = path.replace(/\/+$/, '');
    const names = listDir(this.layer, this.base, full).filter((n) => stat(this.layer, this.base, `${full === '/' ? '' : full}/${n}`).kind === 'file');
    const fromDisk = this.given.fallback?.listDir(this.diskPath(path)) ?? [];
    return [...new Set([...names.map((n) => (dir === '' || dir === '.' ? n : `${dir}/${n}`)), ...fromDisk])].sort();
  }

  /**
   * Opens `path` for a redirection as bash does before the command runs: `>` truncates at once
   * (a failing command leaves the file empty), a missing directory or a directory is bash's error.
   * `when` (simulated ms): the file's mtime from then on, as `ls -l` shows it.
   */
  open(path: string, append: boolean, when?: number): RedirectTarget {
    const full = this.full(path);
    if (full === '/dev/null') return { ok: true, write: () => {} };
    if (DEVICES.has(full)) return { ok: false, message: `bash: ${path}: Permission denied` };
    const s = stat(this.layer, this.base, full);
    if (s.kind === 'dir') return { ok: false, message: `bash: ${path}: Is a directory` };
    const parent = full.slice(0, full.lastIndexOf('/')) || '/';
    if (stat(this.layer, this.base, parent).kind !== 'dir') return { ok: false, message: `bash: ${path}: No such file or directory` };
    if (!append || s.kind === 'none') writeFile(this.layer, this.base, full, '', append, when);
    return { ok: true, write: (text) => writeFile(this.layer, this.base, full, text, true, when) };
  }

  /** What is at `path` (relative to the home directory), for kubectl cp. */
  stat(path: string): Stat {
    const s = stat(this.layer, this.base, this.full(path));
    if (s.kind !== 'none' || path.startsWith('/')) return s;
    const content = this.given.fallback?.readFile(this.diskPath(path));
    return content === undefined ? s : { kind: 'file', content };
  }

  /** The names of a directory's entries, files and directories alike, sorted (the runner's real disk included). */
  entries(path: string): string[] {
    const full = this.full(path);
    const key = homeKey(full);
    const fromDisk = key === undefined ? [] : (this.given.fallback?.listDir(key) ?? []).map((p) => p.slice(p.lastIndexOf('/') + 1));
    const present = fromDisk.filter((n) => stat(this.layer, this.base, `${full === '/' ? '' : full}/${n}`).kind !== 'none');
    return [...new Set([...listDir(this.layer, this.base, full), ...present])].sort();
  }

  /** Whether the learner may create files at `path`: only under the home directory and /tmp, as an unprivileged account. */
  writable(path: string): boolean {
    const full = this.full(path);
    return homeKey(full) !== undefined || full === '/tmp' || full.startsWith('/tmp/');
  }

  /** Makes one directory (its parents are the caller's to make first). */
  makeDir(path: string): void {
    makeDir(this.layer, this.full(path));
  }

  /** Creates or truncates a file with `content`; `when` (simulated ms) is the mtime `ls -l` shows. */
  writeFile(path: string, content: string, when?: number): void {
    writeFile(this.layer, this.base, this.full(path), content, false, when);
  }

  /**
   * Runs one of WORKSTATION_COMMANDS at simulated time `clock` (`ls -l`'s dates) with the shell's
   * environment; undefined for any other name. `terminal`: stdin and stdout are the terminal.
   * `net`: what the laptop's network reaches (the cluster's, Simulation.workstationNet), which
   * curl needs: the same curl as in a Pod's image, on another network.
   */
  run(name: string, args: string[], stdin: string, clock: number, vars: Record<string, string> = DEFAULT_VARS, terminal = false, net?: Net, columns?: number): FilterResult | undefined {
    const t = name === 'curl' ? net && netTool(name, net) : tool(name);
    if (!t) return undefined;
    let stdout = '';
    let stderr = '';
    const env: ToolEnv = {
      io: { stdin, out: (s) => (stdout += s), err: (s) => (stderr += s), terminal },
      vars,
      cwd: this.dir,
      clock,
      fs: this.layer,
      base: this.base,
      flavour: 'coreutils',
      dialect: 'bash',
      shell: 'bash',
      interactive: { line: 1 },
      hostname: WORKSTATION_HOSTNAME,
      ...(terminal && columns !== undefined ? { columns } : {}),
      processes: [],
      version: '',
    };
    const { status, ms } = t(args, env);
    return { stdout, stderr, status, ...(ms ? { ms } : {}) };
  }

  /** The files written here, by the path a learner would type (home-relative when under home). */
  written(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [p, content] of Object.entries(this.layer.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (content === null || stat(this.layer, this.base, p).kind !== 'file') continue;
      out[homeKey(p) ?? p] = content;
    }
    return out;
  }
}
