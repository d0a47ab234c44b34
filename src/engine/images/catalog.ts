/**
 * resolveImage: what the registry says about a reference, as containerd would report it.
 * The rules for references the catalog does not list are documented in catalog-data.ts's header
 * and README.md; this module implements them and must stay in step with both.
 */
import type { ImageInfo } from './types';
import type { CatalogImage, TagInfo } from './catalog-types';
import { CATALOG, OFFICIAL_IMAGES, type OfficialKind } from './catalog-data';
import { parseImageReference, type ImageReference } from './reference';
import { fnv1a, sha256Hex } from '../../k8s/sha256';
import { editDistance } from './edit-distance';
import { own } from '../../k8s/own';
import { sizesFromName } from './derived-size';
import { debianImageRelease } from './debian-release';

/** What a process needs: the image definition and the concrete tag it runs. */
export interface ImageDefinition {
  image: CatalogImage;
  tag: TagInfo;
}

type Resolution =
  | { ok: true; ref: ImageReference; def: ImageDefinition; digest: string }
  | { ok: false; ref: ImageReference; error: string };

const BY_REPOSITORY = new Map(CATALOG.map((c) => [c.repository, c]));
const MiB = 1024 * 1024;

/** Registries that exist. Hosts one or two edits away from these are typos (DNS failure). */
const KNOWN_HOSTS = [
  'docker.io', 'registry.k8s.io', 'k8s.gcr.io', 'gcr.io', 'ghcr.io', 'quay.io', 'registry.example.com',
  'us-docker.pkg.dev', 'europe-docker.pkg.dev', 'asia-docker.pkg.dev', 'public.ecr.aws', 'mcr.microsoft.com',
  'registry.gitlab.com', 'docker.elastic.co', 'nvcr.io', 'cgr.dev', 'registry.redhat.io', 'registry.access.redhat.com',
];
/** Registries whose contents are curated: unknown repositories there are `not found`. */
const CURATED_HOSTS = new Set(['registry.k8s.io', 'k8s.gcr.io']);
/** Real registry.k8s.io repositories that run as generic servers. */
const K8S_REPOS = new Set([
  'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kube-proxy', 'coredns/coredns',
  'metrics-server/metrics-server', 'ingress-nginx/controller', 'kube-state-metrics/kube-state-metrics',
  'sig-storage/csi-provisioner', 'sig-storage/csi-node-driver-registrar', 'sig-storage/livenessprobe',
  'dns/k8s-dns-node-cache', 'cpa/cluster-proportional-autoscaler', 'nfd/node-feature-discovery',
]);
const RESERVED_TLDS = ['.invalid', '.test', '.example', '.local', '.localhost', '.internal'];

// ---------------------------------------------------------------------------------------------

const RESOLVED = new Map<string, ImageInfo>();

/**
 * Normalise `image` and report whether the registry has it (containerd's view). A pure function
 * of `image` (the catalog is constant), so answers are memoised; each caller gets its own copy,
 * since ImageInfo's fields are all primitives a shallow copy is a full one.
 */
export function resolveImage(image: string): ImageInfo {
  let info = RESOLVED.get(image);
  if (!info) {
    info = resolveUncached(image);
    if (RESOLVED.size >= 1000) RESOLVED.clear();
    RESOLVED.set(image, info);
  }
  return { ...info };
}

function resolveUncached(image: string): ImageInfo {
  const parsed = parseImageReference(image);
  if (!parsed.ok) {
    return {
      ref: image,
      exists: false,
      sizeBytes: 0,
      digest: `sha256:${sha256Hex(image)}`,
      invalidReason: `couldn't parse image name ${JSON.stringify(image)}: ${parsed.error}`,
    };
  }
  const r = resolveReference(parsed.value);
  if (!r.ok) {
    return { ref: r.ref.ref, exists: false, pullError: r.error, sizeBytes: 0, digest: `sha256:${sha256Hex(r.ref.ref)}` };
  }
  return { ref: r.ref.ref, exists: true, sizeBytes: r.def.tag.sizeBytes, unpackedSizeBytes: r.def.tag.unpackedBytes, digest: r.digest };
}

const DEFINITIONS = new Map<string, ImageDefinition>();

/**
 * The definition a process runs; a synthesised generic image when the reference is not runnable.
 * Memoised (a pure function of `ref`); callers must treat the result as read-only.
 */
