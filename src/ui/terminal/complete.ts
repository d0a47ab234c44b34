/**
 * Tab completion for the terminal's command language, as a pure function of the line and what
 * the page knows about the cluster: command words, kubectl verbs and flags, resource types (plural
 * names and short names, from discovery), object names of the typed type (namespace-aware: `-n`,
 * `--namespace=`, `-A`), `TYPE/NAME` and `a,b` forms, `-f` files, `sim` directives and fault
 * targets. It suggests; kubectl still decides (a completed line can still be wrong).
 *
 * The kubectl tables below mirror src/kubectl/commands; complete.test.ts checks them against the
 * real kubectl, so a flag renamed there fails here. Those tables (one line per kubectl command)
 * are most of this file's length; the logic is a few small functions.
 */
import type { KObject } from '../../k8s/types';
import type { DiscoveryEntry } from '../../protocol/messages';

/** What completion may look at. Everything is what the page already holds. */
export interface CompletionContext {
  discovery: readonly DiscoveryEntry[];
  /** Stored objects by storage key (`pods/default/web-1`, `nodes/node-1`). */
  objects: ReadonlyMap<string, KObject>;
  /** The cluster's components (fault targets derive from them). */
  components: readonly { id: string; kind: string; host: string }[];
  /** Virtual files `kubectl apply -f` can read. */
  files: readonly string[];
  /** `sim fail --list` as the worker reported it; when absent, derived from `components`. */
  targets?: readonly string[];
}

export interface CompletionQuery {
  /** The word being completed is line[from, to) (to = the cursor). */
  from: number;
  to: number;
  /** Whole-word replacements for that range, sorted, without duplicates. */
  candidates: string[];
}

export const SHELL_COMMANDS = ['clear', 'help', 'k', 'kubectl', 'sim', 'sleep'] as const;

export const SIM_DIRECTIVES = ['advance', 'curl', 'fail', 'help', 'recover', 'status', 'topology', 'trace', 'why'] as const;

/** A flag: long name, optional one-letter short form, and whether it consumes the next word as its value. */
export interface FlagSpec {
  name: string;
  short?: string;
  value: boolean;
}

/** `"output|o= watch|w all"`: `|x` is the short form, a trailing `=` means it takes a value. */
function flags(spec: string): FlagSpec[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((f) => {
      const value = f.endsWith('=');
      const [name, short] = (value ? f.slice(0, -1) : f).split('|');
      return short ? { name: name!, short, value } : { name: name!, value };
    });
}

/** What a verb's positional arguments are. */
type Positional = 'resources' | 'nodes' | 'pod-then-container' | 'none';

export interface VerbSpec {
  positional: Positional;
  /** A first positional that is a subcommand (`rollout status`, `create deployment`). */
  subcommands?: readonly string[];
  flags: FlagSpec[];
}

/** kubectl's root flags that every verb accepts (the ones worth suggesting). */
export const GLOBAL_FLAGS = flags('namespace|n= request-timeout=');

/**
 * `--dry-run`, `--cascade` and `--validate` have a default when given bare (pflag NoOptDefVal), so
 * they never take the next word: they are value-less here, and complete as `--flag=`.
 */
