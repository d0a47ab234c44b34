/**
 * What kubectl's resource.Builder does with positional arguments: `TYPE`, `TYPE1,TYPE2`,
 * `TYPE NAME...`, `TYPE/NAME...`, categories (`all`, `api-extensions`), short names and group-qualified names —
 * resolved against the API's discovery table (api/resources.ts).
 */
import { RESOURCES, type ResourceInfo } from '../k8s/resources';
import { customResourceInfos, resolveTyped } from './discovery';
import { customSource } from '../k8s/apiextensions';
import { plainError } from './errors';

export interface TargetGroup {
  info: ResourceInfo;
  /** Empty: every object of the type (subject to selectors). */
  names: string[];
}


export function resolveType(typed: string): ResourceInfo {
  const info = resolveTyped(typed);
  if (!info) throw plainError(`the server doesn't have a resource type "${typed}"`);
  return info;
}

/**
 * A category as kubectl's discovery category expander finds it (`all`, `api-extensions`): every
 * resource discovery lists with it, in discovery's order (batch's cronjobs before its jobs), then
 * every custom resource whose CRD lists it. Empty when no resource has the category.
 */
function category(name: string): ResourceInfo[] {
  const builtin = RESOURCES.filter((r) => r.categories?.includes(name));
  return [...builtin, ...customResourceInfos().filter((r) => customSource(r)?.categories.includes(name))];
}

/** Resolves `pods,svc` or `all` to resource infos (deduplicated, in the given order). */
export function resolveTypes(typed: string): ResourceInfo[] {
  const out: ResourceInfo[] = [];
  for (const t of typed.split(',')) {
    if (t === '') continue;
    // Builder.ReplaceAliases: a category is expanded before any resource name is looked up.
    const expanded = category(t.toLowerCase());
    const infos = expanded.length ? expanded : [resolveType(t)];
    for (const i of infos) if (!out.includes(i)) out.push(i);
  }
  return out;
}

/** The `TYPE NAME...` / `TYPE/NAME...` argument forms. */
export function parseResourceArgs(args: string[]): TargetGroup[] {
  if (args.length === 0) return [];
  const slashed = args.filter((a) => a.includes('/'));
  if (slashed.length > 0) {
    if (!args[0]!.includes('/')) {
      throw plainError(
        "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
      );
    }
    if (slashed.length !== args.length) throw plainError('arguments in resource/name form must have a single resource and name');
    const groups: TargetGroup[] = [];
    for (const a of args) {
      const i = a.indexOf('/');
      const type = a.slice(0, i);
      const name = a.slice(i + 1);
      if (type === '' || name === '' || name.includes('/')) throw plainError('arguments in resource/name form must have a single resource and name');
      const info = resolveType(type);
      // The builder visits resource tuples in the order given (`deploy/a svc/b deploy/c` is three
      // visits, and get prints three tables); only neighbours of one type share a group.
      const g = groups.at(-1);
      if (g?.info === info) g.names.push(name);
      else groups.push({ info, names: [name] });
    }
    return groups;
  }
  const infos = resolveTypes(args[0]!);
  const names = args.slice(1);
  return infos.map((info) => ({ info, names: [...names] }));
}

/** `deployment.apps` / `pod`: the name printer's kind string. */
export function kindString(info: ResourceInfo): string {
  return info.group ? `${info.kind.toLowerCase()}.${info.group}` : info.kind.toLowerCase();
}

/** `deployment.apps/nginx`, `pod/nginx`. */
export function objectRef(info: ResourceInfo, name: string): string {
  return `${kindString(info)}/${name}`;
}
