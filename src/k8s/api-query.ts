/**
 * A request URL's query as kube-apiserver reads it: Go's url.ParseQuery (what net/http's
 * Request.URL.Query() returns), and the ListOptions/GetOptions decoding of a boolean parameter.
 * Pure and without the DOM's URLSearchParams (this layer is ES2022 only), so the served cluster
 * and the page's `kubectl get --raw` read `?watch`, `?labelSelector=`, `?limit=` the same way.
 */

/** One URL query: its parameters in the order they came, and the text as it was sent. */
export class ApiQuery {
  private readonly params: ReadonlyMap<string, readonly string[]>;

  /** `raw`: the text after `?`, still escaped (`a=1&b=x%2Fy`); '' for none. */
  constructor(readonly raw: string) {
    this.params = parseQuery(raw);
  }

  /** The first value, as URLSearchParams.get answers (Go's Values.Get says '' where this says null). */
  get(key: string): string | null {
    return this.params.get(key)?.[0] ?? null;
  }

  getAll(key: string): string[] {
    return [...(this.params.get(key) ?? [])];
  }

  has(key: string): boolean {
    return this.params.has(key);
  }
}

/**
 * url.ParseQuery, as net/http's URL.Query() uses it (its error dropped): `&`-separated pairs, a
 * pair with `;` or a bad escape skipped, `+` a space, an empty value for a bare key.
 */
function parseQuery(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of raw.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const eq = pair.indexOf('=');
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const value = queryUnescape(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === undefined || value === undefined) continue;
    const values = out.get(key);
    if (values) values.push(value);
    else out.set(key, [value]);
  }
  return out;
}

/** url.QueryUnescape; undefined where Go answers an error (a `%` not followed by two hex digits). */
function queryUnescape(s: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(s)) return undefined;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    // Escaped bytes that are no UTF-8: Go keeps them as they are; no simulated name holds such bytes.
    return undefined;
  }
}

/**
 * runtime.Convert_Slice_string_To_bool, how `?watch`, `?follow`, `?allowWatchBookmarks` decode:
 * absent, `0` and `false` (any case) are false; anything else, the empty value too, is true.
 */
export function queryFlag(q: ApiQuery, key: string): boolean {
  const v = q.get(key);
  return v !== null && v !== '0' && v.toLowerCase() !== 'false';
}
