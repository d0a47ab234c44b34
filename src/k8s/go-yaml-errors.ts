/**
 * go-yaml's words for a syntax error (`yaml: line 4: could not find expected ':'`), from the
 * `yaml` library's first error in a document. Shared by kubectl's manifest loader and the
 * kubelet's static Pod file source, which both decode YAML with sigs.k8s.io/yaml over go-yaml.
 */
import type { Document } from 'yaml';

const YAML_MESSAGES: Record<string, string> = {
  BAD_INDENT: 'did not find expected key',
  MULTILINE_IMPLICIT_KEY: "could not find expected ':'",
  BLOCK_AS_IMPLICIT_KEY: 'mapping values are not allowed in this context',
  UNEXPECTED_TOKEN: 'mapping values are not allowed in this context',
  TAB_AS_INDENT: 'found character that cannot start any token',
  BAD_SCALAR_START: 'found character that cannot start any token',
  MISSING_CHAR: 'found unexpected end of stream',
  BAD_DQ_ESCAPE: 'found unknown escape character while parsing a quoted scalar',
  BLOCK_IN_FLOW: "did not find expected ',' or ']'",
  BAD_ALIAS: 'unknown anchor referenced',
};

export function yamlError(doc: Document.Parsed, text: string): string | undefined {
  const e = doc.errors[0];
  if (!e) return undefined;
  const unclosed = unclosedFlow(e, text);
  if (unclosed) return unclosed;
  // go-yaml notices a missing ':' only on the following line.
  const line = (e.linePos?.[0]?.line ?? 1) + (e.code === 'MULTILINE_IMPLICIT_KEY' ? 1 : 0);
  return `yaml: line ${line}: ${YAML_MESSAGES[e.code] ?? 'did not find expected node content'}`;
}

/**
 * A `[` or `{` the stream ends inside (`foo: [`, `a: [1, 2`): the yaml library reports the line
 * after; go-yaml's parser fails at the collection's last token, wanting a node after `[`, `{` or
 * `,`, and a separator or the closing bracket after a value (recorded from kubectl v1.35.2:
 * `foo: [` → line 1 `did not find expected node content`; `a: [1, 2` → line 1 `did not find
 * expected ',' or ']'`; `a: {b: 1` → `… ',' or '}'`).
 */
function unclosedFlow(e: Document.Parsed['errors'][number], text: string): string | undefined {
  if (e.code !== 'BAD_INDENT') return undefined;
  const map = e.message.startsWith('Flow map');
  if (!map && !e.message.startsWith('Flow sequence')) return undefined;
  let i = Math.min(e.pos[0], text.length) - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (i < 0) return undefined;
  const line = text.slice(0, i + 1).split('\n').length;
  const wantsNode = text[i] === '[' || text[i] === '{' || text[i] === ',';
  return `yaml: line ${line}: ${wantsNode ? 'did not find expected node content' : `did not find expected ',' or '${map ? '}' : ']'}'`}`;
}
