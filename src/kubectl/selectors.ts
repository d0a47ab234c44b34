/** `-l` and `--field-selector` parsing with kubectl's error texts. */
import { parseSelector, type Selector } from '../k8s/labels';
import { type FieldRequirement, parseFieldSelector } from '../engine/index';
import type { ListOptions } from './client';
import { plainError } from './errors';
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

export function listOptions(flags: Flags): ListOptions {
  const opts: ListOptions = {};
  const l = labelSelectorOf(flags.str('selector'));
  const f = fieldSelectorOf(flags.str('field-selector'));
  if (l) opts.labelSelector = l;
  if (f) opts.fieldSelector = f;
  return opts;
}
