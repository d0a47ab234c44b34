/**
 * `kustomize build` as kubectl 1.35's `kubectl kustomize` runs it (krusty.Kustomizer.Run over
 * KustTarget): the kustomization's resources (files, and directories holding kustomizations
 * built first, each with its own transformers), its generators, patches and transformers; at
 * the top, the hash suffixes, the name references, the sort. Errors are wrapped as
 * accumulateResources wraps them, absolute paths included.
 */
import type { FileSource } from '../types';
import { parseDocuments } from '../manifest';
import { fixNameReferences } from './nameref';
import { runGenerators, type GenContext } from './generators';
import { resourceHash } from './hash';
import { goQuote, KustomizeError, loadKustomization, type Json, type JsonMap, type Kustomization } from './kustomization';
import { sortResources } from './order';
import { absolutePath, isWithin, joinPath, normalizePath } from './paths';
import { applyPatches, applyJson6902Patches } from './patches';
import { idString, isMap, metaOf, nameOf, newRes, sameId, storePrevious, type Res } from './resource';
import { applyReplacements } from './replacements';
import { transform, transformLate } from './transformers';
import { bindVars, resolveVars, type BoundVar, type Var } from './vars';
import { klogTime, KUBECTL_PID } from '../klog';

export interface BuildEnv {
  files: FileSource;
  /** The working directory, for the absolute paths in messages. */
  cwd: string;
  /** Where Load's deprecation warnings go (stderr, as they are found). */
  warn: (line: string) => void;
  /** --load-restrictor LoadRestrictionsRootOnly (the default): files only in or below the kustomization's directory. */
  restrict: boolean;
  /** Simulated time, for the klog header of kustomize's log lines. */
  now: number;
}

function rethrow(e: unknown, wrap: (text: string) => string): never {
  if (e instanceof KustomizeError) throw new KustomizeError(wrap(e.text));
  throw e;
}

/** `{{v1 ConfigMap} {{name ns} map[k:v] map[]}}`: yaml.ResourceMeta as %v prints it. */
function goMeta(obj: JsonMap): string {
  const meta = isMap(obj['metadata']) ? obj['metadata'] : {};
  const str = (v: Json): string => (typeof v === 'string' ? v : '');
  const goMap = (v: Json): string =>
    `map[${Object.entries(isMap(v) ? v : {})
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, x]) => `${k}:${str(x)}`)
      .join(' ')}]`;
  return `{{${str(obj['apiVersion'])} ${str(obj['kind'])}} {{${str(meta['name'])} ${str(meta['namespace'])}} ${goMap(meta['labels'])} ${goMap(meta['annotations'])}}}`;
}

/** The objects of one resource file, Lists flattened; a broken one is the factory's error. */
function readResources(text: string, path: string): JsonMap[] {
  const { objects, error } = parseDocuments(text, path, '1.2');
  if (error !== undefined) {
    throw new KustomizeError(`accumulating resources from '${path}': MalformedYAMLError: ${error.replace(/^error parsing [^:]*: error converting YAML to JSON: /, '')} in File: ${path}`);
  }
  const out: JsonMap[] = [];
  const add = (o: Json): void => {
    if (!isMap(o)) return;
    const kind = o['kind'];
    if (typeof kind === 'string' && kind.endsWith('List') && Array.isArray(o['items'])) {
      for (const item of o['items']) add(item);
      return;
    }
    if (typeof kind !== 'string' || kind === '') throw new KustomizeError(`missing kind in object ${goMeta(o)}`);
    if (nameOf(o) === '') throw new KustomizeError(`missing metadata.name in object ${goMeta(o)}`);
    out.push(o);
  };
  for (const o of objects) add(o);
  return out;
}

/** AppendAll: a second resource of the same id is refused. */
function append(into: Res[], more: Res[], context: string): void {
  for (const r of more) {
    if (into.some((x) => sameId(x.obj, r.obj))) throw new KustomizeError(`${context}may not add resource with an already registered id: ${idString(r.obj)}`);
    into.push(r);
  }
}

/** Kustomization fields this port does not build: refused by name rather than ignored. */
const UNMODELLED = ['helmCharts', 'helmChartInflationGenerator', 'helmGlobals', 'generators', 'transformers', 'validators', 'configurations', 'crds', 'openapi'] as const;

