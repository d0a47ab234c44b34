/**
 * Bound ServiceAccount tokens: what the kubelet writes as a projected volume's `token` file
 * (TokenRequest with the Pod as the bound object) and what kube-apiserver's service-account
 * authenticator accepts as `Authorization: Bearer <token>`. A JWT laid out as upstream's
 * (header `{"alg":"RS256","kid":…}`, claims sorted, `kubernetes.io` private claims, the
 * 1-year extended expiry kubeadm's defaults give a kubelet's token with `warnafter` at the
 * requested 3607 s). The signature is no RSA: 256 bytes derived from the cluster's seed and the
 * signed text, so only tokens this cluster minted, unaltered, verify. The token controller's
 * legacy Secret tokens (mintLegacyToken) are signed and checked here too.
 *
 * Approximate: the kubelet mints the token itself instead of sending a TokenRequest (the
 * request is not on the trace) and never rotates it. `kubectl create token` does send one
 * (token-request.ts, the serviceaccounts/token subresource), which mints with this same code.
 */
import { decodeBase64 } from '../../k8s/base64';
import { EPOCH_MS, parseTimestamp } from '../../k8s/time';
import type { KObject } from '../../k8s/types';
import { fnv1a, sha256Hex } from '../../k8s/sha256';
import { nextUint32, seedRng } from '../core/rng';
import type { World } from '../world';
import { serviceAccountUser, type UserInfo } from './auth';
import { storedObject } from './storage';

const ISSUER = 'https://kubernetes.default.svc.cluster.local';
/** --service-account-max-token-expiration unset: the kubelet's 3607 s token is extended to a year. */
const EXTENDED_EXPIRY_S = 365 * 24 * 3600;

export interface ObjectBinding {
  name: string;
  uid: string;
}

export interface TokenBinding {
  namespace: string;
  serviceAccount: string;
  /** The bound object (TokenRequest's boundObjectRef); a Pod-bound token also names the Pod's Node. */
  pod?: ObjectBinding;
  secret?: ObjectBinding;
  node?: ObjectBinding;
  /** Seconds the client asked for (the projected source's expirationSeconds). */
  expirationSeconds: number;
  /**
   * Upstream extends a Pod-bound token asked for with 3607 s and the API audience to a year,
   * warning after the 3607 s (extendsExpiration), for the kubelet's projected tokens and a
   * TokenRequest alike: a projected source with its own audience or lifetime is not extended.
   */
  extendExpiration: boolean;
  /** `aud`; unset, the API server's own audience. */
  audiences?: readonly string[];
  /** Tells apart tokens minted in the same second for the same binding (their `jti`). */
  nonce?: string;
}

/** The API server's audiences (--api-audiences, kubeadm's default: the issuer). */
export const API_AUDIENCES: readonly string[] = [ISSUER];

/** The kubelet's token request for the API (3607 s), which --service-account-extend-token-expiration extends. */
const WARN_ONLY_BOUND_TOKEN_EXPIRATION_S = 3607;

/** Upstream's rule: a Pod-bound token asked for with 3607 s for the API's own audiences gets the year. */
export function extendsExpiration(podBound: boolean, expirationSeconds: number, audiences: readonly string[]): boolean {
  return podBound && expirationSeconds === WARN_ONLY_BOUND_TOKEN_EXPIRATION_S && audiences.every((a) => API_AUDIENCES.includes(a));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));

/**
 * Base64 is written into one scratch buffer that grows to the longest text seen, and read out by
 * one Latin-1 decode (three times faster than fromCharCode over the codes): a string grown by
 * `+=` stays a rope of one node per piece until something reads it (a token no process reads
 * kept ~40 KB of rope per Pod), and a growing array of codes with its chunk copies was a
 * twentieth of all a run allocated.
 */
let scratch = new Uint8Array(2048);
const LATIN1 = new TextDecoder('latin1');

function reserve(n: number): Uint8Array {
  if (scratch.length < n) scratch = new Uint8Array(Math.max(n, scratch.length * 2));
  return scratch;
}

function fromScratch(out: Uint8Array, n: number): string {
  return LATIN1.decode(out.subarray(0, n));
}

/** Writes the 2–4 unpadded base64 characters of one group of 1–3 bytes (b1/b2 < 0: absent) at `at`; returns the next position. */
function putGroup(out: Uint8Array, at: number, b0: number, b1: number, b2: number): number {
  out[at++] = CODES[b0 >> 2]!;
  out[at++] = CODES[((b0 & 3) << 4) | (Math.max(b1, 0) >> 4)]!;
  if (b1 >= 0) out[at++] = CODES[((b1 & 15) << 2) | (Math.max(b2, 0) >> 6)]!;
  if (b2 >= 0) out[at++] = CODES[b2 & 63]!;
  return at;
}