export const KUBECTL_VERBS: Readonly<Record<string, VerbSpec>> = {
  annotate: { positional: 'resources', flags: flags('overwrite all all-namespaces|A selector|l= field-selector= filename|f= list local resource-version= field-manager= dry-run') },
  'api-resources': { positional: 'none', flags: flags('output|o= namespaced api-group= no-headers sort-by= verbs= cached categories=') },
  apply: { positional: 'none', flags: flags('filename|f= recursive|R validate server-side force-conflicts field-manager= prune selector|l= overwrite force wait record dry-run output|o=') },
  'cluster-info': { positional: 'none', flags: [] },
  cordon: { positional: 'nodes', flags: flags('selector|l= dry-run') },
  create: {
    positional: 'none',
    subcommands: ['configmap', 'deployment', 'namespace', 'serviceaccount'],
    flags: flags('filename|f= recursive|R validate save-config edit field-manager= image= replicas|r= port= from-literal= dry-run output|o='),
  },
  delete: {
    positional: 'resources',
    flags: flags('filename|f= recursive|R selector|l= field-selector= all all-namespaces|A grace-period= force now cascade wait timeout= ignore-not-found output|o= interactive|i raw= dry-run'),
  },
  describe: { positional: 'resources', flags: flags('selector|l= all-namespaces|A filename|f= recursive|R show-events chunk-size=') },
  drain: { positional: 'nodes', flags: flags('selector|l= ignore-daemonsets delete-emptydir-data force grace-period= timeout= disable-eviction pod-selector= dry-run') },
  expose: { positional: 'resources', flags: flags('port= target-port= protocol= type= name= selector= labels|l= external-ip= cluster-ip= session-affinity= filename|f= dry-run output|o=') },
  get: {
    positional: 'resources',
    flags: flags(
      'output|o= selector|l= field-selector= all-namespaces|A watch|w watch-only output-watch-events sort-by= show-labels label-columns|L= no-headers show-kind ignore-not-found raw= filename|f= recursive|R chunk-size= server-print show-managed-fields subresource= template=',
    ),
  },
  label: { positional: 'resources', flags: flags('overwrite all all-namespaces|A selector|l= field-selector= filename|f= list local resource-version= field-manager= dry-run') },
  logs: { positional: 'pod-then-container', flags: flags('container|c= previous|p tail= follow|f timestamps all-containers selector|l= since= since-time= limit-bytes= prefix') },
  rollout: { positional: 'resources', subcommands: ['history', 'pause', 'restart', 'resume', 'status', 'undo'], flags: flags('watch|w timeout= revision= to-revision= filename|f= selector|l= output|o= dry-run') },
  run: { positional: 'none', flags: flags('image= port= labels|l= env= restart= command image-pull-policy= annotations= rm stdin|i tty|t attach expose privileged dry-run output|o=') },
  scale: { positional: 'resources', flags: flags('replicas= current-replicas= resource-version= filename|f= selector|l= all timeout= output|o= dry-run') },
  set: { positional: 'resources', subcommands: ['image'], flags: flags('filename|f= selector|l= all local record field-manager= dry-run') },
  uncordon: { positional: 'nodes', flags: flags('selector|l= dry-run') },
  version: { positional: 'none', flags: flags('output|o= client') },
  wait: { positional: 'resources', flags: flags('for= timeout= filename|f= selector|l= field-selector= all all-namespaces|A output|o= local') },
};

/** Values offered after a flag (`-o <Tab>`, `--dry-run=<Tab>`). */
const FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  output: ['custom-columns=', 'json', 'jsonpath=', 'name', 'wide', 'yaml'],
  for: ['condition=', 'condition=Available', 'condition=Ready', 'create', 'delete', 'jsonpath='],
  cascade: ['background', 'foreground', 'orphan'],
  'dry-run': ['client', 'none', 'server'],
  type: ['ClusterIP', 'LoadBalancer', 'NodePort'],
  restart: ['Always', 'Never', 'OnFailure'],
  protocol: ['SCTP', 'TCP', 'UDP'],
  validate: ['ignore', 'strict', 'warn'],
};

// ---- words ----

interface Word {
  text: string;
  start: number;
}

/** Whitespace-separated words before the cursor; the last one is the word being completed ('' after a space). */
function wordsBefore(line: string, cursor: number): { done: Word[]; current: Word } {
  const head = line.slice(0, cursor);
  const done: Word[] = [];
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(head))) done.push({ text: m[0], start: m.index });
  const last = done[done.length - 1];
  if (last && last.start + last.text.length === head.length) {
    done.pop();
    return { done, current: last };
  }
  return { done, current: { text: '', start: head.length } };
}

function uniqSorted(xs: Iterable<string>): string[] {
  return [...new Set(xs)].sort();
}

function matching(prefix: string, options: Iterable<string>): string[] {
  return uniqSorted([...options].filter((o) => o.startsWith(prefix)));
}

// ---- cluster lookups ----

/** The discovery entry a typed type names: plural, short name, kind, or `plural.group`. */
export function resolveType(discovery: readonly DiscoveryEntry[], typed: string): DiscoveryEntry | undefined {
  const t = typed.toLowerCase();
  const head = t.split('.')[0]!;
  return discovery.find((d) => d.resource === head || d.kind.toLowerCase() === head || d.shortNames.includes(head));
}

/** Type words to offer: every plural and short name. */
function typeWords(discovery: readonly DiscoveryEntry[]): string[] {
  return discovery.flatMap((d) => [d.resource, ...d.shortNames]);
}

/** Names of stored objects of `resource`; `namespace` undefined means every namespace. */
export function objectNames(objects: ReadonlyMap<string, KObject>, entry: DiscoveryEntry, namespace: string | undefined): string[] {
  const prefix = entry.namespaced && namespace !== undefined ? `${entry.resource}/${namespace}/` : `${entry.resource}/`;
  const names: string[] = [];
  for (const [key, obj] of objects) {
    if (!key.startsWith(prefix)) continue;
    const name = obj.metadata.name;
    if (name) names.push(name);
  }
  return uniqSorted(names);
}

