// @ts-check
/**
 * `layers/imports`: the layer rule of ARCHITECTURE.md, checked on what an import RESOLVES to, not
 * on how it is spelled. Every relative specifier (static import, re-export, dynamic `import()`,
 * `import('…')` type) is resolved against the importing file; the target's top-level folder
 * (`src/engine`, `src/ui`, …) must be in the importing layer's allow table. `../store/../../engine/x`
 * is the engine, whatever the spelling.
 *
 * Invariants it keeps:
 * - a layer imports itself and the folders its row lists; `types` folders only through
 *   `import type` / `export type` / `import('…')` types (under verbatimModuleSyntax those are the
 *   only imports erased from the output: `import { type A }` still loads its module);
 * - a dynamic `import()` is a runtime import like any other, and one whose specifier is not a
 *   string literal cannot be checked, so it is refused;
 * - test support (`*.testing.ts`, and kits named `testkit.ts` / `testing.ts`) and tests are
 *   importable only from tests: they are exempt from the clock bans, so production must never
 *   load them;
 * - bare specifiers (packages) are matched against the row's package bans.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in <root>/eslint-rules/. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Tests and their support modules, by file name (extension optional: specifiers omit it). */
const TEST_FILE = /(\.test|\.spec|\.testing)(\.[cm]?[jt]sx?)?$|(^|\/)(testkit|testing)(\.[cm]?[jt]sx?)?$/;

/**
 * @typedef {{ pattern: string, message: string, tests?: boolean }} PackageBan
 *   `pattern` is a regular expression over the bare specifier; `tests: false` lifts the ban in tests.
 * @typedef {{ runtime: string[], types?: string[], tests?: string[], packages?: PackageBan[] }} Layer
 *   Folders are repository-relative (`src/engine`). `types`: type-only imports also allowed;
 *   `tests`: runtime imports also allowed from this layer's tests.
 * @typedef {{ layers: Record<string, Layer> }} Options
 */

/** @param {string} abs */
const fromRoot = (abs) => relative(ROOT, abs).split(sep).join('/');

/** The top-level folder a repository-relative path belongs to: `src/<x>` inside src/ (`src/engine` itself too), else its first segment. */
function folderOf(/** @type {string} */ path) {
  const parts = path.split('/');
  return parts[0] === 'src' && parts.length >= 2 ? `src/${parts[1]}` : (parts[0] ?? path);
}

/** @type {import('eslint').Rule.RuleModule} */
const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports respect the layer table of ARCHITECTURE.md, on resolved paths.' },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'object' } },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      layer: '{{from}} may not import {{to}} ({{target}}){{how}}. Allowed: {{allowed}}.',
      testSupport: '{{target}} is test support: only tests may import it (it is exempt from the production bans).',
      dynamic: 'import() with a computed specifier cannot be checked against the layer rules: use a string literal.',
      pkg: "'{{spec}}': {{message}}",
    },
  },
  create(context) {
    const { layers } = /** @type {Options} */ (context.options[0]);
    const file = fromRoot(context.filename);
    const from = folderOf(file);
    const layer = layers[from];
    if (!layer) return {};
    const isTest = TEST_FILE.test(file);
    const runtime = new Set([from, ...layer.runtime, ...(isTest ? (layer.tests ?? []) : [])]);
    const types = new Set([...runtime, ...(layer.types ?? [])]);
    const bans = (layer.packages ?? []).filter((b) => !isTest || b.tests !== false).map((b) => ({ re: new RegExp(b.pattern), message: b.message }));

    /**
     * @param {import('estree').Node} node
     * @param {unknown} source the specifier node
     * @param {boolean} typeOnly
     */
    function check(node, source, typeOnly) {
      const spec = literal(source);
      if (spec === undefined) {
        context.report({ node, messageId: 'dynamic' });
        return;
      }
      if (!spec.startsWith('.')) {
        for (const b of bans) if (b.re.test(spec)) context.report({ node, messageId: 'pkg', data: { spec, message: b.message } });
        return;
      }
      const target = fromRoot(resolve(dirname(context.filename), spec));
      if (!isTest && TEST_FILE.test(target)) context.report({ node, messageId: 'testSupport', data: { target } });
      const to = folderOf(target);
      if ((typeOnly ? types : runtime).has(to)) return;
      const how = !typeOnly && types.has(to) ? ' at runtime (use `import type`)' : '';
      const allowed = [...runtime].filter((f) => f !== from).concat([...types].filter((f) => !runtime.has(f)).map((f) => `${f} (types)`));
      context.report({ node, messageId: 'layer', data: { from, to, target, how, allowed: allowed.join(', ') || 'nothing outside itself' } });
    }

    return {
      ImportDeclaration(node) {
        check(node, node.source, /** @type {{ importKind?: string }} */ (node).importKind === 'type');
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source, /** @type {{ exportKind?: string }} */ (node).exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source, /** @type {{ exportKind?: string }} */ (node).exportKind === 'type');
      },
      ImportExpression(node) {
        check(node, node.source, false);
      },
      /** `import('../x').T` in a type position. */
      TSImportType(/** @type {import('estree').Node & { source?: unknown, argument?: { literal?: unknown } }} */ node) {
        check(node, node.source ?? node.argument?.literal, true);
      },
    };
  },
};

/** A string literal's value (or a template literal's, if it has no expressions); else undefined. */
function literal(/** @type {unknown} */ source) {
  const node = /** @type {import('estree').Node | undefined} */ (source);
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** @type {import('eslint').ESLint.Plugin} */
export default { meta: { name: 'layers' }, rules: { imports } };
