/**
 * Kubernetes' JSONPath templates (client-go/util/jsonpath) as `-o jsonpath`, `custom-columns`
 * and `--sort-by` use them: text outside `{}` is literal; inside are field chains (`.a.b`,
 * `['a.b']`, `..x`), array subscripts (`[0]`, `[-1:]`, `[0,2]`, `[*]`), filters
 * (`[?(@.type=="Ready")]`), quoted literals (`{"\n"}`) and `{range ...}{end}`. Missing keys
 * yield nothing, as kubectl sets AllowMissingKeys. Results print like PrintResults: several
 * values joined by a space, maps and lists as compact JSON, scalars as text.
 */
import { toJsonCompact, toJsonIndent } from '../../k8s/printers/json';
import { pushAll } from '../../k8s/arrays';

type Value = unknown;

type Step =
  | { t: 'field'; names: string[] }
  | { t: 'recursive' }
  | { t: 'wildcard' }
  | { t: 'index'; items: IndexItem[] }
  | { t: 'filter'; left: Step[]; op: string; right: Step[] | { literal: Value } }
  | { t: 'root' }
  | { t: 'current' };

type IndexItem = { kind: 'one'; i: number } | { kind: 'slice'; start?: number; end?: number; step?: number };

type Node = { t: 'text'; text: string } | { t: 'path'; steps: Step[] } | { t: 'range'; steps: Step[]; body: Node[] };

export class JsonPathError extends Error {}

class Lexer {
  pos = 0;
  constructor(readonly s: string) {}
  peek(off = 0): string | undefined {
    return this.s[this.pos + off];
  }
  eof(): boolean {
    return this.pos >= this.s.length;
  }
}

function unquote(body: string, quote: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[++i];
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };
    if (n !== undefined && map[n] !== undefined) out += map[n];
    else if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
    } else throw new JsonPathError(`invalid syntax in quoted string ${quote}${body}${quote}`);
  }
  return out;
}

function parseNumberLiteral(lx: Lexer): number | undefined {
  const m = lx.s.slice(lx.pos).match(/^-?\d+(\.\d+)?/);
  if (!m) return undefined;
  lx.pos += m[0].length;
  return Number(m[0]);
}

function skipSpaces(lx: Lexer): void {
  while (lx.peek() === ' ') lx.pos++;
}

function parseFieldName(lx: Lexer): string {
  let name = '';
  while (!lx.eof()) {
    const c = lx.peek()!;
    if (c === '\\' && lx.peek(1) !== undefined) {
      name += lx.peek(1);
      lx.pos += 2;
      continue;
    }
    if (/[A-Za-z0-9_\-/$]/.test(c) || c.charCodeAt(0) > 127) {
      name += c;
      lx.pos++;
      continue;
    }
    break;
  }
  return name;
}