const CONTROL_PLANE_KINDS = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
const NODE_PART_KINDS = ['kubelet', 'container-runtime', 'cni', 'kube-proxy'];
const LATENCY_KINDS = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
const WATCH_DROP_KINDS = ['kube-controller-manager', 'kube-scheduler'];
const WATCH_DROP_NODE_PARTS = ['kubelet', 'kube-proxy'];

/**
 * `sim fail` targets, named as src/engine/faults.ts (listTargets) names them, derived from the
 * component list: kinds and instances of the control plane, csi, node parts, `node/<machine>`,
 * `network/<worker>`, `latency/<kind|machine>`, `watch-drop/<component>`.
 */
function targetsOf(ctx: CompletionContext): readonly string[] {
  return ctx.targets?.length ? ctx.targets : faultTargets(ctx.components);
}

export function faultTargets(components: CompletionContext['components']): string[] {
  const out = new Set<string>();
  const hosts = new Set<string>();
  const controlPlaneHosts = new Set<string>();
  for (const c of components) {
    if (c.kind === 'kubectl') continue;
    hosts.add(c.host);
    if (CONTROL_PLANE_KINDS.includes(c.kind)) {
      controlPlaneHosts.add(c.host);
      out.add(c.kind);
      out.add(c.id);
    } else if (c.kind === 'csi' || NODE_PART_KINDS.includes(c.kind)) {
      out.add(c.id);
    }
    if (LATENCY_KINDS.includes(c.kind)) out.add(`latency/${c.kind}`);
    if (WATCH_DROP_KINDS.includes(c.kind)) out.add(`watch-drop/${c.kind}`);
    if (WATCH_DROP_NODE_PARTS.includes(c.kind)) out.add(`watch-drop/${c.id}`);
  }
  for (const h of hosts) {
    out.add(`node/${h}`);
    out.add(`latency/${h}`);
    if (!controlPlaneHosts.has(h)) out.add(`network/${h}`);
  }
  return uniqSorted(out);
}

// ---- kubectl ----

interface KubectlParse {
  verb: string | undefined;
  sub: string | undefined;
  positionals: string[];
  namespace: string | undefined;
  allNamespaces: boolean;
  /** The flag whose value the current word is, if any. */
  pendingFlag: FlagSpec | undefined;
}

function findFlag(spec: readonly FlagSpec[], word: string): FlagSpec | undefined {
  if (word.startsWith('--')) {
    const name = word.slice(2).split('=')[0];
    return spec.find((f) => f.name === name);
  }
  if (word.startsWith('-') && word.length >= 2) return spec.find((f) => f.short === word[1]);
  return undefined;
}

function parseKubectl(words: readonly string[]): KubectlParse {
  const p: KubectlParse = { verb: undefined, sub: undefined, positionals: [], namespace: undefined, allNamespaces: false, pendingFlag: undefined };
  let dashDash = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const verbSpec = p.verb === undefined ? undefined : KUBECTL_VERBS[p.verb];
    const spec = [...GLOBAL_FLAGS, ...(verbSpec?.flags ?? [])];
    if (!dashDash && w === '--') {
      dashDash = true;
      continue;
    }
    if (!dashDash && w.startsWith('-') && w !== '-') {
      const f = findFlag(spec, w);
      const inline = w.startsWith('--') ? w.includes('=') : w.length > 2;
      const value = inline ? (w.startsWith('--') ? w.slice(w.indexOf('=') + 1) : w.slice(2).replace(/^=/, '')) : words[i + 1];
      if (f?.value && !inline) {
        if (i + 1 >= words.length) p.pendingFlag = f;
        i++;
      }
      if (f?.name === 'namespace' && value !== undefined) p.namespace = value;
      if (f?.name === 'all-namespaces' || (!w.startsWith('--') && /^-[a-zA-Z]*A[a-zA-Z]*$/.test(w) && !f?.value)) p.allNamespaces = true;
      continue;
    }
    if (p.verb === undefined) p.verb = w;
    else if (verbSpec?.subcommands && p.sub === undefined) p.sub = w;
    else p.positionals.push(w);
  }
  return p;
}

function flagCandidates(spec: readonly FlagSpec[], current: string): string[] {
  const long = spec.map((f) => `--${f.name}`);
  const short = spec.filter((f) => f.short).map((f) => `-${f.short!}`);
  return matching(current, current.startsWith('--') || current === '-' ? long : [...short, ...long]);
}