/** Base64 (standard alphabet, unpadded, as upstream's JWT segments look here). */
function b64url(bytes: ArrayLike<number>): string {
  const n = bytes.length;
  const out = reserve(Math.ceil(n / 3) * 4);
  let at = 0;
  for (let i = 0; i < n; i += 3) at = putGroup(out, at, bytes[i]!, i + 1 < n ? bytes[i + 1]! : -1, i + 2 < n ? bytes[i + 2]! : -1);
  return fromScratch(out, at);
}

/** b64url of an ASCII text's bytes (its character codes, as `& 0xff` takes them). */
function b64ascii(text: string): string {
  const n = text.length;
  const out = reserve(Math.ceil(n / 3) * 4);
  let at = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const x = ((text.charCodeAt(i) & 255) << 16) | ((text.charCodeAt(i + 1) & 255) << 8) | (text.charCodeAt(i + 2) & 255);
    out[at++] = CODES[x >> 18]!;
    out[at++] = CODES[(x >> 12) & 63]!;
    out[at++] = CODES[(x >> 6) & 63]!;
    out[at++] = CODES[x & 63]!;
  }
  if (i < n) at = putGroup(out, at, text.charCodeAt(i) & 255, i + 1 < n ? text.charCodeAt(i + 1) & 255 : -1, -1);
  return fromScratch(out, at);
}

const fromB64url = (s: string): string => decodeBase64(s.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')));

function hexBytes(hex: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hex.length; i += 2) out.push(Number.parseInt(hex.slice(i, i + 2), 16));
  return out;
}

/** The signing key's id: upstream's is the base64url SHA-256 of the public key, 43 characters. */
const KEY_IDS = new Map<number, string>();
function keyId(w: World): string {
  let id = KEY_IDS.get(w.seed);
  if (id === undefined) {
    id = b64url(hexBytes(sha256Hex(`sa.pub:${w.seed}`)));
    KEY_IDS.set(w.seed, id);
  }
  return id;
}

/** The encoded JWT header, which names only the key: one per seed. */
const HEADERS = new Map<number, string>();
function header(w: World): string {
  let h = HEADERS.get(w.seed);
  if (h === undefined) HEADERS.set(w.seed, (h = b64ascii(JSON.stringify({ alg: 'RS256', kid: keyId(w) }))));
  return h;
}

/** Bytes 9…255 of every signature a cluster makes, base64-encoded once per seed. */
const SIGNATURE_TAILS = new Map<number, string>();
function signatureTail(seed: number): string {
  let tail = SIGNATURE_TAILS.get(seed);
  if (tail === undefined) {
    const rng = seedRng(fnv1a(`sa.key:${seed}`));
    const bytes: number[] = [];
    while (bytes.length < 256 - 9) bytes.push(nextUint32(rng) & 255);
    SIGNATURE_TAILS.set(seed, (tail = b64url(bytes)));
  }
  return tail;
}

/**
 * 256 bytes standing for the RSA signature: nine bytes from two FNV-1a hashes of the key and the
 * signed text, then the cluster's fixed tail (nine bytes are three whole base64 groups, so the
 * tail's text is shared). Not cryptography, only a check that the text was minted here, and
 * cheap, since every Pod start mints a token.
 */
function signature(w: World, signed: string): string {
  // Hashed piece by piece: the concatenations would each be flattened into a copy of `signed`.
  const a = fnv1a(signed, fnv1a(`sa.key:${w.seed}:`));
  const b = fnv1a(`:sa.key:${w.seed}`, fnv1a(signed));
  const head = [a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, b >>> 24, (b >>> 16) & 255, (b >>> 8) & 255, b & 255, (a ^ b) & 255];
  return b64url(head) + signatureTail(w.seed);
}

