/**
 * bash's `mapfile`/`readarray` (builtins/mapfile.def), the rules both of its interpreters use (the
 * prompt, src/kubectl, and a container's bash, src/engine/images): options, their errors, and
 * what the input's lines make of the array. Recorded on bash 5.2.15:
 *   printf 'a\nb c\n\nd' | mapfile -t x → ([0]="a" [1]="b c" [2]="" [3]="d"); without -t each
 *   element keeps its newline ($'a\n' …); no NAME is MAPFILE; -n 2 the first two lines, -s 1
 *   skips one; -O 2 writes from index 2 and keeps what the array held (without -O it is emptied
 *   first); -d , splits at commas (only the first character of -d's argument counts; -d '' at
 *   NUL); `<<< ''` is one empty element, no input none.
 *   Errors, in option order (getopt): `mapfile: -x: invalid option` or `mapfile: -n: option
 *   requires an argument` then the usage line (status 2); `x: invalid line count` (-n, -s),
 *   `-1: invalid array origin`, `0: invalid callback quantum`, `x: invalid file descriptor
 *   specification`, `5: invalid file descriptor: Bad file descriptor`, `` `1a': not a valid
 *   identifier ``, `as: not an indexed array` (status 1). readarray says `readarray:`.
 * Approximate: `-C callback` is refused (the callback is not run); `-u` reads only fd 0.
 */
import type { BashArray } from './bash-arrays';
import { getopt, messageOf, type GetoptSpec } from './getopt';

export interface MapfileRequest {
  /** The array: NAME, or MAPFILE. */
  name: string;
  /** The element delimiter (`\0` for `-d ''`). */
  delim: string;
  /** At most this many lines (`-n`; 0: all). */
  count: number;
  /** `-O`: the first index written, the array kept; absent: it is emptied and filled from 0. */
  origin?: number;
  skip: number;
  /** `-t`: each element without its delimiter. */
  trim: boolean;
}

/** A refusal: `message` follows the shell's prefix (`bash: `, `bash: line 1: `); `usage`, when set, is the next line as is. */
export type MapfileParse = { ok: true; request: MapfileRequest } | { ok: false; message: string; usage?: string; status: number };

const NUMBER = /^\s*[-+]?\d+\s*$/;

const SPEC: GetoptSpec = { short: '+d:u:n:O:C:c:s:t' };

/** `mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]`. */
export function parseMapfile(cmd: 'mapfile' | 'readarray', args: readonly string[]): MapfileParse {
  const usage = `${cmd}: usage: ${cmd} [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n`;
  const req: MapfileRequest = { name: 'MAPFILE', delim: '\n', count: 0, skip: 0, trim: false };
  const refuse = (message: string, status = 1): MapfileParse => ({ ok: false, message: `${cmd}: ${message}\n`, status });
  // internal_getopt: clusters (`-tn5`), the argument attached or the next word, `--`, and a stop at the first operand.
  const walked = getopt(args, SPEC, ({ key, value }): MapfileParse | undefined => {
    const arg = value ?? '';
    const n = NUMBER.test(arg) ? Number(arg) : NaN;
    switch (key) {
      case 't':
        req.trim = true;
        return;
      case 'd':
        req.delim = arg === '' ? '\0' : arg[0]!;
        return;
      case 'u':
        if (Number.isNaN(n) || n < 0) return refuse(`${arg}: invalid file descriptor specification`);
        if (n !== 0) return refuse(`${n}: invalid file descriptor: Bad file descriptor`);
        return;
      case 'n':
      case 's':
        if (Number.isNaN(n) || n < 0) return refuse(`${arg}: invalid line count`);
        if (key === 'n') req.count = n;
        else req.skip = n;
        return;
      case 'O':
        if (Number.isNaN(n) || n < 0) return refuse(`${arg}: invalid array origin`);
        req.origin = n;
        return;
      case 'c':
        if (Number.isNaN(n) || n <= 0) return refuse(`${arg}: invalid callback quantum`);
        return;
      case 'C':
        return refuse('-C: callbacks are not run in this simulation', 2);
    }
  });
  if (walked.k === 'error') return { ok: false, message: `${cmd}: ${messageOf('bash', walked.error)}\n`, usage, status: 2 };
  if (walked.k === 'stopped') return walked.value;
  const name = walked.operands[0];
  if (name !== undefined) {
    if (name === '') return { ok: false, message: `${cmd}: empty array variable name\n`, usage, status: 2 };
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return refuse(`\`${name}': not a valid identifier`);
    req.name = name;
  }
  return { ok: true, request: req };
}

/** The input's elements as mapfile reads them, and how much of the input that took (the rest stays unread). */
export function mapfileRead(input: string, req: MapfileRequest): { elements: string[]; consumed: number } {
  const elements: string[] = [];
  let at = 0;
  let line = 0;
  while (at < input.length && (req.count === 0 || elements.length < req.count)) {
    const end = input.indexOf(req.delim, at);
    const next = end < 0 ? input.length : end + 1;
    if (line++ >= req.skip) elements.push(req.trim && end >= 0 ? input.slice(at, end) : input.slice(at, next));
    at = next;
  }
  return { elements, consumed: at };
}

/** The array after mapfile: `existing` kept only under -O, the elements from the origin on. */
export function mapfileInto(existing: BashArray | undefined, elements: readonly string[], req: MapfileRequest): BashArray {
  const arr: BashArray = req.origin === undefined || !existing ? [] : existing.slice();
  const from = req.origin ?? 0;
  elements.forEach((e, k) => (arr[from + k] = e));
  return arr;
}

/** What NAME is before mapfile runs: an associative array (refused), an indexed array, a scalar, or nothing. */
export type MapfileTarget = { k: 'assoc' } | { k: 'array'; array: BashArray } | { k: 'scalar'; value: string } | { k: 'none' };

/** mapfile's whole run: the array NAME becomes and how much input it read, or its refusal (`message` after the shell's prefix, usage included). */
export type MapfileOutcome = { ok: true; name: string; array: BashArray; consumed: number } | { ok: false; message: string; status: number };

export function runMapfile(cmd: 'mapfile' | 'readarray', args: readonly string[], input: string, target: (name: string) => MapfileTarget): MapfileOutcome {
  const p = parseMapfile(cmd, args);
  if (!p.ok) return { ok: false, message: `${p.message}${p.usage ?? ''}`, status: p.status };
  const req = p.request;
  const was = target(req.name);
  // Recorded, bash 5.2.15: `declare -A as; mapfile as` is `mapfile: as: not an indexed array`, status 1.
  if (was.k === 'assoc') return { ok: false, message: `${cmd}: ${req.name}: not an indexed array\n`, status: 1 };
  const read = mapfileRead(input, req);
  const existing = was.k === 'array' ? was.array : was.k === 'scalar' ? [was.value] : undefined;
  return { ok: true, name: req.name, array: mapfileInto(existing, read.elements, req), consumed: read.consumed };
}