function valueCandidates(flag: FlagSpec, typed: string, ctx: CompletionContext, parse: KubectlParse): string[] {
  switch (flag.name) {
    case 'namespace': {
      const ns = resolveType(ctx.discovery, 'namespaces');
      return ns ? matching(typed, objectNames(ctx.objects, ns, undefined)) : [];
    }
    case 'filename':
      return matching(typed, ['-', ...ctx.files]);
    case 'container':
      return matching(typed, containersOf(ctx, parse.positionals[0], parse.namespace));
    default:
      return matching(typed, FLAG_VALUES[flag.name] ?? []);
  }
}

function containersOf(ctx: CompletionContext, podWord: string | undefined, namespace: string | undefined): string[] {
  if (!podWord) return [];
  const name = podWord.includes('/') ? podWord.slice(podWord.indexOf('/') + 1) : podWord;
  const pod = ctx.objects.get(`pods/${namespace ?? 'default'}/${name}`) as (KObject & { spec?: { containers?: { name: string }[] } }) | undefined;
  return (pod?.spec?.containers ?? []).map((c) => c.name);
}

/** Completes a resource argument: `TYPE`, `a,b`, `TYPE/NAME`, or a NAME after the type. */
function resourceArg(ctx: CompletionContext, parse: KubectlParse, current: string, types: readonly string[]): string[] {
  const ns = parse.allNamespaces ? undefined : (parse.namespace ?? 'default');
  const slash = current.indexOf('/');
  if (slash >= 0) {
    const typeWord = current.slice(0, slash);
    const entry = resolveType(ctx.discovery, typeWord);
    if (!entry) return [];
    return matching(current, objectNames(ctx.objects, entry, ns).map((n) => `${typeWord}/${n}`));
  }
  const typeArg = parse.positionals[0];
  if (typeArg === undefined || typeArg.includes('/')) {
    // The type itself (or, after a TYPE/NAME, another TYPE/NAME).
    const comma = current.lastIndexOf(',');
    const head = current.slice(0, comma + 1);
    return matching(current, types.map((t) => head + t));
  }
  if (typeArg.includes(',')) return [];
  const entry = resolveType(ctx.discovery, typeArg);
  const named = new Set(parse.positionals.slice(1));
  return entry ? matching(current, objectNames(ctx.objects, entry, ns).filter((n) => !named.has(n))) : [];
}

function completeKubectl(ctx: CompletionContext, words: readonly string[], current: string): string[] {
  const parse = parseKubectl(words);
  const eq = current.indexOf('=');
  if (parse.pendingFlag) return valueCandidates(parse.pendingFlag, current, ctx, parse);
  const verbSpec = parse.verb === undefined ? undefined : KUBECTL_VERBS[parse.verb];
  if (current.startsWith('--') && eq > 0) {
    const f = findFlag([...GLOBAL_FLAGS, ...(verbSpec?.flags ?? [])], current);
    return f ? valueCandidates(f, current.slice(eq + 1), ctx, parse).map((v) => current.slice(0, eq + 1) + v) : [];
  }
  if (current.startsWith('-')) return flagCandidates([...GLOBAL_FLAGS, ...(verbSpec?.flags ?? [])], current);
  if (parse.verb === undefined) return matching(current, Object.keys(KUBECTL_VERBS));
  if (!verbSpec) return [];
  if (verbSpec.subcommands && parse.sub === undefined) return matching(current, verbSpec.subcommands);
  const ns = parse.allNamespaces ? undefined : (parse.namespace ?? 'default');
  switch (verbSpec.positional) {
    case 'resources': {
      const types = parse.verb === 'rollout' ? ['deployments', 'deploy'] : parse.verb === 'get' ? [...typeWords(ctx.discovery), 'all'] : typeWords(ctx.discovery);
      return resourceArg(ctx, parse, current, types);
    }
    case 'nodes': {
      const nodes = resolveType(ctx.discovery, 'nodes');
      return nodes ? matching(current, objectNames(ctx.objects, nodes, undefined)) : [];
    }
    case 'pod-then-container': {
      if (parse.positionals.length === 0) {
        if (current.includes('/')) return resourceArg(ctx, { ...parse, positionals: [] }, current, []);
        const pods = resolveType(ctx.discovery, 'pods');
        return pods ? matching(current, objectNames(ctx.objects, pods, ns)) : [];
      }
      return parse.positionals.length === 1 ? matching(current, containersOf(ctx, parse.positionals[0], parse.namespace)) : [];
    }
    case 'none':
      return [];
    default: {
      const never: never = verbSpec.positional;
      return never;
    }
  }
}

// ---- sim ----

