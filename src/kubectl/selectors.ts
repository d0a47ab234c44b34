/** `-l` and `--field-selector` parsing with kubectl's error texts. */
import { parseSelector, type Selector } from '../k8s/labels';
import { parseFieldSelector } from '../engine/index';
import type { ListOptions } from './client';
import { CmdError, isNetworkError, plainError, type ApiError } from './errors';
import type { ResourceInfo } from '../k8s/resources';
import type { Flags } from './flags';

export function labelSelectorOf(text: string): Selector | undefined {
  if (text === '') return undefined;
  const r = parseSelector(text);
  if (!r.ok) throw plainError(r.error);
  return r.selector;
}

/**
 * The list options of `-l` and `--field-selector` for one resource. kubectl sends the selectors
 * as typed and kube-apiserver parses them: a malformed one is its 400, which the builder's
 * Selector visitor rewrites (enhanceListError). Parsed here with the server's parsers, so the
 * engine is handed requirements; which field labels the resource supports is the server's to say.
 */
export function listOptions(flags: Flags, info?: ResourceInfo): ListOptions {
  const label = flags.str('selector');
  const field = flags.str('field-selector');
  const opts: ListOptions = {};
  const l = label === '' ? undefined : parseSelector(label);
  if (l && !l.ok) throw unableToFind(info, label, field, l.error);
  const f = field === '' ? undefined : parseFieldSelector(field);
  if (typeof f === 'string') throw unableToFind(info, label, field, f);
  if (l?.ok) opts.labelSelector = l.selector;
  if (f) opts.fieldSelector = f;
  return opts;
}

function gvrOf(info: ResourceInfo): string {
  return `${info.group}/${info.version}, Resource=${info.resource}`;
}

function unableToFind(info: ResourceInfo | undefined, label: string, field: string, message: string): CmdError {
  if (!info) return plainError(message);
  return new CmdError(`Error from server (BadRequest): Unable to find ${JSON.stringify(gvrOf(info))} that match label selector ${JSON.stringify(label)}, field selector ${JSON.stringify(field)}: ${message}\n`);
}

/**
 * cli-runtime's EnhanceListError, which the builder's Selector visitor applies to a failed list:
 * a BadRequest or NotFound keeps its reason and gets the resource (and the selectors, if any) in
 * front of its message.
 */
export function enhanceListError(e: ApiError, info: ResourceInfo, flags: Flags): ApiError {
  if (isNetworkError(e) || (e.reason !== 'BadRequest' && e.reason !== 'NotFound')) return e;
  const label = flags.str('selector');
  const field = flags.str('field-selector');
  const subject = JSON.stringify(gvrOf(info));
  const message =
    label === '' && field === ''
      ? `Unable to list ${subject}: ${e.message}`
      : `Unable to find ${subject} that match label selector ${JSON.stringify(label)}, field selector ${JSON.stringify(field)}: ${e.message}`;
  return { ...e, message };
}
