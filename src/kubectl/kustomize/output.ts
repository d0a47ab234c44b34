/**
 * `kubectl kustomize -o PATH` (kustomize's build command): the YAML into a file, or, when PATH is
 * a directory, each object into a file of its own (build.Writer.WriteIndividualFiles):
 * `<group>_<version>_<kind>_<name>.yaml` lowercased, prefixed with the namespace when the
 * namespaced objects span more than one (`default` for those naming none).
 */
import { toYaml } from '../../k8s/printers/yaml';
import type { Workstation } from '../../engine/index';
import { KustomizeError, type JsonMap } from './kustomization';
import { clusterScoped, gvkOf, nameOf, namespaceOf } from './resource';

function fileName(obj: JsonMap): string {
  const g = gvkOf(obj);
  return `${[g.group, g.version, g.kind].filter((p) => p !== '').join('_')}_${nameOf(obj)}`.toLowerCase() + '.yaml';
}

export function writeOutput(ws: Workstation, path: string, objects: JsonMap[]): void {
  if (ws.stat(path).kind === 'dir') {
    const namespaced = objects.filter((o) => !clusterScoped(gvkOf(o).kind));
    const namespaces = new Set(namespaced.map((o) => namespaceOf(o) || 'default'));
    const dir = path.replace(/\/+$/, '');
    for (const o of objects) {
      const prefix = !clusterScoped(gvkOf(o).kind) && namespaces.size > 1 ? `${(namespaceOf(o) || 'default').toLowerCase()}_` : '';
      ws.writeFile(`${dir}/${prefix}${fileName(o)}`, toYaml(o));
    }
    return;
  }
  // os.WriteFile's errors, as Go words them.
  if (path.endsWith('/')) throw new KustomizeError(`open ${path}: is a directory`);
  const slash = path.lastIndexOf('/');
  const parent = slash < 0 ? '.' : path.slice(0, slash) || '/';
  if (ws.stat(parent).kind !== 'dir') throw new KustomizeError(`open ${path}: no such file or directory`);
  if (!ws.writable(path)) throw new KustomizeError(`open ${path}: permission denied`);
  ws.writeFile(
    path,
    objects.map((o) => toYaml(o)).join('---\n'),
  );
}
