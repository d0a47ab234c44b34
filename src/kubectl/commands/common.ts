/** Helpers shared by the mutating commands: --dry-run, the operation printer, -o handling. */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { objectRef } from '../builder';
import { plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import type { FileSource } from '../types';
import { toJsonIndentInOrder } from '../../k8s/printers/json';
import { toKyamlInOrder } from '../../k8s/printers/kyaml';
import { nameOf, noCompatiblePrinter, parseOutput, printGeneric, PRINT_FORMATS, type TemplateOptions } from '../printers/generic';

export type DryRun = 'none' | 'client' | 'server';

export const DRY_RUN_FLAG: FlagDef = { name: 'dry-run', kind: 'string', noOptDefault: 'unchanged', values: ['client', 'none', 'server'] };
/** `-o` of the commands that print with printResult. */
export const OUTPUT_FLAG: FlagDef = { name: 'output', short: 'o', kind: 'string', values: ['go-template=', 'json', 'jsonpath=', 'kyaml', 'name', 'yaml'] };
/** The template print flags every command with `-o` has (GoTemplatePrintFlags.AddFlags). */
export const TEMPLATE_FLAGS: readonly FlagDef[] = [
  { name: 'template', kind: 'string', values: 'files' },
  { name: 'allow-missing-template-keys', kind: 'bool' },
];
export const FILENAME_FLAG: FlagDef = { name: 'filename', short: 'f', kind: 'strings', values: 'files' };
export const VALIDATE_FLAG: FlagDef = { name: 'validate', kind: 'string', noOptDefault: 'strict', values: ['ignore', 'strict', 'warn'] };

/** The create generators' printing and writing flags (PrintFlags.AddFlags, cmdutil.AddDryRunFlag and friends). */
export const GENERATOR_WRITE_FLAGS: readonly FlagDef[] = [
  { name: 'save-config', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'show-managed-fields', kind: 'bool' },
  VALIDATE_FLAG,
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
];

export function dryRunOf(flags: Flags): DryRun {
  const v = flags.str('dry-run', 'none');
  switch (v) {
    case 'none':
    case 'false':
      return 'none';
    case 'client':
    case 'unchanged':
    case 'true':
      return 'client';
    case 'server':
      return 'server';
    default:
      throw plainError(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
  }
}

/** `created`, `created (dry run)`, `created (server dry run)`. */
export function withDryRun(op: string, dry: DryRun): string {
  return dry === 'client' ? `${op} (dry run)` : dry === 'server' ? `${op} (server dry run)` : op;
}

/** The template print flags a command was given, where the command defines them. */
export function templateOptions(flags: Flags, files?: FileSource): TemplateOptions {
  return { template: flags.str('template'), allowMissingKeys: flags.bool('allow-missing-template-keys', true), ...(files ? { files } : {}) };
}

/**
 * PrintFlags.ToPrinter, which mutating commands call in Complete: an unknown `-o` stops the
 * command before it sends anything.
 */
export function checkOutput(flags: Flags, files?: FileSource): void {
  const o = flags.str('output');
  if (o === '' && flags.str('template') === '') return;
  const fmt = parseOutput(o, PRINT_FORMATS, templateOptions(flags, files));
  if (fmt.kind === 'table' || fmt.kind === 'custom-columns') throw noCompatiblePrinter(o, PRINT_FORMATS);
}

/**
 * What a mutating command prints for one object: `kind.group/name <operation>` by default,
 * `kind.group/name` with -o name, the object itself with -o yaml/json/jsonpath. `typed` is for a
 * command that prints a client-go typed client's result: it gives the object as its Go struct
 * holds it (fields the struct always encodes, keys in field order), and -o json and -o kyaml keep
 * that order; without it the keys come out sorted, as from an unstructured object.
 */
export function printResult(env: Env, flags: Flags, info: ResourceInfo, obj: KObject, operation: string, typed?: (o: KObject) => KObject): void {
  const o = flags.str('output');
  if (o === '' && flags.str('template') === '') {
    // The name printer reads the object's own kind: a `/scale` write answers a Scale.
    // An object answered without a name (a SubjectAccessReview) is `<unknown>` to the NamePrinter.
    const ref = obj.kind && obj.kind !== info.kind ? nameOf(obj) : objectRef(info, obj.metadata.name || '<unknown>');
    env.out.out(`${ref} ${operation}\n`);
    return;
  }
  const fmt = parseOutput(o, PRINT_FORMATS, templateOptions(flags, env.files));
  if (fmt.kind === 'table' || fmt.kind === 'custom-columns') throw noCompatiblePrinter(o, PRINT_FORMATS);
  const withType = { ...obj, apiVersion: obj.apiVersion, kind: obj.kind || info.kind };
  const shown = typed ? typed(withType) : withType;
  const managed = flags.bool('show-managed-fields');
  if ((fmt.kind === 'json' || fmt.kind === 'kyaml') && typed) {
    // OmitManagedFieldsPrinter, as printGeneric applies it to the other formats.
    const { managedFields: _omitted, ...metadata } = shown.metadata;
    const printed = managed ? shown : { ...shown, metadata };
    env.out.out(fmt.kind === 'json' ? toJsonIndentInOrder(printed) : toKyamlInOrder(printed));
    return;
  }
  env.out.out(printGeneric(fmt, [shown], true, false, managed));
}

export const NO_RESOURCES = `error: You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'
`;
