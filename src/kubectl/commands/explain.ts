/**
 * `kubectl explain TYPE[.FIELD...] [--recursive] [--api-version=GROUP/VERSION]` as kubectl v1.36
 * runs it (pkg/cmd/explain, pkg/explain/v2): one GET of the group version's document from
 * kube-apiserver's OpenAPI v3 endpoint, with upstream's descriptions, enums and required fields
 * joined on (../explain/describe.ts), rendered as the `plaintext` template renders it
 * (templates/plaintext.tmpl): GROUP/KIND/VERSION, the FIELD line (and ENUM list) for a field
 * path, DESCRIPTION wrapped at 76 columns, then FIELDS, each with its type, `-required-`, a short
 * `enum:` line and its description wrapped at 78 columns less its indent, or, with --recursive,
 * only names and types, nested. v1.36 has no --max-depth (it came after).
 */
import type { ResourceInfo } from '../../k8s/resources';
import { resolveTyped } from '../discovery';
import { describeDocument, type Doc, type Schema } from '../explain/describe';
import { apiDocs, loadApiDocs } from '../explain/load';
import { CmdError, fatalText, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { noCompatiblePrinter } from '../printers/generic';
import { wrapString } from '../printers/wordwrap';

export const EXPLAIN_FLAGS: FlagDef[] = [
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'api-version', kind: 'string' },
  { name: 'output', short: 'o', kind: 'string', values: ['plaintext', 'plaintext-openapiv2'] },
];

type History = Readonly<Record<string, true>>;

function indent(amount: number, s: string): string {
  const pad = ' '.repeat(amount);
  return pad + s.split('\n').join(`\n${pad}`);
}

function mapValue(s: Schema): Schema | undefined {
  return typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
}

class Renderer {
  constructor(
    private readonly doc: Doc,
    private readonly recursive: boolean,
  ) {}

  resolve(ref: string | undefined): Schema | undefined {
    if (!ref) return undefined;
    return this.doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
  }

  typeGuess(s: Schema): string {
    if (s.items) return `[]${this.typeGuess(s.items)}`;
    const value = mapValue(s);
    if (value) return `map[string]${this.typeGuess(value)}`;
    if (s.allOf && !s.properties && s.allOf.length === 1) return this.typeGuess(s.allOf[0]!);
    if (s.$ref) {
      const target = this.resolve(s.$ref);
      if (!target || !target.type || target.type === 'object') return s.$ref.split('/').pop()!.split('.').pop() || 'Object';
      return target.type;
    }
    return s.type === 'object' ? 'Object' : s.type || 'Object';
  }

  /** extractEnum: a short `enum:` line under a field, or the long `ENUM:` list under FIELD. */
  enumOf(s: Schema, long: boolean, indentAmount = 0): string {
    if (!s.enum?.length) return '';
    const show = (e: unknown): string => (e === '' ? '""' : String(e));
    if (long) return `ENUM:${s.enum.map((e) => `\n    ${show(e)}`).join('')}`;
    const shown = s.enum.slice(0, 4).map(show).join(', ');
    return `\n${' '.repeat(indentAmount)}enum: ${shown}${s.enum.length > 4 ? ', ....' : ''}`;
  }

  description(s: Schema): string {
    const r = this.resolve(s.$ref) ?? s;
    let out = r.description ? `${r.description}\n` : '';
    for (const a of r.allOf ?? []) out += this.description(a);
    if (r.items) out += this.description(r.items);
    const value = mapValue(r);
    if (value) out += this.description(value);
    return out;
  }

  fieldDetail(name: string, holder: Schema, level: number): string {
    const ind = level * 2;
    const f = holder.properties![name]!;
    let out = `${indent(ind, name)}\t<${this.typeGuess(f)}>${holder.required?.includes(name) ? ' -required-' : ''}${this.enumOf(f, false, ind)}\n`;
    if (!this.recursive) out += `${indent(ind + 2, wrapString(f.description || '<no description>', 78 - ind))}\n\n`;
    return out;
  }

  fieldList(s: Schema, level: number, history: History): string {
    const ref = s.$ref ?? '';
    if (ref && history[ref]) return '';
    const next: History = { ...history, [ref]: true };
    const r = this.resolve(ref) ?? s;
    let out = '';
    for (const name of Object.keys(r.properties ?? {}).sort()) {
      out += this.fieldDetail(name, r, level);
      if (this.recursive) out += this.fieldList(r.properties![name]!, level + 1, next);
    }
    for (const a of r.allOf ?? []) out += this.fieldList(a, level, next);
    if (r.items) out += this.fieldList(r.items, level, next);
    const value = mapValue(r);
    if (value) out += this.fieldList(value, level, next);
    return out;
  }

  output(s: Schema, path: readonly string[], history: History): string {
    const ref = s.$ref ?? '';
    const next: History = { ...history, [ref]: true };
    const r = this.resolve(ref) ?? s;
    if (path.length === 0) {
      let out = `DESCRIPTION:\n${indent(4, wrapString(this.description(r) || '<empty>', 76))}\n`;
      const fields = this.fieldList(r, 1, {});
      if (fields) out += `FIELDS:\n${fields}`;
      return out;
    }
    if (ref && history[ref]) return '';
    const sub = r.properties?.[path[0]!];
    if (sub) {
      const head = path.length === 1 ? `FIELD: ${path[0]!} <${this.typeGuess(sub)}>\n${this.enumOf(sub, true)}\n\n` : '';
      return head + this.output(sub, path.slice(1), {});
    }
    if (r.items) return this.output(r.items, path, next);
    const value = mapValue(r);
    if (value) return this.output(value, path, next);
    for (const a of r.allOf ?? []) {
      const out = this.output(a, path, next);
      if (out) return out;
    }
    return '';
  }
}