class Target {
  constructor(
    private readonly env: BuildEnv,
    /** The directory, relative to the working directory. */
    private readonly dir: string,
    /** The roots of the kustomizations that led here, outermost first (the loader's referrers). */
    private readonly referrers: readonly string[] = [],
  ) {}

  private get root(): string {
    return absolutePath(this.env.cwd, this.dir);
  }

  /** accumulateTarget: resources, generators, patches and transformers of this kustomization. */
  /**
   * accumulateTarget: resources, generators, components, patches and transformers of this
   * kustomization. A component (`into`) works on the list of the kustomization naming it.
   */
  accumulate(into: Res[] = []): { resources: Res[]; k: Kustomization; vars: BoundVar[] } {
    const { k } = loadKustomization(this.env.files, this.dir, this.root, this.env.warn);
    const unmodelled = UNMODELLED.find((f) => k[f] !== undefined);
    if (unmodelled) throw new KustomizeError(`'${unmodelled}' is not available in this simulator's kustomize (in ${this.root})`);
    const resources = into;
    const vars: BoundVar[] = [];
    try {
      for (const path of [...(k.resources ?? []), ...(k.bases ?? [])]) vars.push(...this.accumulateResource(resources, path));
    } catch (e) {
      rethrow(e, (t) => `accumulating resources: ${t}`);
    }
    const ctx: GenContext = { files: this.env.files, dir: this.dir, root: this.root, cwd: this.env.cwd, restrict: this.env.restrict };
    runGenerators(ctx, k, resources);
    try {
      for (const path of k.components ?? []) this.accumulateComponent(resources, path);
    } catch (e) {
      rethrow(e, (t) => `accumulating components: ${t}`);
    }
    applyPatches(ctx, resources, k);
    transform(resources, k);
    applyJson6902Patches(ctx, resources, k);
    transformLate(resources, k);
    applyReplacements(ctx, resources, Array.isArray(k.replacements) ? k.replacements : undefined);
    vars.push(...bindVars(Array.isArray(k['vars']) ? (k['vars'] as Var[]) : undefined, resources, vars));
    return { resources, k, vars };
  }

  /** errIfArgEqualOrHigher: the root (this one, then those that led here) a candidate directory holds. */
  private visitedWithin(candidate: string): string | undefined {
    return [this.root, ...[...this.referrers].reverse()].find((r) => isWithin(candidate, r));
  }

  /** accumulateComponents: a Component's directives applied to this kustomization's list. */
  private accumulateComponent(resources: Res[], path: string): void {
    const rel = joinPath(this.dir, path);
    const abs = absolutePath(this.env.cwd, rel);
    const missing = `evalsymlink failure on '${abs}' : lstat ${abs}: no such file or directory`;
    if (this.env.files.readFile(rel) !== undefined) throw new KustomizeError(`loader.New ${goQuote(`must build at directory: '${abs}': file is not directory`)}`);
    if (this.env.files.listDir(rel) === undefined) throw new KustomizeError(`loader.New ${goQuote(`must build at directory: not a valid directory: ${missing}`)}`);
    const visited = this.visitedWithin(abs);
    if (visited !== undefined) throw new KustomizeError(`loader.New ${goQuote(`cycle detected: candidate root '${abs}' contains visited root '${visited}'`)}`);
    const failed = (text: string): KustomizeError => new KustomizeError(`accumulateDirectory: ${goQuote(text)}`);
    let kind: string;
    try {
      kind = loadKustomization(this.env.files, rel, abs, () => {}).k.kind ?? '';
    } catch (e) {
      rethrow(e, (t) => failed(`couldn't make target for path '${abs}': ${t}`).text);
    }
    if (kind !== 'Component') throw failed(`expected kind 'Component' for path '${abs}' but got '${kind || 'Kustomization'}'`);
    try {
      new Target(this.env, rel, [...this.referrers, this.root]).accumulate(resources);
    } catch (e) {
      rethrow(e, (t) => failed(`recursed accumulation of path '${abs}': ${t}`).text);
    }
  }

