/**
 * The replacement transformer (api/filters/replacement), the last of a kustomization's
 * transformers: a value read from one resource (a field path, `[name=x]` to pick a list item,
 * `*` for every one, an index) or given as `sourceValue`, written into fields of the resources
 * a target selects. A scalar target keeps its own type (a port stays a number, an env value a
 * string); `delimiter`/`index` read or write one part of a scalar; `create` makes what is
 * missing. Entries may come from a file (`path:`).
 */
import { matches as labelsMatch, parseSelector } from '../../k8s/labels';
import { parseDocuments } from '../manifest';
import { loadFile, type GenContext } from './generators';
import { goQuote, KustomizeError, type Json, type JsonMap } from './kustomization';
import { gvkOf, isMap, metaOf, nameOf, namespaceOf, type Res } from './resource';

interface IdSelector {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  namespace?: string;
}
interface Options {
  delimiter?: string;
  index?: number;
  create?: boolean;
}
interface Selector extends IdSelector {
  labelSelector?: string;
  annotationSelector?: string;
}
interface TargetSelector {
  select?: Selector;
  reject?: Selector[];
  fieldPaths?: string[];
  options?: Options;
}
interface Replacement {
  source?: IdSelector & { fieldPath?: string; options?: Options };
  sourceValue?: string;
  targets?: TargetSelector[];
}

/** ResId.String() of a selector: `ConfigMap.[noVer].[noGrp]/settings.[noNs]`. */
function selectorString(s: IdSelector): string {
  return `${s.kind || '[noKind]'}.${s.version || '[noVer]'}.${s.group || '[noGrp]'}/${s.name || '[noName]'}.${s.namespace || '[noNs]'}`;
}

/** The resource's ids: as it is now and as it was called before each rename (MakeResIds). */
function ids(r: Res): { name: string; namespace: string }[] {
  return [{ name: nameOf(r.obj), namespace: namespaceOf(r.obj) }, ...r.prev];
}

function gvkSelected(s: IdSelector, r: Res): boolean {
  const g = gvkOf(r.obj);
  return (!s.kind || s.kind === g.kind) && (!s.group || s.group === g.group) && (!s.version || s.version === g.version);
}

/** ResId.IsSelectedBy: every field the selector names, exactly. */
function sourceSelected(s: IdSelector, r: Res): boolean {
  return gvkSelected(s, r) && ids(r).some((id) => (!s.name || s.name === id.name) && (!s.namespace || s.namespace === id.namespace));
}

/** TargetSelectorRegex: names and namespaces as anchored regular expressions. */
function regexSelected(s: IdSelector, r: Res): boolean {
  const re = (p: string | undefined): RegExp | undefined => (p ? new RegExp(`^(?:${p})$`) : undefined);
  const name = re(s.name);
  const ns = re(s.namespace);
  return gvkSelected(s, r) && ids(r).some((id) => (!name || name.test(id.name)) && (!ns || ns.test(id.namespace)));
}

function metaSelected(s: Selector, r: Res): boolean {
  const meta = metaOf(r.obj);
  const test = (sel: string | undefined, m: Json): boolean => {
    if (!sel) return true;
    const parsed = parseSelector(sel);
    return parsed.ok && labelsMatch(parsed.selector, (isMap(m) ? m : {}) as Record<string, string>);
  };
  return test(s.labelSelector, meta['labels']) && test(s.annotationSelector, meta['annotations']);
}

/** SmarterPathSplitter: `.` separates fields, except inside `[...]`. */
function splitPath(path: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const ch of path) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === '.' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

type Place = { parent: JsonMap | Json[]; key: string | number };

/** The places a path reaches (PathMatcher): every list item `[k=v]` or `*` matches, maps made on the way with `create`. */
function locate(node: Json, parts: string[], create: boolean): Place[] {
  const [part, ...rest] = parts as [string, ...string[]];
  const children: Place[] = [];
  const item = /^\[(.*)=(.*)\]$/.exec(part);
  if (Array.isArray(node)) {
    if (item) node.forEach((el, i) => isMap(el) && String(el[item[1]!]) === item[2] && children.push({ parent: node, key: i }));
    else if (part === '*') node.forEach((_el, i) => children.push({ parent: node, key: i }));
    else if (/^\d+$/.test(part) && Number(part) < node.length) children.push({ parent: node, key: Number(part) });
  } else if (isMap(node)) {
    if (part === '*') for (const k of Object.keys(node)) children.push({ parent: node, key: k });
    else if (Object.hasOwn(node, part)) children.push({ parent: node, key: part });
    else if (create) {
      node[part] = rest.length > 0 ? {} : null;
      children.push({ parent: node, key: part });
    }
  }
  if (rest.length === 0) return children;
  return children.flatMap((c) => locate((c.parent as Record<string | number, Json>)[c.key], rest, create));
}

