/**
 * kubectl cp's path rules (pkg/cmd/cp/filespec.go): a file spec `[[namespace/]pod:]path`, and the
 * Go `path` functions (Clean, Dir, Base, Join) it applies to both sides — the local side is
 * Linux here, so filepath and path agree.
 */
import { plainError } from '../errors';

export interface FileSpec {
  pod: string;
  namespace: string;
  /** Without a trailing slash (`/` stays `/`); a remote one with `\` turned into `/`. */
  file: string;
}

/** stripTrailingSlash: one trailing slash, never `/` itself. */
export function stripTrailingSlash(file: string): string {
  return file !== '/' && file.endsWith('/') ? file.slice(0, -1) : file;
}

/** newRemotePath: a remote path is Unix whatever the client, so `\` separators become `/`. */
export const remotePath = (file: string): string => stripTrailingSlash(file).replace(/\\/g, '/');

/** stripLeadingSlash: tar strips leading `/` (and `\`), so kubectl does too. */
export const stripLeadingSlash = (file: string): string => file.replace(/^[/\\]+/, '');

/** stripPathShortcuts: leading `../` removed, a leftover `.` or `..` emptied, one leading `/` dropped. */
export function stripPathShortcuts(p: string): string {
  let s = p;
  while (s.startsWith('../')) s = s.slice(3);
  if (s === '.' || s === '..') s = '';
  return s.startsWith('/') ? s.slice(1) : s;
}

const MALFORMED = 'filespec must match the canonical format: [[namespace/]pod:]file/path';

/** extractFileSpec: the first `:` separates a pod from its path; no `:` is a local path. */
export function extractFileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  if (i === 0) throw plainError(MALFORMED);
  if (i < 0) return { pod: '', namespace: '', file: stripTrailingSlash(arg) };
  const pieces = arg.slice(0, i).split('/');
  const file = remotePath(arg.slice(i + 1));
  if (pieces.length === 1) return { pod: pieces[0]!, namespace: '', file };
  if (pieces.length === 2) return { pod: pieces[1]!, namespace: pieces[0]!, file };
  throw plainError(MALFORMED);
}

/** Go's path.Clean. */
export function clean(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') out.push(part);
    else if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (!rooted) out.push('..');
  }
  const s = (rooted ? '/' : '') + out.join('/');
  return s === '' ? '.' : s;
}

/** Go's path.Dir: everything before the last `/`, cleaned. */
export function dir(p: string): string {
  return clean(p.slice(0, p.lastIndexOf('/') + 1));
}

/** Go's path.Base. */
export function base(p: string): string {
  if (p === '') return '.';
  const s = p.replace(/\/+$/, '');
  return s === '' ? '/' : s.slice(s.lastIndexOf('/') + 1);
}

/** Go's path.Join: the non-empty elements joined and cleaned; nothing is `''`. */
export function join(...elems: string[]): string {
  const parts = elems.filter((e) => e !== '');
  return parts.length === 0 ? '' : clean(parts.join('/'));
}

/** isRelative: `target` lies at or under `root` (filepath.Rel without a leading `..`). */
export function inside(root: string, target: string): boolean {
  const r = clean(root);
  const t = clean(target);
  if (r === t) return true;
  if (r === '.') return !t.startsWith('/') && t !== '..' && !t.startsWith('../');
  if (r.startsWith('/') !== t.startsWith('/')) return false;
  return t.startsWith(r === '/' ? '/' : `${r}/`);
}

/** The directories MkdirAll makes for `p`, outermost first (`a/b/c` → a, a/b, a/b/c). */
export function ancestry(p: string): string[] {
  const c = clean(p);
  const parts = c.split('/');
  const out: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (prefix !== '' && prefix !== '.') out.push(prefix);
  }
  return out;
}