function namespaceOfWords(words: readonly string[]): string {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if ((w === '-n' || w === '--namespace') && words[i + 1]) return words[i + 1]!;
    if (w.startsWith('--namespace=')) return w.slice('--namespace='.length);
  }
  return 'default';
}

function completeSim(ctx: CompletionContext, words: readonly string[], current: string): string[] {
  const [sub, ...rest] = words;
  if (sub === undefined) return matching(current, SIM_DIRECTIVES);
  const prev = rest[rest.length - 1];
  const names = (resource: string, ns: string | undefined): string[] => {
    const entry = resolveType(ctx.discovery, resource);
    return entry ? objectNames(ctx.objects, entry, ns) : [];
  };
  switch (sub) {
    case 'fail':
      if (rest.length === 0) return matching(current, [...targetsOf(ctx), '--list']);
      return rest[0]!.startsWith('latency/') && current.startsWith('-') ? matching(current, ['--delay']) : [];
    case 'recover':
      return rest.length === 0 ? matching(current, targetsOf(ctx)) : [];
    case 'topology':
      return rest.length === 0 ? matching(current, ['basic', 'ha']) : [];
    case 'why':
      if (prev === '-n' || prev === '--namespace') return matching(current, names('namespaces', undefined));
      if (current.startsWith('-')) return matching(current, ['-n', '--namespace']);
      return matching(current, names('pods', namespaceOfWords(rest)).map((n) => `pod/${n}`));
    case 'curl':
      if (prev === '--from') return matching(current, names('nodes', undefined));
      if (prev === '-n' || prev === '--namespace') return matching(current, names('namespaces', undefined));
      if (current.startsWith('-')) return matching(current, ['--from', '-n', '--namespace']);
      return rest.filter((w) => !w.startsWith('-')).length === 0 ? matching(current, names('services', namespaceOfWords(rest))) : [];
    case 'trace':
      return current.startsWith('-') ? matching(current, ['--all', '--kind', '--last', '--object']) : [];
    default:
      return [];
  }
}

// ---- entry points ----

/** The candidates for the word that ends at the cursor. */
export function completionsAt(line: string, cursor: number, ctx: CompletionContext): CompletionQuery {
  const { done, current } = wordsBefore(line, cursor);
  const to = current.start + current.text.length;
  const q = (candidates: string[]): CompletionQuery => ({ from: current.start, to, candidates });
  if (/^["']/.test(current.text)) return q([]);
  const [cmd, ...args] = done.map((w) => w.text);
  if (cmd === undefined) return q(matching(current.text, SHELL_COMMANDS));
  switch (cmd) {
    case 'kubectl':
    case 'k':
      return q(completeKubectl(ctx, args, current.text));
    case 'sim':
      return q(completeSim(ctx, args, current.text));
    default:
      return q([]);
  }
}

export function commonPrefix(xs: readonly string[]): string {
  if (xs.length === 0) return '';
  let p = xs[0]!;
  for (const x of xs) {
    let i = 0;
    while (i < p.length && i < x.length && p[i] === x[i]) i++;
    p = p.slice(0, i);
  }
  return p;
}

/** What one Tab press does to the line (bash's behaviour, listing on the first ambiguous Tab). */
export type TabOutcome =
  | { kind: 'none' }
  | { kind: 'replace'; from: number; to: number; text: string }
  | { kind: 'list'; candidates: string[] };

export function tab(line: string, cursor: number, ctx: CompletionContext): TabOutcome {
  const q = completionsAt(line, cursor, ctx);
  const typed = line.slice(q.from, q.to);
  if (q.candidates.length === 0) return { kind: 'none' };
  if (q.candidates.length === 1) {
    const only = q.candidates[0]!;
    const open = /[/=,]$/.test(only) || line[cursor] === ' ';
    return { kind: 'replace', from: q.from, to: q.to, text: open ? only : `${only} ` };
  }
  const prefix = commonPrefix(q.candidates);
  if (prefix.length > typed.length) return { kind: 'replace', from: q.from, to: q.to, text: prefix };
  return { kind: 'list', candidates: q.candidates };
}

/** Candidates laid out in columns for a terminal `cols` wide (bash's listing), one string with newlines. */
export function formatCandidates(candidates: readonly string[], cols: number): string {
  const width = Math.max(...candidates.map((c) => c.length)) + 2;
  const perRow = Math.max(1, Math.floor(cols / width));
  const rows = Math.ceil(candidates.length / perRow);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < perRow; c++) {
      const item = candidates[c * rows + r];
      if (item !== undefined) line += item.padEnd(width);
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n') + '\n';
}
