/**
 * The non-table output formats of `kubectl get` and of mutating commands' `-o`:
 * yaml, kyaml, json, name, go-template (template, go-template-file, templatefile), jsonpath,
 * jsonpath-as-json, custom-columns.
 */
import type { KObject } from '../../k8s/types';
import { infoForKind } from '../discovery';
import { CmdError, plainError } from '../errors';
import { objectRef } from '../builder';
import { toJsonIndent } from '../../k8s/printers/json';
import { executeTemplate, findResults, JsonPathError, parseTemplate, relaxedJsonPath } from './jsonpath';
import { TabWriter, GET_TABLE } from '../../k8s/go-tabwriter';
import { toYaml } from '../../k8s/printers/yaml';
import { toKyaml } from '../../k8s/printers/kyaml';
import { goValue } from '../../k8s/printers/util';
import { type GoTemplate, GoTemplateError, parseGoTemplate, printGoTemplate } from './go-template/index';
import type { FileSource } from '../types';

export type OutputFormat =
  | { kind: 'table'; wide: boolean }
  | { kind: 'yaml' }
  | { kind: 'kyaml' }
  | { kind: 'json' }
  | { kind: 'name' }
  | { kind: 'jsonpath'; template: string; asJson: boolean }
  | { kind: 'go-template'; template: GoTemplate; allowMissingKeys: boolean }
  | { kind: 'custom-columns'; columns: { header: string; template: string }[] };

/**
 * The formats cli-runtime v1.36's print flags list (json_yaml with kyaml, on by default since
 * v1.35 unless KUBECTL_KYAML=false; name, template, jsonpath; `get` adds custom-columns and wide).
 */
export const PRINT_FORMATS: readonly string[] = ['json', 'yaml', 'kyaml', 'name', 'template', 'go-template', 'go-template-file', 'templatefile', 'jsonpath', 'jsonpath-file', 'jsonpath-as-json'];
export const GET_FORMATS: readonly string[] = [...PRINT_FORMATS, 'custom-columns', 'custom-columns-file', 'wide'];

/** NoCompatiblePrinterError: the allowed formats sorted and joined by commas. */
export function noCompatiblePrinter(o: string, allowed: readonly string[]): CmdError {
  return plainError(`unable to match a printer suitable for the output format "${o}", allowed formats are: ${[...allowed].sort().join(',')}`);
}

/** The print flags besides `-o` that shape a template printer. */
export interface TemplateOptions {
  /** --template: the template (or template file) when `-o` names only the format. */
  template?: string;
  /** --allow-missing-template-keys (default true). */
  allowMissingKeys?: boolean;
  /** Where go-template-file / templatefile read from: the virtual files `-f` reads. */
  files?: FileSource;
}

const GO_TEMPLATE_FORMATS: readonly string[] = ['template', 'go-template', 'go-template-file', 'templatefile'];

/** GoTemplatePrintFlags.ToPrinter: undefined when `o` is not one of its formats. */
function goTemplateFormat(o: string, allowed: readonly string[], opts: TemplateOptions): OutputFormat | undefined {
  const arg = opts.template ?? '';
  let fmt = o;
  let text = arg;
  if (arg === '') {
    const prefix = GO_TEMPLATE_FORMATS.find((f) => o.startsWith(`${f}=`));
    if (prefix !== undefined) [fmt, text] = [prefix, o.slice(prefix.length + 1)];
  }
  if (!GO_TEMPLATE_FORMATS.includes(fmt)) {
    // `-o go-template=x --template y`: the format is then all of `go-template=x`, which no printer takes.
    if (arg !== '' && GO_TEMPLATE_FORMATS.some((f) => o.startsWith(`${f}=`))) throw noCompatiblePrinter(o, allowed);
    return undefined;
  }
  if (text === '') throw plainError('template format specified but no template given');
  if (fmt === 'go-template-file' || fmt === 'templatefile') text = readTemplateFile(text, opts.files);
  try {
    return { kind: 'go-template', template: parseGoTemplate(text), allowMissingKeys: opts.allowMissingKeys ?? true };
  } catch (e) {
    if (e instanceof GoTemplateError) throw plainError(e.message);
    throw e;
  }
}

/** os.ReadFile as the page has it: the virtual files, with Go's *PathError wording. */
function readTemplateFile(path: string, files: FileSource | undefined): string {
  const text = files?.readFile(path);
  if (text !== undefined) return text;
  const why = files?.listDir(path) !== undefined ? `read ${path}: is a directory` : `open ${path}: no such file or directory`;
  throw plainError(`error reading --template ${path}, ${why}`);
}

