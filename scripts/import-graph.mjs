/**
 * The shape of one folder's import graph (default src/engine), measured with the TypeScript
 * compiler API: every `import` / `export … from` / `import()` / `import('…')`-type edge between
 * production files (tests and `*.testing.ts` support left out), classified as type-only or
 * runtime, then Tarjan's strongly connected components over all edges and over runtime edges.
 * Type-only means erased: `import type`, `export type`, `import('…')` types, and — only without
 * verbatimModuleSyntax in tsconfig.base.json — imports whose every specifier is marked `type`.
 *
 *   node scripts/import-graph.mjs [folder] [--list]
 *
 * Prints the edge counts and the size of every component with more than one file (`--list` names
 * the files). It measures and never fails; the lint gate on runtime cycles is scripts/cycles.mjs.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const root = resolve(args.find((a) => !a.startsWith('--')) ?? 'src/engine');
const base = ts.readConfigFile(resolve(root, '..', '..', 'tsconfig.base.json'), ts.sys.readFile).config;
/** Under verbatimModuleSyntax `import { type A } from 'x'` still loads x. */
const verbatim = base?.compilerOptions?.verbatimModuleSyntax === true;

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return walk(p);
    // The engine's kits were testkit.ts / testing.ts before they took the *.testing.ts name.
    const support = /\.(test|testing)\.tsx?$/.test(name) || /^(testkit|testing)\.ts$/.test(name);
    return /\.tsx?$/.test(name) && !support && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** @param {string} from @param {string} spec @returns {string | undefined} */
function resolveSpec(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** @param {ts.ImportDeclaration | ts.ExportDeclaration} node */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // side-effect import
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    if (!bindings) return false;
    if (ts.isNamespaceImport(bindings)) return false;
    return !verbatim && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !verbatim && !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

const files = walk(root);
const inScope = new Set(files);
/** @type {Map<string, Map<string, boolean>>} file → target → runtime? */
const edges = new Map();
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  /** @type {Map<string, boolean>} */
  const out = new Map();
  /** @param {string} spec @param {boolean} runtime */
  const add = (spec, runtime) => {
    const target = resolveSpec(file, spec);
    if (target && inScope.has(target) && target !== file) out.set(target, (out.get(target) ?? false) || runtime);
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, !typeOnly(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteral(arg)) add(arg.text, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  edges.set(file, out);
}

/** Tarjan's algorithm; returns the components with more than one file, largest first. */
function sccs(/** @type {boolean} */ runtimeOnly) {
  let index = 0;
  /** @type {Map<string, number>} */ const idx = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const out = [];
  /** @param {string} v */
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const [w, runtime] of edges.get(v) ?? []) {
      if (runtimeOnly && !runtime) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
      }
    }
    if (low.get(v) === idx.get(v)) {
      /** @type {string[]} */ const component = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component);
    }
  };
  for (const f of files) if (!idx.has(f)) strong(f);
  return out.sort((a, b) => b.length - a.length);
}

let runtimeEdges = 0;
let typeEdges = 0;
for (const out of edges.values()) {
  for (const runtime of out.values()) {
    if (runtime) runtimeEdges++;
    else typeEdges++;
  }
}
const rel = (/** @type {string} */ f) => relative(root, f);
console.log(`${rel(root) || '.'}: ${files.length} files, ${runtimeEdges + typeEdges} import pairs (${runtimeEdges} runtime, ${typeEdges} type-only)`);
for (const [label, runtimeOnly] of /** @type {const} */ ([['all edges', false], ['runtime edges', true]])) {
  const found = sccs(runtimeOnly);
  console.log(`SCCs over ${label}: ${found.length ? found.map((c) => c.length).join(', ') : 'none'}`);
  if (list) for (const c of found) console.log(`  [${c.length}] ${c.map(rel).sort().join(' ')}`);
}
