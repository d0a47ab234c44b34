/**
 * An image config's User (`nginx`, `101`, `65535:65535`, `nonroot:nonroot`, "" for root) as
 * containerd reads it, and the account a container's process gets from it:
 * - criImageUser: what CRI ImageStatus reports (containerd's CRI getUserFromImage): the part
 *   before `:`; a number is a uid, anything else a username; "" is neither (the kubelet's
 *   getImageUser then treats the image as root).
 * - resolveUser: containerd's oci.WithUser over the image's /etc/passwd and /etc/group — the
 *   user's uid (a name looked up in passwd), its gid (the group part, a name looked up in group,
 *   else the passwd entry's gid, else 0), and the entry itself for HOME and the process's name.
 * Approximate: a name the image's files lack (containerd fails CreateContainer: `no users found`)
 * runs as uid 0 here; the catalog gives no image such a user.
 */

/** CRI ImageStatus's Uid or Username of an image (undefined: neither set). */
export type CriImageUser = { uid: number } | { username: string } | undefined;

const NUMERIC = /^\d+$/;

/** containerd CRI getUserFromImage: `user[:group]`'s user part, a uid when it parses as one. */
export function criImageUser(user: string | undefined): CriImageUser {
  if (!user) return undefined;
  const part = user.split(':')[0]!;
  return NUMERIC.test(part) ? { uid: Number(part) } : { username: part };
}

/**
 * The rows of each file text seen, shared: the kubelet's relist resolves every container's user
 * once a second, over the same few images' files. Bounded by the distinct passwd/group texts (the
 * catalog's images and what learners write); dropped whole past the bound. Callers never mutate rows.
 */
const ROWS = new Map<string, readonly (readonly string[])[]>();
const ROWS_BOUND = 256;

/** One /etc/passwd or /etc/group line split at its colons (comment and blank lines dropped). */
export function rowsOf(content: string | undefined): readonly (readonly string[])[] {
  const text = content ?? '';
  let rows = ROWS.get(text);
  if (rows) return rows;
  rows = text
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split(':'));
  if (ROWS.size >= ROWS_BOUND) ROWS.clear();
  ROWS.set(text, rows);
  return rows;
}

export interface ResolvedUser {
  uid: number;
  gid: number;
  /** The passwd entry of the uid (name, home), when the image has one. */
  entry: readonly string[] | undefined;
}

/**
 * containerd's oci.WithUser for `spec` (`uid`, `name`, `uid:gid`, `name:group`, "" = root):
 * a bare user takes its passwd entry's gid (0 when it has none); a given group is a gid or a
 * group name. `passwd` and `group` are the image's files' rows.
 */
export function resolveUser(spec: string, passwd: readonly (readonly string[])[], group: readonly (readonly string[])[]): ResolvedUser {
  const [u = '', g] = spec === '' ? ['0'] : spec.split(':');
  const byName = NUMERIC.test(u) ? undefined : passwd.find((r) => r.length >= 4 && r[0] === u);
  const uid = NUMERIC.test(u) ? Number(u) : byName ? Number(byName[2]) : 0;
  const entry = byName ?? passwd.find((r) => r.length >= 6 && r[2] === String(uid));
  let gid = entry ? Number(entry[3]) : 0;
  if (g !== undefined && g !== '') gid = NUMERIC.test(g) ? Number(g) : Number(group.find((r) => r.length >= 3 && r[0] === g)?.[2] ?? 0);
  return { uid, gid, entry };
}
