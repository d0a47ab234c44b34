/**
 * The objects a command acts on, from `-f`, `TYPE NAME...`, `TYPE/NAME`, `-l` or `--all` —
 * fetched through the API so that a missing object is the server's NotFound.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { parseResourceArgs } from '../builder';
import { CmdError, failureText, type Failure } from '../errors';
import type { Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { stringMeta } from '../apply/objects';
import { enhanceListError, listOptions } from '../selectors';
import { pushAll } from '../../k8s/arrays';
import { failIfUnrecognizable, loadInputs, usesFiles } from '../file-inputs';

export interface Target {
  info: ResourceInfo;
  obj: KObject;
  /** The manifest file it came from, for `error when ... "x.yaml"` messages. */
  source?: string;
}

export interface Targets {
  items: Target[];
  errors: Failure[];
  /** Whether a selector or --all chose the objects (an empty result is then not an error). */
  byQuery: boolean;
}

export interface TargetOptions {
  /** Required argument form message when nothing names the objects. */
  requireMessage?: string;
  allNamespaces?: boolean;
}

export function collectTargets(env: Env, flags: Flags, args: string[], opts: TargetOptions = {}): Targets {
  const ns = namespaceOf(env, flags);
  const items: Target[] = [];
  const errors: Failure[] = [];
  if (usesFiles(flags)) {
    const loaded = loadInputs(env, flags);
    if (loaded.errors.length) throw new CmdError(failureText(loaded.errors));
    failIfUnrecognizable(env, flags, loaded);
    for (const d of loaded.docs) {
      const r = env.client.getNamed(d.info, d.info.namespaced ? stringMeta(d.obj, 'namespace') || ns : undefined, stringMeta(d.obj, 'name'));
      if (r.ok) items.push({ info: d.info, obj: r.value, source: d.source });
      else errors.push({ api: r.error });
    }
    return { items, errors, byQuery: false };
  }
  const groups = parseResourceArgs(args);
  const query = flags.bool('all') || flags.str('selector') !== '' || flags.str('field-selector') !== '';
  for (const g of groups) {
    if (g.names.length === 0) {
      if (!query) {
        if (opts.requireMessage) throw new CmdError(opts.requireMessage);
        throw new CmdError('error: resource(s) were provided, but no name was specified\n');
      }
      const r = env.client.list(g.info, opts.allNamespaces ? undefined : ns, listOptions(flags, g.info));
      if (r.ok) pushAll(items, r.value.map((obj) => ({ info: g.info, obj })));
      else errors.push({ api: enhanceListError(r.error, g.info, flags) });
      continue;
    }
    for (const name of g.names) {
      const r = env.client.getNamed(g.info, ns, name);
      if (r.ok) items.push({ info: g.info, obj: r.value });
      else errors.push({ api: r.error });
    }
  }
  return { items, errors, byQuery: query };
}
