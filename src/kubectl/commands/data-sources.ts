/**
 * Where `create configmap` and `create secret generic` get their keys (kubectl's util
 * ParseLiteralSource / ParseFileSource, cmdutil.AddFromEnvFile), and `--append-hash`
 * (kubectl/pkg/util/hash). Each generator validates a key with its own message, so the sources
 * hand every key and value to the generator's `add`.
 */
import { envVarNameError } from '../env-var-name';
import { plainError } from '../errors';
import type { FileSource } from '../types';
import { toJsonCompact } from '../../k8s/printers/json';
import { sha256Hex } from '../../k8s/sha256';

export type AddKey = (key: string, value: string) => void;

/** ParseLiteralSource: split at the first `=`; a leading `=` or none is refused. */
export function addLiterals(sources: readonly string[], add: AddKey): void {
  for (const src of sources) {
    const i = src.indexOf('=');
    if (i <= 0) throw plainError(`invalid literal source ${src}, expected key=value`);
    add(src.slice(0, i), src.slice(i + 1));
  }
}

/** ParseFileSource, then the file, or each regular file of a directory under its base name. */
export function addFiles(files: FileSource, sources: readonly string[], add: AddKey): void {
  for (const src of sources) {
    const eq = (src.match(/=/g) ?? []).length;
    if (eq === 1 && src.startsWith('=')) throw plainError(`key name for file path ${src.slice(1)} missing`);
    if (eq === 1 && src.endsWith('=')) throw plainError(`file path for key name ${src.slice(0, -1)} missing`);
    if (eq > 1) throw plainError("key names or file paths cannot contain '='");
    const [key, path] = eq === 1 ? (src.split('=') as [string, string]) : [src.replace(/\/+$/, '').split('/').pop()!, src];
    const content = files.readFile(path);
    if (content !== undefined) {
      add(key, content);
      continue;
    }
    const listed = files.listDir(path);
    if (!listed) throw plainError(`error reading ${path}: no such file or directory`);
    if (eq === 1) throw plainError('cannot give a key name for a directory path');
    for (const file of listed) {
      const body = files.readFile(file);
      if (body !== undefined) add(file.split('/').pop()!, body);
    }
  }
}

/**
 * AddFromEnvFile: `KEY=value` lines (bufio's lines: a trailing CR dropped; a BOM trimmed from the
 * first); blank lines and `#` comments skipped; a bare `KEY` takes kubectl's own environment
 * variable, which is unset here, so its value is empty.
 */
export function addEnvFiles(files: FileSource, sources: readonly string[], add: AddKey, what: 'config' | 'secret'): void {
  for (const path of sources) {
    const content = files.readFile(path);
    if (content === undefined) {
      if (files.listDir(path)) throw plainError(`env ${what} file cannot be a directory`);
      throw plainError(`error reading ${path}: no such file or directory`);
    }
    const lines = content.split('\n');
    if (lines.at(-1) === '') lines.pop();
    lines.forEach((raw, n) => {
      const line = (n === 0 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '').trimStart();
      if (line === '' || line.startsWith('#')) return;
      const i = line.indexOf('=');
      const key = i < 0 ? line : line.slice(0, i);
      const bad = envVarNameError(key);
      if (bad) throw plainError(`"${key}" is not a valid key name: ${bad}`);
      add(key, i < 0 ? '' : line.slice(i + 1));
    });
  }
}

/**
 * encodeHash(hash(…)): the first ten hex digits of the SHA-256 of `fields` as Go's json.Marshal
 * writes a map (keys sorted), with 0 1 3 a e mapped to g h k m t so that no word can form.
 */
export function contentHash(fields: Record<string, unknown>): string {
  const map: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...sha256Hex(toJsonCompact(fields)).slice(0, 10)].map((c) => map[c] ?? c).join('');
}