/** Parses `-o`; an empty value is the default table (or go-template when --template is given). */
export function parseOutput(o: string, allowed: readonly string[] = GET_FORMATS, opts: TemplateOptions = {}): OutputFormat {
  // PrintFlags.ToPrinter: a --template with no -o means go-template.
  if (o === '' && (opts.template ?? '') !== '') o = 'go-template';
  if (o === '') return { kind: 'table', wide: false };
  if (o === 'wide') return { kind: 'table', wide: true };
  if (o === 'yaml') return { kind: 'yaml' };
  if (o === 'kyaml') return { kind: 'kyaml' };
  if (o === 'json') return { kind: 'json' };
  if (o === 'name') return { kind: 'name' };
  const tmpl = goTemplateFormat(o, allowed, opts);
  if (tmpl) return tmpl;
  const eq = o.indexOf('=');
  const fmt = eq < 0 ? o : o.slice(0, eq);
  let arg = eq < 0 ? '' : o.slice(eq + 1);
  if (fmt === 'jsonpath' || fmt === 'jsonpath-as-json') {
    // JSONPathPrintFlags take --template too when -o names only the format.
    if (eq < 0 && (opts.template ?? '') !== '') arg = opts.template ?? '';
    if (arg === '') throw plainError('template format specified but no template given');
    try {
      parseTemplate(arg);
    } catch (e) {
      throw plainError(`error parsing jsonpath ${arg}, ${(e as Error).message}`);
    }
    return { kind: 'jsonpath', template: arg, asJson: fmt === 'jsonpath-as-json' };
  }
  if (fmt === 'custom-columns') {
    if (arg === '') throw plainError('custom-columns format specified but no custom columns given');
    const columns = arg.split(',').map((spec) => {
      const i = spec.indexOf(':');
      if (i < 0) throw plainError(`unexpected custom-columns spec: ${spec}, expected <header>:<json-path-expr>`);
      let template: string;
      try {
        template = relaxedJsonPath(spec.slice(i + 1));
      } catch (e) {
        throw plainError((e as Error).message);
      }
      // The column's template is parsed when the first object prints, after the header (below).
      return { header: spec.slice(0, i), template };
    });
    return { kind: 'custom-columns', columns };
  }
  throw noCompatiblePrinter(o, allowed);
}

/** The List wrapper kubectl prints around several objects. */
export function asList(objs: KObject[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: objs, kind: 'List', metadata: { resourceVersion: '' } };
}

export function nameOf(obj: KObject): string {
  const info = infoForKind(obj.kind, obj.apiVersion);
  // NamePrinter: an object without a name (a review's answer) is `<unknown>`.
  if (info) return objectRef(info, obj.metadata.name || '<unknown>');
  // NamePrinter: the lower-cased GroupKind of a kind no resource serves (a `/scale` GET's Scale).
  const slash = obj.apiVersion.indexOf('/');
  const group = slash < 0 ? '' : `.${obj.apiVersion.slice(0, slash)}`;
  return `${obj.kind}${group}`.toLowerCase() + `/${obj.metadata.name || '<unknown>'}`;
}

function withoutManagedFields(o: KObject): KObject {
  if (o.metadata?.managedFields === undefined) return o;
  const { managedFields: _omitted, ...metadata } = o.metadata;
  return { ...o, metadata };
}

/** Prints objects in a generic format; `single` means the user named exactly one object. */
export function printGeneric(fmt: Exclude<OutputFormat, { kind: 'table' }>, objs: KObject[], single: boolean, noHeaders = false, showManagedFields = false): string {
  // OmitManagedFieldsPrinter: JSON and YAML leave managedFields out unless --show-managed-fields.
  if (!showManagedFields && (fmt.kind === 'yaml' || fmt.kind === 'kyaml' || fmt.kind === 'json')) objs = objs.map(withoutManagedFields);
  const data: unknown = single && objs.length === 1 ? objs[0] : asList(objs);
  switch (fmt.kind) {
    case 'yaml':
      return toYaml(data);
    case 'kyaml':
      return toKyaml(data);
    case 'json':
      return toJsonIndent(data);
    case 'name':
      return objs.map((o) => `${nameOf(o)}\n`).join('');
    case 'jsonpath':
      try {
        return executeTemplate(fmt.template, data, fmt.asJson);
      } catch (e) {
        if (e instanceof JsonPathError) throw plainError(e.message);
        throw e;
      }
    case 'go-template':
      try {
        return printGoTemplate(fmt.template, data, fmt.allowMissingKeys);
      } catch (e) {
        // kubectl writes the partial output and a debugging dump to stdout before failing.
        if (e instanceof GoTemplateError) throw new CmdError(`error: ${e.message}\n`, 1, e.stdout);
        throw e;
      }
    case 'custom-columns': {
      const tw = new TabWriter(GET_TABLE);
      if (!noHeaders) tw.write(`${fmt.columns.map((c) => c.header).join('\t')}\n`);
      let parsed: ReturnType<typeof parseTemplate>[];
      try {
        parsed = fmt.columns.map((c) => parseTemplate(c.template));
      } catch (e) {
        // CustomColumnsPrinter.PrintObj parses each column after writing the header.
        if (e instanceof JsonPathError) throw new CmdError(`error: ${e.message}\n`, 1, tw.flush());
        throw e;
      }
      for (const o of objs) {
        const cells = parsed.map((nodes) => {
          const values = findResults(nodes, o).flat();
          return values.length === 0 ? '<none>' : values.map(goValue).join(',');
        });
        tw.write(`${cells.join('\t')}\n`);
      }
      return tw.flush();
    }
  }
}
