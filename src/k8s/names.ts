/**
 * Matching names the way lessons and the stage name things: `*` globs over object names, and
 * component names that cover their HA instances (`etcd` ⊇ `etcd-2`), every node's copy of a
 * per-node agent (`kubelet` ⊇ `kubelet/node-1`) and, for kube-controller-manager, the
 * controllers it runs. Shared by the engine's breakpoints and the page's focus highlights.
 */
const globCache = new Map<string, RegExp>();

/** `*` matches any run of characters; everything else is literal. */
export function globMatch(pattern: string, text: string): boolean {
  if (!pattern.includes('*')) return pattern === text;
  let re = globCache.get(pattern);
  if (!re) {
    re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);
    globCache.set(pattern, re);
  }
  return re.test(text);
}

/**
 * Whether component `id` is what `pattern` names. Besides an exact (or glob) match, a component
 * name covers its HA instances (`etcd` ⊇ `etcd-2`), a per-node agent covers every node's copy
 * (`kubelet` ⊇ `kubelet/node-1`), and kube-controller-manager covers the controllers it runs
 * (`controllers` lists their actor ids, e.g. `replicaset-controller`).
 */
export function componentMatches(pattern: string, id: string, controllers: ReadonlySet<string> = new Set()): boolean {
  if (globMatch(pattern, id)) return true;
  if (pattern.includes('*') || pattern.includes('/')) return false;
  if (id.startsWith(`${pattern}/`)) return true;
  if (id.startsWith(`${pattern}-`) && /^\d+$/.test(id.slice(pattern.length + 1))) return true;
  return pattern === 'kube-controller-manager' && controllers.has(id);
}

