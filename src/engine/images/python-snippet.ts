/**
 * `python3 -c CODE` for the short scripts Kubernetes pages put in a manifest: straight-line code
 * that reads the environment, branches and exits with a status — the Pod failure policy page's
 * `index = int(os.environ.get("JOB_COMPLETION_INDEX"))` / `if index == 0: sys.exit(1)` … — and
 * prints. What is understood: `import` of os and sys; assignments to a name; `if`/`elif`/`else`
 * blocks by indentation; `pass`; `print(…)`; `sys.exit(…)`/`exit(…)`; int, str and string
 * literals, None/True/False; `os.environ.get(K[, D])`, `os.environ[K]`, `os.getenv(K[, D])`,
 * `int(…)`, `str(…)`, `len(…)`; `== != < > <= >=`, `and`, `or`, `not`, `+ - * // %`.
 * CPython's semantics for these: sys.exit(N) exits N & 0xff, sys.exit() 0, sys.exit("text")
 * writes the text to stderr and exits 1; print writes str() of its arguments joined by spaces.
 * Anything else (another module, a loop, a function, an exception to raise) is not read: the
 * caller keeps its older answer for the program (python.ts: status 0, no output), so no
 * output is made up for code the model does not know.
 */

type Value = number | string | boolean | null | { module: 'os' | 'sys' | 'environ' };

/** The script's outcome, or undefined when it uses what is not modelled. */
export interface SnippetResult {
  status: number;
  stdout: string;
  stderr: string;
}

class Unsupported extends Error {}
class Exit {
  constructor(readonly status: number) {}
}

const TOKEN = /\s*(?:(\d+)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|\/\/|[-+*%<>()[\],.]))/y;

function tokenize(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new Unsupported();
    out.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
    at = TOKEN.lastIndex;
  }
  return out;
}

function unquote(lit: string): string {
  const body = lit.slice(1, -1);
  if (body.includes('\\')) throw new Unsupported();
  return body;
}

/** str(): Python's spelling of a value. */
function str(v: Value): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'object') throw new Unsupported();
  return String(v);
}

const truthy = (v: Value): boolean => (typeof v === 'object' && v !== null ? true : v !== null && v !== false && v !== 0 && v !== '');

class Expr {
  private i = 0;
  constructor(
    private readonly t: string[],
    private readonly scope: Map<string, Value>,
    private readonly env: Record<string, string>,
    private readonly out: { stdout: string; stderr: string },
  ) {}

  run(): Value {
    const v = this.or();
    if (this.i !== this.t.length) throw new Unsupported();
    return v;
  }

  private peek(): string | undefined {
    return this.t[this.i];
  }

  private eat(tok: string): boolean {
    if (this.t[this.i] !== tok) return false;
    this.i++;
    return true;
  }

  private expect(tok: string): void {
    if (!this.eat(tok)) throw new Unsupported();
  }

  private or(): Value {
    let v = this.and();
    while (this.eat('or')) {
      const r = this.and();
      v = truthy(v) ? v : r;
    }
    return v;
  }

  private and(): Value {
    let v = this.not();
    while (this.eat('and')) {
      const r = this.not();
      v = truthy(v) ? r : v;
    }
    return v;
  }

  private not(): Value {
    if (this.eat('not')) return !truthy(this.not());
    return this.compare();
  }