export function imageDefinition(ref: string): ImageDefinition {
  const hit = DEFINITIONS.get(ref);
  if (hit) return hit;
  const parsed = parseImageReference(ref);
  const r = parsed.ok ? resolveReference(parsed.value) : undefined;
  const def = r?.ok
    ? r.def
    : genericDefinition(parsed.ok ? parsed.value : { domain: 'docker.io', path: 'library/unknown', repository: 'docker.io/library/unknown', tag: 'latest', ref });
  if (DEFINITIONS.size >= 1000) DEFINITIONS.clear();
  DEFINITIONS.set(ref, def);
  return def;
}

// ---------------------------------------------------------------------------------------------

function resolveReference(ref: ImageReference): Resolution {
  const hostError = registryHostError(ref);
  if (hostError) return { ok: false, ref, error: hostError };

  const known = BY_REPOSITORY.get(ref.repository) ?? officialImage(ref);
  if (known) return resolveTag(ref, known);

  const typo = isTypoOfKnownRepository(ref) || saysItDoesNotExist(ref);
  if (ref.domain === 'docker.io' && (ref.path.startsWith('library/') || typo)) return { ok: false, ref, error: accessDenied(ref) };
  if (typo) return { ok: false, ref, error: notFound(ref) };
  if (CURATED_HOSTS.has(ref.domain) && !K8S_REPOS.has(ref.path)) return { ok: false, ref, error: notFound(ref) };
  const def = genericDefinition(ref);
  return { ok: true, ref, def, digest: ref.digest ?? digestOf(ref.repository, ref.tag ?? 'latest', def.tag) };
}

function resolveTag(ref: ImageReference, image: CatalogImage): Resolution {
  const tags = Object.entries(image.tags);
  if (ref.digest !== undefined) {
    const pinned = tags.find(([name, t]) => digestOf(image.repository, name, t) === ref.digest);
    const tag = pinned?.[1] ?? (own(image.tags, ref.tag ?? '') as TagInfo | undefined) ?? defaultTag(image);
    return { ok: true, ref, def: variantOf(image, tag), digest: ref.digest };
  }
  const name = ref.tag ?? 'latest';
  const listed = own(image.tags, name) as TagInfo | undefined;
  if (listed && !listed.missing) return { ok: true, ref, def: variantOf(image, listed), digest: digestOf(image.repository, name, listed) };
  const built = listed ? undefined : image.tagOf?.(name);
  if (built) return { ok: true, ref, def: variantOf(image, built), digest: digestOf(image.repository, name, built) };
  if (!listed && image.tagPattern !== undefined && new RegExp(image.tagPattern).test(name)) {
    const base = defaultTag(image);
    // Same family, slightly different build: size varies a little with the tag name.
    const wobble = 1 + ((fnv1a(name) % 2001) - 1000) / 20000;
    const version = versionFromTag(name, base.version);
    const tag: TagInfo = { ...base, sizeBytes: Math.round(base.sizeBytes * wobble), unpackedBytes: Math.round(base.unpackedBytes * wobble), version };
    // Another build: not the recorded digest of the tag it behaves like.
    delete tag.digest;
    const debian = image.debianOf?.(name, version);
    if (debian !== undefined) tag.debian = debian;
    else if (image.debianOf) delete tag.debian;
    return { ok: true, ref, def: variantOf(image, tag), digest: digestOf(image.repository, name, tag) };
  }
  return { ok: false, ref, error: notFound(ref) };
}

/** The repository's definition with the tag's variant (`-slim`, `-alpine`) laid over it. */
function variantOf(image: CatalogImage, tag: TagInfo): ImageDefinition {
  return { image: tag.variant ? { ...image, ...tag.variant } : image, tag };
}

function defaultTag(image: CatalogImage): TagInfo {
  const first = Object.values(image.tags)[0];
  const t = image.tags[image.patternTag ?? 'latest'] ?? first;
  if (!t) throw new Error(`catalog entry ${image.repository} has no tags`);
  return t;
}

/** `1.24` → `1.24.0` (padded to the family's precision); tags without a number keep the base version. */
function versionFromTag(tag: string, base: string | undefined): string | undefined {
  const m = /^(\d+(?:\.\d+){0,2})/.exec(tag);
  if (!m) return base;
  const parts = m[1]!.split('.');
  const precision = Math.min(3, base?.split('.').length ?? parts.length);
  while (parts.length < precision) parts.push('0');
  return parts.join('.');
}

