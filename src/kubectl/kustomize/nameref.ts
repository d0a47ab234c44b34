/**
 * The name reference transformer (api/filters/nameref), run once the build has renamed
 * everything (FixBackReferences): a field that names a ConfigMap, Secret, Service,
 * ServiceAccount… by a name the referred resource had before a prefix, suffix or hash changed
 * it now names it as it is called now. A referral is looked for among the resources of the
 * field's kind in the referrer's namespace; when several were called that, the one renamed
 * with the referrer's own prefixes and suffixes wins, as nameref's candidate filtering does.
 */
import { selects, pathSegments, visitPath } from './fieldspec';
import type { JsonMap } from './kustomization';
import { clusterScoped, gvkOf, isMap, nameOf, namespaceOf, type Res } from './resource';
import { NAME_REFERENCES, type NameReference } from './specs';

const ns = (n: string): string => n || 'default';

function sameAffixes(a: Res, b: Res): boolean {
  return a.prefixes.join('\0') === b.prefixes.join('\0') && a.suffixes.join('\0') === b.suffixes.join('\0');
}

/**
 * The referral a name in `referrer` means, or undefined (left as written). `subjectNs` is a
 * role binding subject's own namespace, which names where the account was before the build
 * moved it; any other field refers within the referrer's namespace.
 */
function referral(all: Res[], ref: NameReference, referrer: Res, name: string, subjectNs?: string): Res | undefined {
  const candidates = all.filter((r) => {
    if (!selects({ kind: ref.kind, ...(ref.group ? { group: ref.group } : {}) }, gvkOf(r.obj))) return false;
    const ids = [...r.prev, { name: nameOf(r.obj), namespace: namespaceOf(r.obj) }];
    if (subjectNs !== undefined) return ids.some((p) => p.name === name && ns(p.namespace) === ns(subjectNs));
    if (!ids.some((p) => p.name === name)) return false;
    return clusterScoped(gvkOf(r.obj).kind) || ns(namespaceOf(r.obj)) === ns(namespaceOf(referrer.obj));
  });
  if (candidates.length <= 1) return candidates[0];
  return candidates.find((c) => sameAffixes(c, referrer)) ?? candidates[0];
}

function fixScalar(all: Res[], ref: NameReference, referrer: Res, parent: JsonMap, key: string): void {
  const v = parent[key];
  if (typeof v === 'string') {
    const to = referral(all, ref, referrer, v);
    if (to) parent[key] = nameOf(to.obj);
  } else if (Array.isArray(v)) {
    parent[key] = v.map((x) => {
      if (typeof x !== 'string') return x;
      const to = referral(all, ref, referrer, x);
      return to ? nameOf(to.obj) : x;
    });
  }
}

/** A role binding's subjects: a ServiceAccount subject gets the account's name and namespace. */
function fixSubjects(all: Res[], ref: NameReference, referrer: Res, parent: JsonMap, key: string): void {
  const subjects = parent[key];
  if (!Array.isArray(subjects)) return;
  for (const s of subjects) {
    if (!isMap(s) || s['kind'] !== ref.kind || typeof s['name'] !== 'string') continue;
    const subjectNs = typeof s['namespace'] === 'string' ? s['namespace'] : '';
    const to = referral(all, ref, referrer, s['name'], subjectNs);
    if (!to) continue;
    s['name'] = nameOf(to.obj);
    if (namespaceOf(to.obj)) s['namespace'] = namespaceOf(to.obj);
  }
}

/** A roleRef names a Role or a ClusterRole: only a referral of the kind it says. */
function fixRoleRef(all: Res[], ref: NameReference, referrer: Res, parent: JsonMap, key: string): void {
  if (parent['kind'] === ref.kind) fixScalar(all, ref, referrer, parent, key);
}

export function fixNameReferences(all: Res[]): void {
  for (const referrer of all) {
    const gvk = gvkOf(referrer.obj);
    for (const ref of NAME_REFERENCES) {
      for (const fs of ref.fieldSpecs) {
        if (!selects(fs, gvk)) continue;
        const fix = fs.path === 'subjects' ? fixSubjects : fs.path === 'roleRef/name' ? fixRoleRef : fixScalar;
        visitPath(referrer.obj, pathSegments(fs.path), false, (parent, key) => fix(all, ref, referrer, parent, key));
      }
    }
  }
}