  /** One `resources` entry; a directory's build brings its vars. */
  private accumulateResource(resources: Res[], path: string): BoundVar[] {
    if (/^(https?:\/\/|git@|github\.com\/|ssh:\/\/)/.test(path)) throw new KustomizeError(`a remote resource (${path}) is not available in this simulator: it has no network to fetch it from`);
    const rel = joinPath(this.dir, path);
    const abs = absolutePath(this.env.cwd, rel);
    const text = this.env.files.readFile(rel);
    if (text !== undefined) {
      const notDir = `must build at directory: '${abs}': file is not directory`;
      if (this.env.restrict && !isWithin(this.root, abs)) {
        throw new KustomizeError(`accumulation err='accumulating resources from '${path}': security; file '${abs}' is not in or below '${this.root}'': ${notDir}`);
      }
      let objects: JsonMap[];
      try {
        objects = readResources(text, path);
      } catch (e) {
        if (e instanceof KustomizeError && e.text.startsWith('accumulating resources from')) throw e;
        rethrow(e, (t) => `accumulation err='accumulating resources from '${path}': ${t}': ${notDir}`);
      }
      try {
        append(resources, objects.map(newRes), `merging resources from '${path}': `);
      } catch (e) {
        rethrow(e, (t) => `accumulation err='${t}': ${notDir}`);
      }
      return [];
    }
    if (this.env.files.listDir(rel) === undefined) {
      const missing = `evalsymlink failure on '${abs}' : lstat ${abs}: no such file or directory`;
      throw new KustomizeError(`accumulation err='accumulating resources from '${path}': ${missing}': must build at directory: not a valid directory: ${missing}`);
    }
    const errF = `accumulation err='accumulating resources from '${path}': '${abs}' must resolve to a file': `;
    // errIfArgEqualOrHigher: a directory holding this root or one that led here is a cycle.
    const visited = this.visitedWithin(abs);
    if (visited !== undefined) throw new KustomizeError(`${errF}cycle detected: candidate root '${abs}' contains visited root '${visited}'`);
    const sub = new Target(this.env, rel, [...this.referrers, this.root]);
    let built: { resources: Res[]; vars: BoundVar[] };
    let kind: string;
    try {
      kind = loadKustomization(this.env.files, rel, abs, () => {}).k.kind ?? '';
    } catch (e) {
      rethrow(e, (t) => `${errF}couldn't make target for path '${abs}': ${t}`);
    }
    if (kind === 'Component') throw new KustomizeError(`${errF}expected kind != 'Component' for path '${abs}'`);
    try {
      built = sub.accumulate();
    } catch (e) {
      rethrow(e, (t) => `${errF}recursed accumulation of path '${abs}': ${t}`);
    }
    try {
      append(resources, built.resources, '');
    } catch (e) {
      rethrow(e, (t) => `${errF}recursed merging from path '${abs}': ${t}`);
    }
    return built.vars;
  }
}

/** The built objects of the kustomization directory `dir`, in output order. */
export function kustomizeBuild(env: BuildEnv, dir: string): JsonMap[] {
  const rel = normalizePath(dir);
  const abs = absolutePath(env.cwd, rel);
  if (env.files.readFile(rel) !== undefined) throw new KustomizeError(`must build at directory: '${dir}': file is not directory`);
  if (env.files.listDir(rel) === undefined) {
    throw new KustomizeError(`must build at directory: not a valid directory: evalsymlink failure on '${dir}' : lstat ${abs}: no such file or directory`);
  }
  const target = new Target(env, rel);
  const { resources, k, vars } = target.accumulate();
  // addHashesToNames, then FixBackReferences: references follow every rename.
  for (const r of resources) {
    if (!r.hash) continue;
    storePrevious(r);
    metaOf(r.obj)['name'] = `${nameOf(r.obj)}-${resourceHash(r.obj)}`;
  }
  fixNameReferences(resources);
  const unused = resolveVars(vars, resources).sort();
  if (unused.length > 0) env.warn(`I${klogTime(env.now)} ${String(KUBECTL_PID).padStart(7)} log.go:244] well-defined vars that were never replaced: ${unused.join(',')}`);
  // IgnoreLocal: resources marked as local configuration are not part of the output.
  const kept = resources.filter((r) => {
    const ann = metaOf(r.obj)['annotations'];
    return !(isMap(ann) && ann['config.kubernetes.io/local-config'] === 'true');
  });
  return sortResources(kept, k.sortOptions).map((r) => r.obj);
}