const get = (p: Place): Json => (p.parent as Record<string | number, Json>)[p.key];
const put = (p: Place, v: Json): void => {
  (p.parent as Record<string | number, Json>)[p.key] = v;
};
const isScalar = (v: Json): boolean => v === null || typeof v !== 'object';
const scalarText = (v: Json): string => (v === null ? '' : String(v));

function sourceValue(resources: Res[], r: Replacement): Json {
  if (r.sourceValue !== undefined && r.source) throw new KustomizeError('value and resource selectors are mutually exclusive');
  if (r.sourceValue !== undefined) return r.sourceValue;
  const s = r.source!;
  const matched = resources.filter((res) => sourceSelected(s, res));
  if (matched.length > 1) throw new KustomizeError(`multiple matches for selector ${selectorString(s)}`);
  if (matched.length === 0) throw new KustomizeError(`nothing selected by ${selectorString(s)}`);
  const fieldPath = s.fieldPath || 'metadata.name';
  const found = locate(matched[0]!.obj, splitPath(fieldPath), false)[0];
  const value = found ? get(found) : undefined;
  if (value === undefined || value === null || value === '') throw new KustomizeError(`fieldPath \`${fieldPath}\` is missing for replacement source ${selectorString(s)}`);
  if (!s.options?.delimiter) return value;
  if (!isScalar(value)) throw new KustomizeError('delimiter option can only be used with scalar nodes');
  const parts = scalarText(value).split(s.options.delimiter);
  const index = s.options.index ?? 0;
  if (index >= parts.length || index < 0) throw new KustomizeError(`options.index ${index} is out of bounds for value ${scalarText(value)}`);
  return parts[index]!;
}

/** setFieldValue: a scalar keeps its node's type and takes the new text; anything else is replaced. */
function setField(place: Place, value: Json, options: Options | undefined): void {
  const target = get(place);
  let text = isScalar(value) ? scalarText(value) : undefined;
  if (options?.delimiter) {
    if (!isScalar(target)) throw new KustomizeError('delimiter option can only be used with scalar nodes');
    const parts = scalarText(target).split(options.delimiter);
    const index = options.index ?? 0;
    const v = text ?? '';
    if (index < 0) parts.unshift(v);
    else if (index >= parts.length) parts.push(v);
    else parts[index] = v;
    text = parts.join(options.delimiter);
  }
  if (target === null || target === undefined) put(place, text ?? JSON.parse(JSON.stringify(value)));
  else if (isScalar(target) && text !== undefined) {
    if (typeof target === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) put(place, Number(text));
    else if (typeof target === 'boolean' && (text === 'true' || text === 'false')) put(place, text === 'true');
    else put(place, text);
  } else put(place, JSON.parse(JSON.stringify(value)));
}

function applyTargets(resources: Res[], value: Json, targets: TargetSelector[]): void {
  for (const t of targets) {
    if (!t.select) throw new KustomizeError('target must specify resources to select');
    const fieldPaths = t.fieldPaths?.length ? t.fieldPaths : ['metadata.name'];
    for (const r of resources) {
      if (!metaSelected(t.select, r)) continue;
      const rejects = t.reject ?? [];
      if (rejects.some((rej) => (rej.labelSelector || rej.annotationSelector) && metaSelected(rej, r))) continue;
      if (rejects.some((rej) => (rej.kind || rej.group || rej.version || rej.name || rej.namespace) && regexSelected(rej, r))) continue;
      if (!regexSelected(t.select, r)) continue;
      for (const fp of fieldPaths) {
        const create = t.options?.create ?? false;
        const places = locate(r.obj, splitPath(fp), create);
        if (places.length === 0) throw new KustomizeError(`unable to find ${create ? 'or create ' : ''}field ${goQuote(fp)} in replacement target`);
        for (const p of places) setField(p, value, t.options);
      }
    }
  }
}

/** The kustomization's replacements, each entry inline or a file of one or more. */
export function applyReplacements(ctx: GenContext, resources: Res[], entries: Json[] | undefined): void {
  const list: Replacement[] = [];
  for (const e of entries ?? []) {
    if (isMap(e) && typeof e['path'] === 'string') {
      const { objects, error } = parseDocuments(loadFile(ctx, e['path']), e['path'], '1.2');
      if (error !== undefined) throw new KustomizeError(error);
      for (const o of objects) for (const r of Array.isArray(o) ? o : [o]) list.push(r as Replacement);
    } else list.push(e as Replacement);
  }
  for (const r of list) {
    if ((r.sourceValue === undefined && !r.source) || !r.targets) throw new KustomizeError('replacements must specify a source and at least one target');
    applyTargets(resources, sourceValue(resources, r), r.targets);
  }
}
