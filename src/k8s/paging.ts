/**
 * `limit` and `continue` on lists (kubectl get asks for chunks of 500; client libraries page),
 * with the etcd3 store's continue token (storage.EncodeContinue): unpadded URL-safe base64 of
 * `{"v":"meta.k8s.io/v1","rv":N,"start":"<key>\u0000"}`, where N is the first page's
 * resourceVersion and start the key after the last one returned. `remainingItemCount` is set when
 * no selector filters the list, as the store sets it. The served cluster and the page's
 * `kubectl get --raw` page alike.
 *
 * Approximate: later pages read the current state after `start` (the engine keeps no MVCC
 * history to read at N), and a token counts as compacted once N is older than the caller's
 * `oldest` (the served watch history stands in for etcd's compaction): then 410 Expired, with
 * upstream's text.
 */
import type { ApiQuery } from './api-query';
import { base64Encode, decodeBase64 } from './base64';
import type { KObject } from './types';

export interface ListMeta {
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface Paged {
  items: KObject[];
  /** metadata of the List (or Table): the first page's resourceVersion, continue, remainingItemCount. */
  metadata: ListMeta;
}

/** storage.inconsistentContinue: the message of a continue token whose revision was compacted. */
export const INCONSISTENT_CONTINUE =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** A Status the list answers instead of a page: 400 for a token it cannot read, 410 for a compacted one (with a fresh token). */
export interface PageError {
  code: 400 | 410;
  reason: 'BadRequest' | 'Expired';
  message: string;
  continue?: string;
}

function keyOf(o: KObject): string {
  return o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name ?? ''}` : (o.metadata.name ?? '');
}

/** base64.RawURLEncoding of the token's JSON. */
export function encodeContinue(rv: number, start: string): string {
  const std = base64Encode(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: `${start}\u0000` }));
  return std.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function decodeContinue(token: string): { rv: number; start: string } | string {
  // RawURLEncoding: the URL-safe alphabet, no padding, never a lone final character.
  const bad = token.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0 || token.length % 4 === 1) return `continue key is not valid: illegal base64 data at input byte ${bad >= 0 ? bad : token.length - 1}`;
  let parsed: unknown;
  try {
    // Names are ASCII, so the decoded bytes are the JSON's characters.
    parsed = JSON.parse(decodeBase64(token.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return 'continue key is not valid: the token is not JSON';
  }
  const t = parsed as { v?: unknown; rv?: unknown; start?: unknown } | null;
  if (!t || t.v !== 'meta.k8s.io/v1') return 'continue key is not valid: server does not recognize this encoded key';
  if (typeof t.rv !== 'number' || typeof t.start !== 'string') return 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)';
  return { rv: t.rv, start: t.start.endsWith('\u0000') ? t.start.slice(0, -1) : t.start };
}

/**
 * One page of `items` (sorted by key, as etcd returns them) for the request's limit/continue.
 * `revision` is the current resourceVersion, `oldest` the oldest one still served.
 */
export function pageOf(items: KObject[], q: ApiQuery, revision: number, oldest: number, filtered: boolean): Paged | PageError {
  const limitRaw = q.get('limit');
  const limit = limitRaw === null ? 0 : Number(limitRaw);
  const token = q.get('continue') ?? '';
  let rv = revision;
  let rest = items;
  if (token !== '') {
    const decoded = decodeContinue(token);
    if (typeof decoded === 'string') return { code: 400, reason: 'BadRequest', message: decoded };
    // A revision before the compaction point cannot be listed consistently any more.
    if (decoded.rv > 0 && decoded.rv < oldest) return { code: 410, reason: 'Expired', message: INCONSISTENT_CONTINUE, continue: encodeContinue(-1, decoded.start) };
    rv = decoded.rv > 0 ? decoded.rv : revision;
    rest = items.filter((o) => keyOf(o) > decoded.start);
  }
  if (!Number.isInteger(limit) || limit <= 0 || rest.length <= limit) return { items: rest, metadata: { resourceVersion: String(rv) } };
  const page = rest.slice(0, limit);
  const metadata: ListMeta = { resourceVersion: String(rv), continue: encodeContinue(rv, keyOf(page[page.length - 1]!)) };
  if (!filtered) metadata.remainingItemCount = rest.length - limit;
  return { items: page, metadata };
}
