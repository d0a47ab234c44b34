/**
 * Image reference parsing and normalisation, ported from distribution/reference
 * (`ParseNormalizedNamed`, `splitDockerDomain`, `TagNameOnly`) — the code the kubelet
 * (`applyDefaultImageTag`) and containerd both run. `nginx` → `docker.io/library/nginx:latest`,
 * `bitnami/redis` → `docker.io/bitnami/redis:latest`, `index.docker.io/x` → `docker.io/library/x`.
 * A reference with a digest keeps the digest and gets no default tag.
 */

export interface ImageReference {
  /** Registry host (and port): `docker.io`, `registry.k8s.io`, `localhost:5000`. */
  domain: string;
  /** Repository path inside the registry: `library/nginx`, `e2e-test-images/agnhost`. */
  path: string;
  /** `docker.io/library/nginx` */
  repository: string;
  /** The tag, `latest` when neither a tag nor a digest was given. */
  tag?: string;
  /** `sha256:<64 hex>` when pinned. */
  digest?: string;
  /** Fully normalised: `docker.io/library/nginx:1.27`, `docker.io/library/nginx@sha256:…`. */
  ref: string;
}

export type ParsedReference = { ok: true; value: ImageReference } | { ok: false; error: string };

const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(
  `^((?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*)(?::(${TAG}))?(?:@(${DIGEST}))?$`,
);
const ANCHORED_IDENTIFIER = /^[a-f0-9]{64}$/;

const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';

/** splitDockerDomain: the first component is a host only if it has `.`/`:` or is `localhost`. */
function splitDockerDomain(name: string): [string, string] {
  const i = name.indexOf('/');
  let domain: string;
  let remainder: string;
  const first = i === -1 ? '' : name.slice(0, i);
  if (i === -1 || (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first)) {
    domain = DEFAULT_DOMAIN;
    remainder = name;
  } else {
    domain = first;
    remainder = name.slice(i + 1);
  }
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN;
  if (domain === DEFAULT_DOMAIN && !remainder.includes('/')) remainder = `library/${remainder}`;
  return [domain, remainder];
}

/**
 * Parses like the kubelet does before pulling. The error text is what follows
 * `couldn't parse image name "<image>": ` in the kubelet's InvalidImageName event.
 */
export function parseImageReference(image: string): ParsedReference {
  if (ANCHORED_IDENTIFIER.test(image)) {
    return { ok: false, error: `invalid repository name (${image}), cannot specify 64-byte hexadecimal strings` };
  }
  const [domain, remainder] = splitDockerDomain(image);
  const tagSep = remainder.indexOf(':');
  const atSep = remainder.indexOf('@');
  const nameEnd = [tagSep, atSep].filter((x) => x >= 0).reduce((a, b) => Math.min(a, b), remainder.length);
  const remoteName = tagSep >= 0 ? remainder.slice(0, tagSep) : remainder;
  if (remoteName.toLowerCase() !== remoteName) {
    return { ok: false, error: `invalid reference format: repository name (${remoteName}) must be lowercase` };
  }
  const m = REFERENCE.exec(`${domain}/${remainder}`);
  if (!m) return { ok: false, error: 'invalid reference format' };
  const name = m[1]!;
  if (name.length > 255) return { ok: false, error: 'repository name must not be more than 255 characters' };
  const digest = m[3];
  if (digest !== undefined) {
    const [algo, hex = ''] = digest.split(':');
    if (algo !== 'sha256') return { ok: false, error: 'unsupported digest algorithm' };
    if (hex.length !== 64) return { ok: false, error: 'invalid checksum digest length' };
    if (!/^[0-9a-f]+$/.test(hex)) return { ok: false, error: 'invalid checksum digest format' };
  }
  const path = remainder.slice(0, nameEnd);
  const repository = `${domain}/${path}`;
  // TagNameOnly: a digest-pinned reference gets no default tag.
  const tag = m[2] ?? (digest === undefined ? 'latest' : undefined);
  const ref = repository + (tag !== undefined ? `:${tag}` : '') + (digest !== undefined ? `@${digest}` : '');
  const value: ImageReference = { domain, path, repository, ref };
  if (tag !== undefined) value.tag = tag;
  if (digest !== undefined) value.digest = digest;
  return { ok: true, value };
}

/** `docker.io/library/nginx` → `nginx`; other registries keep their full name (as `crictl images` shows). */
export function familiarName(repository: string): string {
  if (repository.startsWith('docker.io/library/')) return repository.slice('docker.io/library/'.length);
  if (repository.startsWith('docker.io/')) return repository.slice('docker.io/'.length);
  return repository;
}
