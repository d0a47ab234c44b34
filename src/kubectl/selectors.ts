/** `-l` and `--field-selector` parsing with kubectl's error texts. */
import { parseSelector, type Selector } from '../k8s/labels';
import { type FieldRequirement, parseFieldSelector } from '../engine/index';
import type { ListOptions } from './client';
import { CmdError, plainError } from './errors';
import type { ResourceInfo } from '../k8s/resources';
import type { Flags } from './flags';

export function labelSelectorOf(text: string): Selector | undefined {
  if (text === '') return undefined;
  const r = parseSelector(text);
  if (!r.ok) throw plainError(r.error);
  return r.selector;
}

export function fieldSelectorOf(text: string): FieldRequirement[] | undefined {
  if (text === '') return undefined;
  const r = parseFieldSelector(text);
  if (typeof r === 'string') throw plainError(r);
  return r;
}

/**
 * The list options of `-l` and `--field-selector` for one resource. kubectl sends the selectors
 * as typed and kube-apiserver parses them: a malformed one is its 400, which the builder's
 * Selector visitor rewrites as `Unable to find "<group>/<version>, Resource=<resource>" that
 * match label selector "…", field selector "…": <the server's message>`.
 */
export function listOptions(flags: Flags, info?: ResourceInfo): ListOptions {
  const label = flags.str('selector');
  const field = flags.str('field-selector');
  const opts: ListOptions = {};
  const l = label === '' ? undefined : parseSelector(label);
  if (l && !l.ok) throw unableToFind(info, label, field, l.error);
  const f = fieldSelectorOf(field);
  if (l?.ok) opts.labelSelector = l.selector;
  if (f) opts.fieldSelector = f;
  return opts;
}

function unableToFind(info: ResourceInfo | undefined, label: string, field: string, message: string): CmdError {
  if (!info) return plainError(message);
  const gvr = `${info.group}/${info.version}, Resource=${info.resource}`;
  return new CmdError(`Error from server (BadRequest): Unable to find ${JSON.stringify(gvr)} that match label selector ${JSON.stringify(label)}, field selector ${JSON.stringify(field)}: ${message}\n`);
}