/** schema.GroupVersionResource's String(). */
interface Gvr {
  group: string;
  version: string;
  resource: string;
}

function gvrString(g: Gvr): string {
  return `${g.group}/${g.version}, Resource=${g.resource}`;
}

/**
 * SplitAndParseResourceRequest(WithMatchingPrefix): `deployments.apps.spec` or `deploy.spec`;
 * with --api-version the first segment alone names the resource.
 */
function parseRequest(arg: string, matchGroup: boolean): { info: ResourceInfo; path: string[] } {
  const parts = arg.split('.');
  const info = resolveTyped(parts[0]!);
  // CheckErr prints a NoResourceMatchError without the `error: ` prefix.
  if (!info) throw new CmdError(`the server doesn't have a resource type "${parts[0]!}"\n`);
  let rest = parts.slice(1);
  const groupParts = info.group ? info.group.split('.') : [];
  if (matchGroup && groupParts.length && rest.slice(0, groupParts.length).join('.') === info.group) rest = rest.slice(groupParts.length);
  if (rest.some((p) => p === '')) throw plainError('invalid jsonpath syntax, all nodes must be field nodes');
  return { info, path: rest };
}

/** schema.ParseGroupVersion. */
function parseGroupVersion(gv: string): { group: string; version: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const slashes = gv.split('/').length - 1;
  if (slashes === 0) return { group: '', version: gv };
  if (slashes === 1) return { group: gv.slice(0, gv.indexOf('/')), version: gv.slice(gv.indexOf('/') + 1) };
  throw plainError(`unexpected GroupVersion string: ${gv}`);
}

/** The template's GVK lookup: the list (or item) path of the resource, either scope. */
function gvkOf(doc: Doc, g: Gvr): { group: string; kind: string; version: string } | undefined {
  const prefix = g.group ? `/apis/${g.group}` : '/api';
  const searched = [`${prefix}/${g.version}/${g.resource}`, `${prefix}/${g.version}/${g.resource}/{name}`, `${prefix}/${g.version}/namespaces/{namespace}/${g.resource}`, `${prefix}/${g.version}/namespaces/{namespace}/${g.resource}/{name}`];
  for (const path of searched) {
    const item = doc.paths?.[path];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const gvk = item?.[method]?.['x-kubernetes-group-version-kind'];
      if (gvk) return gvk;
    }
  }
  return undefined;
}

export function runExplain(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, EXPLAIN_FLAGS, 'kubectl explain');
  const output = flags.str('output') || 'plaintext';
  if (output !== 'plaintext') throw noCompatiblePrinter(output, ['plaintext']);
  if (flags.args.length === 0) throw new CmdError('error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n');
  if (flags.args.length > 1) throw new CmdError('error: We accept only this format: explain RESOURCE\n');
  const apiVersion = flags.str('api-version');
  const { info, path } = parseRequest(flags.args[0]!, !apiVersion);
  const gvr: Gvr = { group: info.group, version: info.version, resource: info.resource };
  if (apiVersion) Object.assign(gvr, parseGroupVersion(apiVersion));
  const gvPath = gvr.group ? `/openapi/v3/apis/${gvr.group}/${gvr.version}` : `/openapi/v3/api/${gvr.version}`;
  // The RESTMapper first: a cold discovery cache that cannot be filled ends here (recorded).
  const down = env.client.discover();
  if (down) throw new CmdError(fatalText(down));
  const res = env.client.rawPath(gvPath);
  // Discovery cached, the schema fetch fails as checkErr words it (`The connection to the server … was refused`, recorded).
  if (!res.ok) throw new CmdError(fatalText(res.error));
  if (res.code !== 200) throw plainError(`couldn't find resource for "${gvrString(gvr)}"`);
  const doc = JSON.parse(res.body) as Doc;
  const docs = apiDocs();
  if (docs) describeDocument(doc, docs);
  else void loadApiDocs();
  const gvk = gvkOf(doc, gvr);
  if (!gvk) throw plainError(`GVR (${gvrString(gvr)}) not found in OpenAPI schema`);
  // The template writes as it goes: the header is out before a lookup below can fail.
  env.out.out(`${gvk.group ? `GROUP:      ${gvk.group}\n` : ''}KIND:       ${gvk.kind}\nVERSION:    ${gvk.version}\n\n`);
  const root = Object.values(doc.components?.schemas ?? {}).find((s) => s['x-kubernetes-group-version-kind']?.some((g) => g.group === gvk.group && g.kind === gvk.kind && g.version === gvk.version));
  if (!root) throw plainError(`GVK map[group:${gvk.group} kind:${gvk.kind} version:${gvk.version}] not found in OpenAPI schema`);
  const body = new Renderer(doc, flags.bool('recursive')).output(root, path, {});
  if (!body) throw plainError(`field "${path[path.length - 1]!}" does not exist`);
  env.out.out(`${body}\n`);
  return 0;
}