/** A stable v4-shaped id for the token (its `jti`), from what it binds (FNV, no PRNG draw). */
function jti(w: World, b: TokenBinding, iat: number): string {
  // The kubelet's key (no nonce) is the Pod's uid, as before TokenRequests were served.
  const key = b.nonce ?? b.pod?.uid ?? '';
  const h = [0, 1, 2, 3].map((i) => fnv1a(`jti:${i}:${w.seed}:${key}:${iat}`).toString(16).padStart(8, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A minted token and its `exp` (Unix seconds). */
export interface MintedToken {
  ok: true;
  token: string;
  exp: number;
}

/** The token for `b` at the current simulated time, or why none can be minted (TokenRequest's error). */
export function mintToken(w: World, b: TokenBinding): MintedToken | { ok: false; error: string } {
  const sa = storedObject(w, 'serviceaccounts', b.namespace, b.serviceAccount);
  if (!sa) return { ok: false, error: `failed to fetch token: serviceaccounts "${b.serviceAccount}" not found` };
  const iat = Math.floor((EPOCH_MS + w.now) / 1000);
  const exp = iat + (b.extendExpiration ? EXTENDED_EXPIRY_S : b.expirationSeconds);
  // Keys in sorted order, as upstream's claims come out; absent bindings are left out (omitempty).
  const claims = {
    aud: b.audiences ?? API_AUDIENCES,
    exp,
    iat,
    iss: ISSUER,
    jti: jti(w, b, iat),
    'kubernetes.io': {
      namespace: b.namespace,
      ...(b.node ? { node: { name: b.node.name, uid: b.node.uid } } : {}),
      ...(b.pod ? { pod: { name: b.pod.name, uid: b.pod.uid } } : {}),
      ...(b.secret ? { secret: { name: b.secret.name, uid: b.secret.uid } } : {}),
      serviceaccount: { name: b.serviceAccount, uid: sa.metadata.uid ?? '' },
      ...(b.extendExpiration ? { warnafter: iat + b.expirationSeconds } : {}),
    },
    nbf: iat,
    sub: `system:serviceaccount:${b.namespace}:${b.serviceAccount}`,
  };
  return { ok: true, token: signClaims(w, claims), exp };
}

/** The JWT of `claims` (keys in the order given) under the cluster's key. */
function signClaims(w: World, claims: object): string {
  const signed = `${header(w)}.${b64ascii(JSON.stringify(claims))}`;
  return `${signed}.${signature(w, signed)}`;
}

/** LegacyIssuer: the `iss` of the tokens the token controller writes into Secrets. */
const LEGACY_ISSUER = 'kubernetes/serviceaccount';
const LEGACY_CLAIM = 'kubernetes.io/serviceaccount/';

/**
 * The token the token controller puts in a `kubernetes.io/service-account-token` Secret
 * (serviceaccount.LegacyClaims): no audience, no expiry, and private claims that name the
 * ServiceAccount and the Secret, keys sorted as go-jose writes the merged claims.
 */
export function mintLegacyToken(w: World, sa: { namespace: string; name: string; uid: string }, secretName: string): string {
  return signClaims(w, {
    iss: LEGACY_ISSUER,
    [`${LEGACY_CLAIM}namespace`]: sa.namespace,
    [`${LEGACY_CLAIM}secret.name`]: secretName,
    [`${LEGACY_CLAIM}service-account.name`]: sa.name,
    [`${LEGACY_CLAIM}service-account.uid`]: sa.uid,
    sub: `system:serviceaccount:${sa.namespace}:${sa.name}`,
  });
}

/**
 * The legacy validator: the Secret it names still holds this very token and the ServiceAccount
 * is the same one (uid). Approximate: the kubernetes.io/legacy-token-last-used label is not kept.
 */
function authenticateLegacy(w: World, token: string, claims: Record<string, unknown>, audiences: readonly string[]): ServiceAccountAuthentication | undefined {
  const ns = String(claims[`${LEGACY_CLAIM}namespace`] ?? '');
  const name = String(claims[`${LEGACY_CLAIM}service-account.name`] ?? '');
  const secret = storedObject(w, 'secrets', ns, String(claims[`${LEGACY_CLAIM}secret.name`] ?? '')) as (KObject & { data?: Record<string, string> }) | undefined;
  if (!secret || secret.metadata.deletionTimestamp || decodeBase64(secret.data?.['token'] ?? '') !== token) return undefined;
  const uid = String(claims[`${LEGACY_CLAIM}service-account.uid`] ?? '');
  if (!sameUid(w, storedObject(w, 'serviceaccounts', ns, name), uid)) return undefined;
  return { user: { ...serviceAccountUser(ns, name), uid }, audiences: [...audiences], extra: {} };
}

interface ClaimRef {
  name?: string;
  uid?: string;
}

interface Claims {
  aud?: string[];
  jti?: string;
  exp?: number;
  nbf?: number;
  iss?: string;
  'kubernetes.io'?: { namespace?: string; pod?: ClaimRef; secret?: ClaimRef; node?: ClaimRef; serviceaccount?: ClaimRef };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Still the object the token names: the same uid, and not past its deletion timestamp (a terminating Pod's token works until then). */
function sameUid(w: World, obj: KObject | undefined, uid: string | undefined): boolean {
  if (!obj || obj.metadata.uid !== uid) return false;
  const gone = obj.metadata.deletionTimestamp;
  return gone === undefined || parseTimestamp(gone) > w.now;
}

/**
 * The service-account authenticator: the user a bearer token names, or undefined when it is not
 * a token this cluster signed, has expired, or is bound to a ServiceAccount or Pod that no longer
 * exists (the same uid) — kube-apiserver then answers 401 Unauthorized.
 */
export function authenticateToken(w: World, token: string): UserInfo | undefined {
  const authn = authenticateServiceAccountToken(w, token);
  if (!authn) return undefined;
  return Object.keys(authn.extra).length ? { ...authn.user, extra: authn.extra } : authn.user;
}

/** What the ServiceAccount authenticator answers a TokenReview with besides the user. */
export interface ServiceAccountAuthentication {
  user: UserInfo;
  /** The token's audiences among those asked for. */
  audiences: string[];
  /** ServiceAccountInfo.UserInfo's extra, keys in Go's (sorted) map order. */
  extra: Record<string, string[]>;
}

/**
 * The service-account authenticator with its whole answer, for `audiences` (unset: the API
 * server's own): the token must name one of them.
 */
export function authenticateServiceAccountToken(w: World, token: string, audiences: readonly string[] = API_AUDIENCES): ServiceAccountAuthentication | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head = '', body = '', sig = ''] = parts;
  const header = parseJson(fromB64url(head)) as { alg?: string; kid?: string } | undefined;
  if (header?.alg !== 'RS256' || header.kid !== keyId(w)) return undefined;
  if (signature(w, `${head}.${body}`) !== sig) return undefined;
  const claims = parseJson(fromB64url(body)) as Claims | undefined;
  if (claims?.iss === LEGACY_ISSUER) return authenticateLegacy(w, token, claims as Record<string, unknown>, audiences);
  const k8s = claims?.['kubernetes.io'];
  const now = Math.floor((EPOCH_MS + w.now) / 1000);
  if (!claims || !k8s || claims.iss !== ISSUER || (claims.exp ?? 0) <= now || (claims.nbf ?? 0) > now) return undefined;
  // A token for another audience (`kubectl create token --audience`) is not for this API server.
  const matched = audiences.filter((a) => (claims.aud ?? []).includes(a));
  if (matched.length === 0) return undefined;
  const ns = k8s.namespace ?? '';
  const sa = storedObject(w, 'serviceaccounts', ns, k8s.serviceaccount?.name ?? '');
  if (!sameUid(w, sa, k8s.serviceaccount?.uid)) return undefined;
  if (k8s.pod && !sameUid(w, storedObject(w, 'pods', ns, k8s.pod.name ?? ''), k8s.pod.uid)) return undefined;
  if (k8s.secret && !sameUid(w, storedObject(w, 'secrets', ns, k8s.secret.name ?? ''), k8s.secret.uid)) return undefined;
  // A Pod-bound token names the Pod's Node too, which only a Node-bound token is checked against.
  if (!k8s.pod && k8s.node && !sameUid(w, storedObject(w, 'nodes', undefined, k8s.node.name ?? ''), k8s.node.uid)) return undefined;
  const user = { ...serviceAccountUser(ns, k8s.serviceaccount?.name ?? ''), uid: k8s.serviceaccount?.uid ?? '' };
  return { user, audiences: matched, extra: claimsExtra(claims) };
}

/** ServiceAccountInfo.UserInfo: the credential's id, then the bound Node and Pod (a Pod-bound token names its Node too). */
function claimsExtra(claims: Claims): Record<string, string[]> {
  const k8s = claims['kubernetes.io'] ?? {};
  const extra: Record<string, string[]> = {};
  const key = (k: string): string => `authentication.kubernetes.io/${k}`;
  if (claims.jti) extra[key('credential-id')] = [`JTI=${claims.jti}`];
  if (k8s.node?.name) {
    extra[key('node-name')] = [k8s.node.name];
    if (k8s.node.uid) extra[key('node-uid')] = [k8s.node.uid];
  }
  if (k8s.pod?.name && k8s.pod.uid) {
    extra[key('pod-name')] = [k8s.pod.name];
    extra[key('pod-uid')] = [k8s.pod.uid];
  }
  return extra;
}