/**
 * Aliases of one build (nginx:latest, nginx:1.29, nginx:mainline) share a digest, as on a real
 * registry; the digest is the one recorded for the tag, else the SHA-256 of repository + version + size.
 */
function digestOf(repository: string, tagName: string, tag: TagInfo): string {
  if (tag.digest !== undefined) return tag.digest;
  const identity = tag.version !== undefined ? `${repository}@${tag.version}#${tag.sizeBytes}` : `${repository}:${tagName}`;
  let digest = DIGESTS.get(identity);
  if (digest === undefined) {
    // Every container start resolves its image: at thousands of Pods the hash was ~1.5 % of a run.
    if (DIGESTS.size >= DIGEST_MEMO) DIGESTS.clear();
    digest = `sha256:${sha256Hex(identity)}`;
    DIGESTS.set(identity, digest);
  }
  return digest;
}

/** A pure function's answers (identity → digest); bounded, since tag names are learner input. */
const DIGESTS = new Map<string, string>();
const DIGEST_MEMO = 4096;

// ---------------------------------------------------------------------------------------------
// Error texts (containerd 1.7/2.x through the CRI, as the kubelet's `Failed to pull image` quotes them)
// ---------------------------------------------------------------------------------------------

const refPart = (ref: ImageReference): string => ref.digest ?? ref.tag ?? 'latest';
const prefix = (code: string, ref: ImageReference): string =>
  `rpc error: code = ${code} desc = failed to pull and unpack image "${ref.ref}": failed to resolve reference "${ref.ref}": `;

function notFound(ref: ImageReference): string {
  return `${prefix('NotFound', ref)}${ref.ref}: not found`;
}

/** Docker Hub answers 401 insufficient_scope for repositories that do not exist. */
function accessDenied(ref: ImageReference): string {
  return `${prefix('Unknown', ref)}pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`;
}

function registryHostError(ref: ImageReference): string | undefined {
  const [host = '', port] = ref.domain.split(/:(?=\d+$)/);
  const url = `https://${ref.domain}/v2/${ref.path}/manifests/${refPart(ref)}`;
  const head = `${prefix('Unknown', ref)}failed to do request: Head "${url}": `;
  if (host === 'localhost' || host.startsWith('127.') || host === '[::1]') {
    return `${head}dial tcp 127.0.0.1:${port ?? '443'}: connect: connection refused`;
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || KNOWN_HOSTS.includes(host) || isCloudRegistry(host)) return undefined;
  const typo = KNOWN_HOSTS.some((k) => editDistance(host, k) <= (k.length >= 8 ? 2 : 1));
  if (!host.includes('.') || typo || RESERVED_TLDS.some((t) => host.endsWith(t))) {
    return `${head}dial tcp: lookup ${host}: no such host`;
  }
  return undefined;
}

function isCloudRegistry(host: string): boolean {
  return /\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com$/.test(host) || host.endsWith('.azurecr.io') || host.endsWith('-docker.pkg.dev') || host.endsWith('.gcr.io');
}

/** Within 1 edit (short names) or 2 edits of a catalogued or official repository on the same host. */
function isTypoOfKnownRepository(ref: ImageReference): boolean {
  const candidates: string[] = [];
  for (const c of CATALOG) if (c.repository.startsWith(`${ref.domain}/`)) candidates.push(c.repository.slice(ref.domain.length + 1));
  if (ref.domain === 'docker.io') for (const name of Object.keys(OFFICIAL_IMAGES)) candidates.push(`library/${name}`);
  return candidates.some((known) => {
    const d = editDistance(ref.path, known);
    const last = known.slice(known.lastIndexOf('/') + 1);
    return d > 0 && d <= (last.length <= 5 ? 1 : 2);
  });
}

/**
 * A repository whose name says it does not exist (the Pod failure policy page's
 * `non-existing-repo/non-existing-image:example`, `nonexistent/app`, `does-not-exist`): a
 * teaching manifest's way of writing an image no registry has, so none has it here either.
 */
function saysItDoesNotExist(ref: ImageReference): boolean {
  return /(?:^|[/_.-])(?:non-?existing|non-?existent|does-?not-?exist|not-?existing)(?:$|[/_.-])/.test(ref.path);
}

// ---------------------------------------------------------------------------------------------
// Synthesised images
// ---------------------------------------------------------------------------------------------