function parseBracket(lx: Lexer): Step {
  // lx is just past '['
  skipSpaces(lx);
  if (lx.peek() === '?') {
    lx.pos++;
    if (lx.peek() !== '(') throw new JsonPathError('unrecognized filter, expected (');
    lx.pos++;
    const close = lx.s.indexOf(')]', lx.pos);
    if (close < 0) throw new JsonPathError('unclosed array expect ]');
    const expr = lx.s.slice(lx.pos, close);
    lx.pos = close + 2;
    const m = expr.match(/^\s*(.+?)\s*(==|!=|<=|>=|<|>|=~)\s*(.+?)\s*$/);
    if (!m) return { t: 'filter', left: parseSteps(new Lexer(expr.trim())), op: 'exists', right: { literal: null } };
    const rightText = m[3]!;
    let right: Step[] | { literal: Value };
    if (/^(['"]).*\1$/.test(rightText)) right = { literal: unquote(rightText.slice(1, -1), rightText[0]!) };
    else if (/^-?\d+(\.\d+)?$/.test(rightText)) right = { literal: Number(rightText) };
    else if (rightText === 'true' || rightText === 'false') right = { literal: rightText === 'true' };
    else right = parseSteps(new Lexer(rightText));
    return { t: 'filter', left: parseSteps(new Lexer(m[1]!)), op: m[2]!, right };
  }
  if (lx.peek() === "'" || lx.peek() === '"') {
    const names: string[] = [];
    for (;;) {
      skipSpaces(lx);
      const q = lx.peek();
      if (q !== "'" && q !== '"') throw new JsonPathError('invalid field name in []');
      const end = lx.s.indexOf(q, lx.pos + 1);
      if (end < 0) throw new JsonPathError('unterminated quoted string');
      names.push(unquote(lx.s.slice(lx.pos + 1, end), q));
      lx.pos = end + 1;
      skipSpaces(lx);
      if (lx.peek() === ',') {
        lx.pos++;
        continue;
      }
      if (lx.peek() !== ']') throw new JsonPathError('unclosed array expect ]');
      lx.pos++;
      return { t: 'field', names };
    }
  }
  if (lx.peek() === '*') {
    lx.pos++;
    skipSpaces(lx);
    if (lx.peek() !== ']') throw new JsonPathError('unclosed array expect ]');
    lx.pos++;
    return { t: 'wildcard' };
  }
  const items: IndexItem[] = [];
  for (;;) {
    skipSpaces(lx);
    const a = parseNumberLiteral(lx);
    skipSpaces(lx);
    if (lx.peek() === ':') {
      lx.pos++;
      skipSpaces(lx);
      const b = parseNumberLiteral(lx);
      let st: number | undefined;
      skipSpaces(lx);
      if (lx.peek() === ':') {
        lx.pos++;
        skipSpaces(lx);
        st = parseNumberLiteral(lx);
      }
      items.push({ kind: 'slice', start: a, end: b, step: st });
    } else if (a !== undefined) items.push({ kind: 'one', i: a });
    else throw new JsonPathError(`invalid array index ${lx.s.slice(lx.pos)}`);
    skipSpaces(lx);
    if (lx.peek() === ',') {
      lx.pos++;
      continue;
    }
    if (lx.peek() !== ']') throw new JsonPathError('unclosed array expect ]');
    lx.pos++;
    return { t: 'index', items };
  }
}

function parseSteps(lx: Lexer): Step[] {
  const steps: Step[] = [];
  while (!lx.eof()) {
    const c = lx.peek()!;
    if (c === ' ') {
      lx.pos++;
      continue;
    }
    if (c === '$') {
      lx.pos++;
      steps.push({ t: 'root' });
    } else if (c === '@') {
      lx.pos++;
      steps.push({ t: 'current' });
    } else if (c === '.') {
      lx.pos++;
      if (lx.peek() === '.') {
        lx.pos++;
        steps.push({ t: 'recursive' });
      }
      if (lx.peek() === '*') {
        lx.pos++;
        steps.push({ t: 'wildcard' });
        continue;
      }
      if (lx.peek() === '[' || lx.eof()) continue;
      const name = parseFieldName(lx);
      if (name === '') throw new JsonPathError(`unrecognized character in action: ${JSON.stringify(lx.peek() ?? '')}`);
      steps.push({ t: 'field', names: [name] });
    } else if (c === '[') {
      lx.pos++;
      steps.push(parseBracket(lx));
    } else if (/[A-Za-z_]/.test(c) && steps.length === 0) {
      steps.push({ t: 'field', names: [parseFieldName(lx)] });
    } else throw new JsonPathError(`unrecognized character in action: ${JSON.stringify(c)}`);
  }
  return steps;
}

/** Parses a whole template into nodes (ranges nested). */
export function parseTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const cur = stack[stack.length - 1]!;
    if (open < 0) {
      cur.push({ t: 'text', text: template.slice(i) });
      break;
    }
    if (open > i) cur.push({ t: 'text', text: template.slice(i, open) });
    // Find the matching '}' outside quotes. An array subscript is read to its ']' whatever it
    // holds (parser.go's parseArray scans past a '}'), so one without is `unterminated array`
    // even where a '}' follows; a filter likewise to its `)` (`unterminated filter`).
    let j = open + 1;
    let q: string | undefined;
    for (; j < template.length; j++) {
      const c = template[j]!;
      if (q) {
        if (c === '\\') j++;
        else if (c === q) q = undefined;
      } else if (c === '"' || c === "'") q = c;
      else if (c === '[' && !template.startsWith('[?(', j)) {
        const close = template.slice(j).search(/[\]\n]/);
        if (close < 0 || template[j + close] === '\n') throw new JsonPathError('unterminated array');
        j += close;
      } else if (c === '[' && !/[)]/.test(template.slice(j).split('\n')[0]!)) throw new JsonPathError('unterminated filter');
      else if (c === '}') break;
    }
    if (j >= template.length) throw new JsonPathError('unclosed action');
    const action = template.slice(open + 1, j).trim();
    i = j + 1;
    if (action === 'end') {
      if (stack.length === 1) throw new JsonPathError('not in range, nothing to end');
      stack.pop();
      continue;
    }
    if (action.startsWith('range ')) {
      const node: Node = { t: 'range', steps: parseSteps(new Lexer(action.slice(6).trim())), body: [] };
      cur.push(node);
      stack.push(node.body);
      continue;
    }
    if (/^(['"]).*\1$/s.test(action)) {
      cur.push({ t: 'text', text: unquote(action.slice(1, -1), action[0]!) });
      continue;
    }
    cur.push({ t: 'path', steps: parseSteps(new Lexer(action)) });
  }
  if (stack.length !== 1) throw new JsonPathError('unclosed range');
  return root;
}

function isMap(v: Value): v is Record<string, Value> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function compare(a: Value, op: string, b: Value): boolean {
  switch (op) {
    case '==':
      return a === b || (typeof a === 'number' && typeof b === 'number' && a === b) || String(a) === String(b);
    case '!=':
      return !compare(a, '==', b);
    case '<':
      return Number(a) < Number(b);
    case '>':
      return Number(a) > Number(b);
    case '<=':
      return Number(a) <= Number(b);
    case '>=':
      return Number(a) >= Number(b);
    case '=~':
      return new RegExp(String(b)).test(String(a));
    default:
      return false;
  }
}

function evalSteps(input: Value[], steps: Step[], root: Value): Value[] {
  let cur = input;
  for (const step of steps) {
    const next: Value[] = [];
    switch (step.t) {
      case 'root':
        next.push(root);
        break;
      case 'current':
        pushAll(next, cur);
        break;
      case 'field':
        for (const v of cur) {
          if (!isMap(v)) continue;
          // Own fields only: `{.constructor}` names a field, not Object.prototype's.
          for (const n of step.names) if (Object.hasOwn(v, n) && v[n] !== undefined) next.push(v[n]);
        }
        break;
      case 'wildcard':
        for (const v of cur) {
          if (Array.isArray(v)) pushAll(next, v);
          else if (isMap(v)) for (const k of Object.keys(v).sort()) next.push(v[k]);
        }
        break;
      case 'recursive': {
        const walk = (v: Value): void => {
          const kids = Array.isArray(v) ? v : isMap(v) ? Object.keys(v).sort().map((k) => v[k]) : [];
          if (kids.length === 0) return;
          next.push(v);
          kids.forEach(walk);
        };
        cur.forEach(walk);
        break;
      }
      case 'index':
        for (const v of cur) {
          if (!Array.isArray(v)) continue;
          for (const it of step.items) {
            if (it.kind === 'one') {
              const idx = it.i < 0 ? it.i + v.length : it.i;
              if (idx >= 0 && idx < v.length) next.push(v[idx]);
            } else {
              let s = it.start ?? 0;
              let e = it.end ?? v.length;
              if (s < 0) s += v.length;
              if (e < 0) e += v.length;
              s = Math.max(0, Math.min(s, v.length));
              e = Math.max(0, Math.min(e, v.length));
              const st = it.step && it.step > 0 ? it.step : 1;
              for (let k = s; k < e; k += st) next.push(v[k]);
            }
          }
        }
        break;
      case 'filter':
        for (const v of cur) {
          const items = Array.isArray(v) ? v : [v];
          for (const item of items) {
            const left = evalSteps([item], step.left, root);
            if (step.op === 'exists') {
              if (left.length > 0) next.push(item);
              continue;
            }
            const right = 'literal' in step.right ? [step.right.literal] : evalSteps([item], step.right, root);
            if (left.length > 0 && right.length > 0 && compare(left[0], step.op, right[0])) next.push(item);
          }
        }
        break;
    }
    cur = next;
  }
  return cur;
}

/** The values one `{...}` expression selects (used by custom-columns and --sort-by). */
export function findResults(steps: Node[], data: Value): Value[][] {
  const out: Value[][] = [];
  for (const n of steps) {
    if (n.t === 'text') out.push([n.text]);
    else if (n.t === 'path') out.push(evalSteps([data], n.steps, data));
    else for (const item of evalSteps([data], n.steps, data)) pushAll(out, findResults(n.body, item));
  }
  return out;
}

function valueText(v: Value): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return toJsonCompact(v);
  return String(v);
}

/** Executes a template the way `kubectl get -o jsonpath=...` prints it. */
export function executeTemplate(template: string, data: Value, asJson = false): string {
  const nodes = parseTemplate(template);
  let out = '';
  for (const results of findResults(nodes, data)) {
    if (asJson) out += toJsonIndent(results);
    else out += results.map(valueText).join(' ');
  }
  return out;
}

/** RelaxedJSONPathExpression: `metadata.name`, `.metadata.name`, `{.metadata.name}` all work. */
export function relaxedJsonPath(expr: string): string {
  if (expr === '') return expr;
  const m = expr.match(/^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/);
  if (!m) throw new JsonPathError("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
  return `{.${m[1] ?? m[2]}}`;
}
