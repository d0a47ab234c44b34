/**
 * The runtime import-cycle gate of `npm run lint`: no module of src/ may take part in a cycle of
 * runtime imports, except the few known cycles listed in KNOWN below.
 *
 * Why runtime edges only: a cycle of evaluated imports means some module runs before the modules
 * it needs have finished initialising (a `const` table read in its temporal dead zone), and the
 * order depends on which file is loaded first. Type-only imports (`import type`, `export type`,
 * `import('…')` types) are erased, so they cannot cause that. Under verbatimModuleSyntax,
 * `import { type A } from 'x'` is NOT erased (it still loads x), so it counts as runtime; lint
 * forbids writing it anyway (@typescript-eslint/no-import-type-side-effects). Dynamic `import()`
 * does not count either: it loads its module after the importer has finished evaluating.
 *
 * Tests (`*.test.ts(x)`) are left out: nothing imports them.
 *
 *   node scripts/cycles.mjs [dir]     exit 1 and name the files of every cycle that is not allowed
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runtime cycles that exist today, each small and deliberate. An entry allows a cycle among its
 * files only: a cycle that reaches one file beyond the list fails. An entry that no longer matches
 * any cycle fails too (delete it, the knot is gone).
 * @type {{ files: string[], why: string }[]}
 */
export const KNOWN = [
  {
    why: 'the shell interpreter is one mutually recursive evaluator: the machine runs commands, commands and builtins run nested scripts in the machine',
    files: ['commands', 'loop-analysis', 'machine', 'output', 'shell-builtins'].map((f) => `src/engine/images/${f}.ts`),
  },
  { why: 'the lexer parses `$(…)` substitutions with the parser, which tokenizes with the lexer', files: ['src/engine/images/shell-lex.ts', 'src/engine/images/shell-parse.ts'] },
  { why: "process.ts re-exports resources.ts's accounting, which works on process internals", files: ['src/engine/images/process.ts', 'src/engine/images/resources.ts'] },
  { why: "the handler applies subresources (binding, finalize, …), which commit through the handler's update", files: ['src/engine/apiserver/handler.ts', 'src/engine/apiserver/subresources.ts'] },
  { why: "sync computes status with progress's calculateStatus; progress writes it with sync's writeStatus", files: ['src/engine/controllers/deployment/progress.ts', 'src/engine/controllers/deployment/sync.ts'] },
];

/** @param {string} dir @returns {string[]} absolute paths of the production .ts/.tsx files under dir */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return walk(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** @param {string} from @param {string} spec @returns {string | undefined} the file a relative specifier loads */
function resolveSpec(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** @param {ts.Node} node @returns {string | undefined} the specifier of a static import or re-export that is evaluated */
function runtimeSpecifier(node) {
  if (ts.isImportDeclaration(node)) {
    if (node.importClause?.isTypeOnly) return undefined;
  } else if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return undefined;
  } else return undefined;
  return node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
}

/**
 * The runtime import graph of every production file under dir.
 * @param {string} dir
 * @returns {Map<string, Set<string>>} file → files it evaluates first (absolute paths)
 */
export function runtimeGraph(dir) {
  const files = walk(dir);
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
    /** @type {Set<string>} */
    const out = new Set();
    // Static imports and re-exports are top-level statements only.
    for (const statement of source.statements) {
      const spec = runtimeSpecifier(statement);
      const target = spec === undefined ? undefined : resolveSpec(file, spec);
      if (target !== undefined && target !== file) out.add(target);
    }
    graph.set(file, out);
  }
  return graph;
}

/**
 * Tarjan's strongly connected components with more than one member.
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]} each component's members, sorted
 */
export function cycles(graph) {
  let next = 0;
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  /** @type {Set<string>} */ const onStack = new Set();
  /** @type {string[][]} */ const found = [];
  /** @param {string} v */
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(w))));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (index.get(w))));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    /** @type {string[]} */ const component = [];
    let w;
    do {
      w = /** @type {string} */ (stack.pop());
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/**
 * The problems with a set of cycles, judged against an allow-list (paths relative to root).
 * @param {string[][]} found absolute paths
 * @param {{ files: string[], why: string }[]} known
 * @param {string} root
 * @returns {string[]} one line per problem; empty when the gate passes
 */
export function judge(found, known, root) {
  const rel = (/** @type {string} */ f) => relative(root, f).split(sep).join('/');
  /** @type {string[]} */
  const problems = [];
  const used = new Set();
  for (const component of found.map((c) => c.map(rel))) {
    const entry = known.find((k) => component.every((f) => k.files.includes(f)));
    if (entry) {
      used.add(entry);
      continue;
    }
    const overlapping = known.find((k) => component.some((f) => k.files.includes(f)));
    if (overlapping) used.add(overlapping);
    const extra = overlapping ? component.filter((f) => !overlapping.files.includes(f)) : [];
    problems.push(
      overlapping
        ? `runtime import cycle grew beyond its allowed files (${overlapping.files.join(', ')}); now also: ${extra.join(', ')}`
        : `runtime import cycle among ${component.length} files: ${component.join(', ')}`,
    );
  }
  for (const k of known) if (!used.has(k)) problems.push(`allowed cycle no longer exists, delete it from scripts/cycles.mjs KNOWN: ${k.files.join(', ')}`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dir = resolve(ROOT, process.argv[2] ?? 'src');
  const problems = judge(cycles(runtimeGraph(dir)), KNOWN, ROOT);
  for (const p of problems) console.error(`cycles: ${p}`);
  if (problems.length) {
    console.error('Break the cycle (move the shared piece into a leaf module, or make the edge `import type`).');
    process.exitCode = 1;
  }
}