function lastComponent(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Unknown images: a generic server on the Pod's declared ports, no shell. */
function genericDefinition(ref: ImageReference): ImageDefinition {
  const name = lastComponent(ref.path);
  const main = `/usr/local/bin/${name}`;
  const image: CatalogImage = {
    repository: ref.repository,
    about: 'Not in the catalog: a generic long-running server on the declared containerPorts.',
    tags: {},
    userland: { shell: null, tools: 'none', bash: false },
    entrypoint: [main],
    cmd: [],
    main,
    binaries: {
      [main]: {
        kind: 'app',
        behaviour: {
          kind: 'serve',
          server: {
            listen: 'declared',
            startupMs: 800,
            routes: {},
            notFound: { status: 200, body: 'OK\n', contentType: 'text/plain; charset=utf-8' },
            logStyle: name === 'kube-proxy' ? 'kube-proxy' : 'generic',
            memoryBytes: 24 * MiB,
          },
        },
      },
    },
  };
  return { image, tag: { ...sizesFromName(ref.repository, 8, 180), version: ref.tag ?? 'latest' } };
}

function officialImage(ref: ImageReference): CatalogImage | undefined {
  if (ref.domain !== 'docker.io' || !ref.path.startsWith('library/')) return undefined;
  const name = ref.path.slice('library/'.length);
  const kind = own(OFFICIAL_IMAGES, name) as OfficialKind | undefined;
  return kind ? synthesiseOfficial(ref.repository, name, kind) : undefined;
}

function synthesiseOfficial(repository: string, name: string, kind: OfficialKind): CatalogImage {
  const sizes = sizesFromName(repository, kind.kind === 'os' ? 3 : 40, kind.kind === 'os' ? 45 : 400);
  // debian's tags name their Debian release (debian-release.ts: latest is trixie).
  const debian = name === 'debian' ? { debianOf: (tag: string) => debianImageRelease(tag) } : {};
  const base = {
    repository,
    about: `Official image "${name}" (generic ${kind.kind} model).`,
    tags: { latest: { ...sizes, version: 'latest', ...(name === 'debian' ? { debian: debianImageRelease('latest') } : {}) } },
    tagPattern: '^[a-z0-9][a-z0-9._-]{0,63}$',
    patternTag: 'latest',
    ...debian,
  };
  const main = `/usr/local/bin/${name}`;
  switch (kind.kind) {
    case 'os':
      return kind.userland === 'busybox'
        ? { ...base, userland: { shell: 'ash', tools: 'busybox', bash: name === 'bash', libc: 'musl', pkg: 'apk' }, entrypoint: [], cmd: [name === 'bash' ? 'bash' : '/bin/sh'], binaries: {} }
        : { ...base, userland: { shell: 'dash', tools: 'coreutils', bash: true, ...(name === 'debian' || name === 'ubuntu' ? { pkg: 'apt' as const } : {}) }, entrypoint: [], cmd: ['bash'], binaries: {} };
    case 'runtime': {
      const repl = `/usr/local/bin/${kind.cmd}`;
      // Only the default REPL is modelled: without a TTY it reads EOF and exits 0 at once.
      const replApp = { kind: 'app' as const, behaviour: { kind: 'job' as const, durationMs: 40, exitCode: 0, output: [], memoryBytes: 20 * MiB } };
      const binaries = kind.cmd === 'bash' ? {} : { [repl]: replApp };
      return { ...base, userland: { shell: 'dash', tools: 'coreutils', bash: true }, entrypoint: [], cmd: [kind.cmd], binaries };
    }
    case 'server':
      return {
        ...base,
        userland: { shell: 'dash', tools: 'coreutils', bash: true },
        entrypoint: [],
        cmd: [name],
        main,
        binaries: {
          [main]: {
            kind: 'app',
            behaviour: {
              kind: 'serve',
              server: { listen: [{ port: kind.port, protocol: kind.protocol }], startupMs: 1500, routes: {}, notFound: { status: 200, body: `${name}\n` }, logStyle: 'generic', memoryBytes: kind.memoryMiB * MiB },
            },
          },
        },
      };
    case 'crash':
      return {
        ...base,
        userland: { shell: 'dash', tools: 'coreutils', bash: true },
        entrypoint: [],
        cmd: [name],
        main,
        binaries: { [main]: { kind: 'app', behaviour: { kind: 'crash', afterMs: 60, exitCode: 1, stdout: [], stderr: kind.stderr } } },
      };
  }
}