  private compare(): Value {
    const a = this.sum();
    const op = this.peek();
    if (op !== '==' && op !== '!=' && op !== '<' && op !== '>' && op !== '<=' && op !== '>=') return a;
    this.i++;
    const b = this.sum();
    if (op === '==') return a === b;
    if (op === '!=') return a !== b;
    if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) throw new Unsupported();
    const [x, y] = [a as number | string, b as number | string];
    return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
  }

  private sum(): Value {
    let v = this.product();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.i++;
      const r = this.product();
      if (op === '+' && typeof v === 'string' && typeof r === 'string') v = v + r;
      else if (typeof v === 'number' && typeof r === 'number') v = op === '+' ? v + r : v - r;
      else throw new Unsupported();
    }
    return v;
  }

  private product(): Value {
    let v = this.unary();
    for (let op = this.peek(); op === '*' || op === '//' || op === '%'; op = this.peek()) {
      this.i++;
      const r = this.unary();
      if (typeof v !== 'number' || typeof r !== 'number' || (op !== '*' && r === 0)) throw new Unsupported();
      v = op === '*' ? v * r : op === '//' ? Math.floor(v / r) : v - r * Math.floor(v / r);
    }
    return v;
  }

  private unary(): Value {
    if (this.eat('-')) {
      const v = this.unary();
      if (typeof v !== 'number') throw new Unsupported();
      return -v;
    }
    return this.postfix();
  }

  private args(): Value[] {
    const out: Value[] = [];
    if (this.eat(')')) return out;
    do out.push(this.or());
    while (this.eat(','));
    this.expect(')');
    return out;
  }

  private postfix(): Value {
    const tok = this.t[this.i++];
    if (tok === undefined) throw new Unsupported();
    if (/^\d+$/.test(tok)) return Number(tok);
    if (tok.startsWith("'") || tok.startsWith('"')) return unquote(tok);
    if (tok === '(') {
      const v = this.or();
      this.expect(')');
      return v;
    }
    if (!/^[A-Za-z_]/.test(tok)) throw new Unsupported();
    let name = tok;
    while (this.eat('.')) name += `.${this.t[this.i++] ?? ''}`;
    // A module's attribute needs its import (a NameError is not modelled).
    const mod = name.split('.')[0]!;
    if ((mod === 'os' || mod === 'sys') && !this.scope.has(mod)) throw new Unsupported();
    if (this.eat('(')) return this.call(name, this.args());
    if (name === 'os.environ' && this.eat('[')) {
      const k = this.or();
      this.expect(']');
      if (typeof k !== 'string' || !Object.hasOwn(this.env, k)) throw new Unsupported();
      return this.env[k]!;
    }
    if (name === 'None') return null;
    if (name === 'True') return true;
    if (name === 'False') return false;
    const v = this.scope.get(name);
    if (v === undefined) throw new Unsupported();
    return v;
  }

  private call(name: string, a: Value[]): Value {
    switch (name) {
      case 'int': {
        const x = a[0];
        if (a.length !== 1) throw new Unsupported();
        if (typeof x === 'number') return x;
        if (typeof x === 'string' && /^\s*[-+]?\d+\s*$/.test(x)) return Number(x.trim());
        throw new Unsupported();
      }
      case 'str':
        if (a.length !== 1) throw new Unsupported();
        return str(a[0]!);
      case 'len':
        if (a.length !== 1 || typeof a[0] !== 'string') throw new Unsupported();
        return [...a[0]].length;
      case 'print':
        this.out.stdout += `${a.map(str).join(' ')}\n`;
        return null;
      case 'os.environ.get':
      case 'os.getenv': {
        const k = a[0];
        if (typeof k !== 'string' || a.length > 2) throw new Unsupported();
        return Object.hasOwn(this.env, k) ? this.env[k]! : (a[1] ?? null);
      }
      case 'sys.exit':
      case 'exit': {
        const x = a[0] ?? null;
        if (x === null) throw new Exit(0);
        if (typeof x === 'number') throw new Exit(x & 0xff);
        if (typeof x === 'boolean') throw new Exit(x ? 1 : 0);
        this.out.stderr += `${str(x)}\n`;
        throw new Exit(1);
      }
      default:
        throw new Unsupported();
    }
  }
}

interface Line {
  indent: number;
  text: string;
}

/** The code's logical lines without blank ones and comments (a `#` outside quotes). */
function linesOf(code: string): Line[] {
  const out: Line[] = [];
  for (const raw of code.split('\n')) {
    let text = '';
    let quote: string | undefined;
    for (const ch of raw) {
      if (quote) {
        if (ch === quote) quote = undefined;
      } else if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '#') break;
      text += ch;
    }
    if (text.trim() === '') continue;
    if (/\t/.test(/^\s*/.exec(text)![0])) throw new Unsupported();
    out.push({ indent: /^ */.exec(text)![0].length, text: text.trim() });
  }
  return out;
}

/** Runs `code` with `env` as os.environ. */
export function runPythonSnippet(code: string, env: Record<string, string>): SnippetResult | undefined {
  const out = { stdout: '', stderr: '' };
  const scope = new Map<string, Value>();
  const eval_ = (text: string): Value => new Expr(tokenize(text), scope, env, out).run();
  const lines = linesOf(code);

  /** Runs the block of lines from `at` indented exactly `indent`; returns the index after it. */
  const block = (at: number, indent: number, live: boolean): number => {
    let i = at;
    while (i < lines.length && lines[i]!.indent >= indent) {
      const { text, indent: ind } = lines[i]!;
      if (ind !== indent) throw new Unsupported();
      const cond = /^if (.+):$/.exec(text);
      if (cond) {
        let taken = false;
        let test: string | undefined = cond[1];
        for (;;) {
          const body = lines[i + 1];
          if (!body || body.indent <= indent) throw new Unsupported();
          const run: boolean = live && !taken && (test === undefined || truthy(eval_(test)));
          i = block(i + 1, body.indent, run);
          taken ||= run;
          const next = lines[i];
          if (test === undefined || !next || next.indent !== indent) break;
          const elif = /^elif (.+):$/.exec(next.text);
          if (elif) test = elif[1];
          else if (next.text === 'else:') test = undefined;
          else break;
        }
        continue;
      }
      i++;
      if (!live) continue;
      const imp = /^import ([\w, ]+)$/.exec(text);
      const assign = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/.exec(text);
      if (imp) {
        for (const mod of imp[1]!.split(',').map((m) => m.trim())) {
          if (mod !== 'os' && mod !== 'sys') throw new Unsupported();
          scope.set(mod, { module: mod });
        }
      } else if (text === 'pass') continue;
      else if (assign) scope.set(assign[1]!, eval_(assign[2]!));
      else eval_(text);
    }
    return i;
  };

  try {
    if (lines.length === 0) return { status: 0, ...out };
    const end = block(0, lines[0]!.indent, true);
    if (end !== lines.length) throw new Unsupported();
    return { status: 0, ...out };
  } catch (e) {
    if (e instanceof Exit) return { status: e.status, ...out };
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}
