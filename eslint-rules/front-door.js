// @ts-check
/**
 * `front-door/engine`: the engine's clients (src/kubectl, src/worker, src/cli) reach it only
 * through src/engine/index.ts, its public surface. Checked on what a specifier RESOLVES to, for
 * runtime and type imports alike (static imports, re-exports, dynamic `import()`, `import('…')`
 * types): `../engine/simulation` and `../store/../../engine/world` both fail, `../engine` and
 * `../engine/index` pass. Which layers may import the engine at all is `layers/imports`' business;
 * this rule only says by which door.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in <root>/eslint-rules/. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = 'src/engine';
/** The door itself, as a specifier may name it (the folder, or index with or without extension). */
const DOOR = new Set([ENGINE, `${ENGINE}/index`, `${ENGINE}/index.ts`, `${ENGINE}/index.js`]);

/** @param {string} abs */
const fromRoot = (abs) => relative(ROOT, abs).split(sep).join('/');

/** A string literal's value (or a template literal's, if it has no expressions); else undefined. */
function literal(/** @type {unknown} */ source) {
  const node = /** @type {import('estree').Node | undefined} */ (source);
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const engine = {
  meta: {
    type: 'problem',
    docs: { description: 'Clients of the engine import it only through src/engine/index.ts.' },
    schema: [],
    messages: {
      door: "'{{spec}}' is {{target}}, inside the engine: import it from src/engine/index.ts, the engine's front door (add it there if a client genuinely needs it).",
    },
  },
  create(context) {
    /** @param {import('estree').Node} node @param {unknown} source */
    function check(node, source) {
      const spec = literal(source);
      if (spec === undefined || !spec.startsWith('.')) return;
      const target = fromRoot(resolve(dirname(context.filename), spec));
      if (!target.startsWith(`${ENGINE}/`) || DOOR.has(target)) return;
      context.report({ node, messageId: 'door', data: { spec, target } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      /** `import('../engine/x').T` in a type position. */
      TSImportType: (/** @type {import('estree').Node & { source?: unknown, argument?: { literal?: unknown } }} */ node) =>
        check(node, node.source ?? node.argument?.literal),
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
export default { meta: { name: 'front-door' }, rules: { engine } };
