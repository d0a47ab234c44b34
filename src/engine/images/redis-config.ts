/**
 * redis-server's configuration as it reads it (src/config.c loadServerConfig, 7.4.1): a config
 * file when the first argument is not an option (`redis-server /redis-master/redis.conf`, a
 * ConfigMap), then `--name value…` options appended to it. The docker image runs the bare program
 * — no file: save points `3600 1 300 100 60 10000`, appendonly no, dir the working directory
 * (/data). Directives are `name arg…` lines split as sdssplitargs splits them; a later one wins,
 * and the first `save` replaces the defaults (`save ""` clears them).
 *
 * Approximate: directives the simulation does not act on are kept for CONFIG GET without being
 * checked (a real server refuses an unknown one: `Bad directive or wrong number of arguments`),
 * and `include` is not followed.
 */
import { own, setOwn } from '../../k8s/own';

export interface RedisConfig {
  port: number;
  requirepass?: string;
  /** Save points `[seconds, changes]`. */
  save: [number, number][];
  appendonly: boolean;
  dir: string;
  dbfilename: string;
  databases: number;
  /** The config file's absolute path (INFO's config_file), when it was started with one. */
  file?: string;
  /** Every directive as given, lowercased name → its arguments joined (CONFIG GET of the rest). */
  given: Record<string, string>;
}

export const DEFAULT_SAVE: [number, number][] = [[3600, 1], [300, 100], [60, 10000]];

/** memtoull: `2mb` → 2097152, `1gb`, `100k` (1000s), bare bytes. */
export function memToBytes(v: string): number | undefined {
  const m = /^(\d+)(k|kb|m|mb|g|gb)?$/i.exec(v.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? '').toLowerCase();
  const mul = unit === 'k' ? 1e3 : unit === 'kb' ? 1024 : unit === 'm' ? 1e6 : unit === 'mb' ? 1024 ** 2 : unit === 'g' ? 1e9 : unit === 'gb' ? 1024 ** 3 : 1;
  return Number(m[1]) * mul;
}

export type RedisConfigResult = { ok: true; config: RedisConfig } | { ok: false; error: string };

const abs = (path: string, cwd: string): string => (path.startsWith('/') ? path : `${cwd.replace(/\/$/, '')}/${path}`);

/** `read`: the container's files (the config file); without it a file argument is ignored. */
export function redisConfig(argv: readonly string[], cwd: string, read?: (path: string) => string | undefined): RedisConfigResult {
  const c: RedisConfig = { port: 6379, save: DEFAULT_SAVE, appendonly: false, dir: cwd, dbfilename: 'dump.rdb', databases: 16, given: {} };
  const directives: string[][] = [];
  let i = 1;
  const first = argv[1];
  if (first !== undefined && !first.startsWith('-')) {
    i = 2;
    const path = abs(first, cwd);
    const text = read?.(path);
    if (read && text === undefined) return { ok: false, error: `Fatal error, can't open config file '${path}': No such file or directory` };
    c.file = path;
    for (const line of (text ?? '').split('\n')) {
      const words = line.trim().startsWith('#') ? [] : splitArgs(line.trim());
      if (words && words.length > 0) directives.push(words);
    }
  }
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const words = [a.slice(2)];
    while (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) words.push(argv[++i]!);
    directives.push(words);
  }
  let saves: [number, number][] | undefined;
  for (const [rawName = '', ...args] of directives) {
    const name = rawName.toLowerCase();
    const v = args.join(' ');
    switch (name) {
      case 'port':
        c.port = Number(v) || 6379;
        break;
      case 'requirepass':
        if (v === '') delete c.requirepass;
        else c.requirepass = v;
        break;
      case 'save': {
        saves ??= [];
        const words = v.split(/\s+/).filter(Boolean);
        if (words.length === 0) saves.length = 0;
        for (let k = 0; k + 1 < words.length; k += 2) saves.push([Number(words[k]), Number(words[k + 1])]);
        break;
      }
      case 'appendonly':
        c.appendonly = v.toLowerCase() === 'yes';
        break;
      case 'dir':
        c.dir = abs(v, cwd).replace(/(.)\/+$/, '$1');
        break;
      case 'dbfilename':
        c.dbfilename = v;
        break;
      case 'databases':
        c.databases = Number(v) || 16;
        break;
      default:
        break;
    }
    setOwn(c.given, name, name === 'maxmemory' ? String(memToBytes(v) ?? v) : v);
  }
  if (saves) c.save = saves;
  return { ok: true, config: c };
}

/** A directive's value as given, if it was. */
export const givenParam = (c: RedisConfig, name: string): string | undefined => own(c.given, name) as string | undefined;

/** sdssplitargs: words split on blanks, `"…"` with C escapes and `'…'` literal. Undefined: unbalanced quotes. */
export function splitArgs(line: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) return out;
    let cur = '';
    let inq = false;
    let insq = false;
    for (;;) {
      const c = line[i];
      if (inq) {
        if (c === undefined) return undefined;
        if (c === '\\' && /^x[0-9a-fA-F]{2}/.test(line.slice(i + 1, i + 4))) {
          cur += String.fromCharCode(Number.parseInt(line.slice(i + 2, i + 4), 16));
          i += 3;
        } else if (c === '\\' && i + 1 < line.length) {
          const n = line[++i]!;
          cur += n === 'n' ? '\n' : n === 'r' ? '\r' : n === 't' ? '\t' : n === 'b' ? '\b' : n === 'a' ? '\x07' : n;
        } else if (c === '"') {
          // The closing quote must end the word.
          if (i + 1 < line.length && !/\s/.test(line[i + 1]!)) return undefined;
          i++;
          break;
        } else cur += c;
      } else if (insq) {
        if (c === undefined) return undefined;
        if (c === '\\' && line[i + 1] === "'") {
          cur += "'";
          i++;
        } else if (c === "'") {
          if (i + 1 < line.length && !/\s/.test(line[i + 1]!)) return undefined;
          i++;
          break;
        } else cur += c;
      } else if (c === undefined || /\s/.test(c)) break;
      else if (c === '"') inq = true;
      else if (c === "'") insq = true;
      else cur += c;
      i++;
    }
    out.push(cur);
  }
}
