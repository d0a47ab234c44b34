/**
 * The slice of awk one-liners use to pick columns: `awk '{print $1}'`, `awk -F: 'NR>1 {print
 * $2, $NF}'`, `awk '/Running/'`. One rule, an optional pattern (`NR` comparisons, `/regex/`,
 * `$N == "text"`) and a `print` of fields, `NR`, `NF` and string literals. Anything else is
 * refused with exit status 2 rather than run wrongly.
 */
import { bb, type Tool, type ToolEnv } from './tool-types';
import { normalizePath, stat } from './fs';

type Expr = { kind: 'field'; n: number | 'NF' } | { kind: 'var'; name: 'NR' | 'NF' } | { kind: 'text'; value: string };

type Pattern =
  | { kind: 'always' }
  | { kind: 'regex'; re: RegExp }
  | { kind: 'compare'; left: Expr; op: '==' | '!=' | '<' | '<=' | '>' | '>='; right: Expr };

interface Rule {
  pattern: Pattern;
  /** Each item is a comma-separated argument: its parts are concatenated, items joined by a space (OFS). */
  print: Expr[][];
}

function parseExpr(s: string): Expr | undefined {
  const t = s.trim();
  const field = t.match(/^\$(\d+|NF)$/);
  if (field) return { kind: 'field', n: field[1] === 'NF' ? 'NF' : Number(field[1]) };
  if (t === 'NR' || t === 'NF') return { kind: 'var', name: t };
  const str = t.match(/^"((?:[^"\\]|\\.)*)"$/);
  if (str) return { kind: 'text', value: str[1]!.replace(/\\t/g, '\t').replace(/\\n/g, '\n').replace(/\\(.)/g, '$1') };
  if (/^-?\d+$/.test(t)) return { kind: 'text', value: t };
  return undefined;
}

function parsePattern(s: string): Pattern | undefined {
  const t = s.trim();
  if (t === '') return { kind: 'always' };
  const re = t.match(/^\/(.*)\/$/);
  if (re) {
    try {
      return { kind: 'regex', re: new RegExp(re[1]!) };
    } catch {
      return undefined;
    }
  }
  const cmp = t.match(/^(.+?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/);
  if (!cmp) return undefined;
  const left = parseExpr(cmp[1]!);
  const right = parseExpr(cmp[3]!);
  return left && right ? { kind: 'compare', left, op: cmp[2] as '==' | '!=' | '<' | '<=' | '>' | '>=', right } : undefined;
}

/** `$1 " " $2` → its concatenated parts: fields, variables and string literals separated by blanks. */
function parseItem(s: string): Expr[] | undefined {
  const parts = s.trim().match(/"(?:[^"\\]|\\.)*"|[^\s"]+/g) ?? [];
  const exprs = parts.map(parseExpr);
  return exprs.every((e): e is Expr => e !== undefined) ? exprs : undefined;
}

function parseRule(program: string): Rule | undefined {
  const m = program.trim().match(/^([^{]*?)\s*(?:\{\s*(.*?)\s*;?\s*\})?$/s);
  if (!m) return undefined;
  const pattern = parsePattern(m[1]!);
  if (!pattern) return undefined;
  const action = m[2];
  if (action === undefined || action === 'print' || action === 'print $0') return { pattern, print: [[{ kind: 'field', n: 0 }]] };
  const print = action.match(/^print\s+(.+)$/s);
  if (!print) return undefined;
  const items = print[1]!.split(',').map(parseItem);
  return items.every((i): i is Expr[] => i !== undefined) ? { pattern, print: items } : undefined;
}

function splitFields(line: string, sep: string | undefined): string[] {
  if (sep === undefined || sep === ' ') return line.trim().split(/[ \t]+/).filter(Boolean);
  return line.split(sep.length === 1 ? sep : new RegExp(sep));
}

export const awk: Tool = (args, env) => {
  let sep: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-F') sep = args[++i];
    else if (a.startsWith('-F')) sep = a.slice(2);
    else rest.push(a);
  }
  if (sep === '\\t' || sep === 't') sep = '\t';
  const rule = rest[0] === undefined ? undefined : parseRule(rest[0]);
  if (!rule) {
    env.io.err(`awk: program not understood here (this simulator's awk runs one '[pattern] {print ...}' rule): ${rest[0] ?? ''}\n`);
    return { status: 2 };
  }
  const read = readInputs(env, rest.slice(1));
  const input = read.text.split('\n');
  if (input[input.length - 1] === '') input.pop();
  let out = '';
  // NR counts records across all the files, as one stream.
  input.forEach((line, i) => {
    const fields = splitFields(line, sep);
    const value = (e: Expr): string => {
      switch (e.kind) {
        case 'text':
          return e.value;
        case 'var':
          return String(e.name === 'NR' ? i + 1 : fields.length);
        case 'field': {
          const n = e.n === 'NF' ? fields.length : e.n;
          return n === 0 ? line : (fields[n - 1] ?? '');
        }
      }
    };
    if (!matches(rule.pattern, line, value)) return;
    out += `${rule.print.map((item) => item.map(value).join('')).join(' ')}\n`;
  });
  env.io.out(out);
  if (read.error) env.io.err(read.error);
  return { status: read.error ? read.status : 0 };
};

/**
 * The records of the FILE operands, or stdin without any (`-` is stdin; `var=value` operands
 * are assignments, not files). Both awks stop at a file they cannot read, after printing what the
 * files before it gave: BusyBox's says `awk: /nope: No such file or directory` or `awk: cmd.
 * line:1: Is a directory` (status 1), Debian's mawk `awk: cannot open /nope (No such file or
 * directory)` or `awk: read error (Is a directory)` (status 2). Recorded from BusyBox 1.35 and
 * mawk 1.3.4 on this machine.
 */
function readInputs(env: ToolEnv, operands: string[]): { text: string; error?: string; status: number } {
  const files = operands.filter((o) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(o));
  if (files.length === 0) return { text: env.io.stdin, status: 0 };
  let text = '';
  for (const f of files) {
    if (f === '-') {
      text += env.io.stdin;
      continue;
    }
    const s = stat(env.fs, env.base, normalizePath(f, env.cwd));
    if (s.kind === 'file') {
      text += s.content.endsWith('\n') || s.content === '' ? s.content : `${s.content}\n`;
      continue;
    }
    if (bb(env)) return { text, error: s.kind === 'dir' ? 'awk: cmd. line:1: Is a directory\n' : `awk: ${f}: No such file or directory\n`, status: 1 };
    return { text, error: s.kind === 'dir' ? 'awk: read error (Is a directory)\n' : `awk: cannot open ${f} (No such file or directory)\n`, status: 2 };
  }
  return { text, status: 0 };
}

function matches(p: Pattern, line: string, value: (e: Expr) => string): boolean {
  switch (p.kind) {
    case 'always':
      return true;
    case 'regex':
      return p.re.test(line);
    case 'compare': {
      const [l, r] = [value(p.left), value(p.right)];
      // awk compares numerically when both sides look like numbers, else as strings.
      const numeric = l.trim() !== '' && r.trim() !== '' && !isNaN(Number(l)) && !isNaN(Number(r));
      const [a, b]: [number | string, number | string] = numeric ? [Number(l), Number(r)] : [l, r];
      switch (p.op) {
        case '==':
          return a === b;
        case '!=':
          return a !== b;
        case '<':
          return a < b;
        case '<=':
          return a <= b;
        case '>':
          return a > b;
        case '>=':
          return a >= b;
      }
    }
  }
}
