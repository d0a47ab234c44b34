/**
 * sigs.k8s.io/yaml's YAMLToJSON over go-yaml v2: one YAML text's first document as plain JSON
 * values, or go-yaml's error for it (`yaml: line 4: did not find expected key`). go-yaml-errors.ts
 * finds and words a syntax error as go-yaml does; a document that parses is read by the `yaml`
 * library as go-yaml v2 reads it (YAML 1.1 booleans, no timestamp or sexagesimal typing). Shared
 * by kubectl's manifest loader (per document of a stream), kubeconfig loading and the kubelet's
 * static Pod files (a whole file). Input is untrusted, so nesting and alias expansion are bounded.
 */
import { parseAllDocuments, visit, type Document } from 'yaml';
import { goYamlFailure, type GoYamlFailure } from './go-yaml-errors';
import { invalidMapKey, unsupportedMapKey } from './go-yaml-keys';
import { roughDepth } from './yaml-depth';

export const MAX_DEPTH = 64;
export const MAX_ALIASES = 100;

/** Nesting depth, counted no further than past `limit` (so a cyclic value ends too). */
function depthOf(v: unknown, limit = MAX_DEPTH): number {
  let max = 0;
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    max = Math.max(max, d + 1);
    if (max > limit) return max;
    for (const c of Object.values(x as object)) stack.push([c, d + 1]);
  }
  return max;
}

/**
 * The anchor of an alias that sits inside the node it names (`metadata: &m {labels: *m}`), which
 * would decode to a value containing itself; go-yaml v2 refuses it.
 */
function selfContainingAnchor(doc: Document.Parsed): string | undefined {
  let found: string | undefined;
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc);
      if (target && path.includes(target)) {
        found = node.source;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Line breaks as go-yaml v2 reads them: CR LF, a lone CR (classic Mac), NEL, U+2028 and U+2029
 * all end a line. A JSON document (kubectl's decoder sniffs a leading `{`) keeps U+2028, U+2029
 * and NEL, which JSON allows inside strings; a raw CR can only be whitespace there.
 */
export function normaliseLineBreaks(text: string): string {
  const crlf = text.replace(/\r\n?/g, '\n');
  return /^[\s\uFEFF]*\{/.test(crlf) ? crlf : crlf.replace(/[\u0085\u2028\u2029]/g, '\n');
}

/** go-yaml v3 still reads `0755` as an octal integer, as YAML 1.1 did, where YAML 1.2's core schema reads 755. */
const GO_YAML_V3_OCTAL = {
  identify: (v: unknown): boolean => typeof v === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:int',
  test: /^0[0-7]+$/,
  resolve: (s: string): number => parseInt(s, 8),
};

/**
 * A lone `.` (`-.`, `._`): YAML 1.1's float pattern takes it, but go-yaml v2 keeps a plain
 * scalar strconv.ParseFloat refuses as a string (`resources: [.]` names a directory).
 */
const GO_YAML_V2_DOT = {
  identify: (): boolean => false,
  default: true,
  tag: 'tag:yaml.org,2002:str',
  test: /^[-+]?_*\._*$/,
  resolve: (s: string): string => s,
};

/**
 * The first document of `text` decoded (undefined when it holds none), or go-yaml's error.
 * `version` '1.2' reads as go-yaml v3 does (kustomize's kyaml: `yes` stays a string).
 */
export function yamlToJson(text: string, version: '1.1' | '1.2' = '1.1'): { value?: unknown; error?: string; at?: GoYamlFailure['at'] } {
  // Before any parser sees it: the `yaml` library's recursion is bounded by this estimate.
  if (roughDepth(text) > MAX_DEPTH) return { error: `yaml: exceeded max depth of ${MAX_DEPTH}` };
  const syntax = goYamlFailure(text);
  if (syntax) return { error: syntax.message, at: syntax.at };
  // yaml.Unmarshal decodes the first YAML document only (a `...` line ends it).
  const docs = parseAllDocuments(normaliseLineBreaks(text.startsWith('\uFEFF') ? text.slice(1) : text), {
    version,
    uniqueKeys: false,
    // go-yaml v2 leaves timestamps and base-60 numbers as strings when decoding into interface{}.
    // The first tag whose test matches wins, so these go before the schema's own int and float.
    customTags: (tags) => [
      ...(version === '1.2' ? [GO_YAML_V3_OCTAL] : [GO_YAML_V2_DOT]),
      ...tags.filter((t) => !(typeof t === 'object' && (t.tag === 'tag:yaml.org,2002:timestamp' || ('format' in t && t.format === 'TIME')))),
    ],
  });
  const first = Array.isArray(docs) ? docs[0] : undefined;
  if (!first) return {};
  const recursive = selfContainingAnchor(first);
  if (recursive !== undefined) return { error: `yaml: anchor '${recursive}' value contains itself` };
  const badKey = invalidMapKey(first);
  if (badKey) return { error: badKey };
  let value: unknown;
  try {
    value = first.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return { error: 'yaml: document contains excessive aliasing' };
  }
  if (depthOf(value) > MAX_DEPTH) return { error: `yaml: exceeded max depth of ${MAX_DEPTH}` };
  const nullKey = unsupportedMapKey(first);
  if (nullKey) return { error: nullKey };
  return { value };
}
