/**
 * How `sort` orders text in a language locale (the learner's en_US.UTF-8 terminal) as opposed to
 * C's byte order: `kubectl get pods | sort` puts the NAME header among the pods (api-… < NAME <
 * web-…) and `web1` before `web-1`, where C puts every capital first. This is glibc 2.36's
 * strcoll over the ISO 14651 table en_US uses (iso14651_t1_common), ported for ASCII:
 *
 * 1. letters case-folded, digits and `$`; punctuation, blanks and controls ignored;
 * 2. accents; the SPECIAL section (digits, `$`, punctuation) is compared backward at this level;
 * 3. case, lower before upper;
 * 4. every character in the table's order, with `position`.
 *
 * The level-2 backward runs are walked exactly as glibc's get_next_seq walks them, quirks
 * included (a run followed by a letter loses all but its last character), because that is what
 * decides `0/a` against `:0a`. collate.test.ts pins the port to glibc's own answers. Characters
 * beyond ASCII are approximated: letters by their base letter (accents at level 2), other
 * letters and digits after `z` by code point, everything else ignorable.
 */

const SPECIAL = 0;
const LATIN = 1;

/** A character's section and its weight at each level; 0 is IGNORE. */
interface Weight {
  section: number;
  levels: [number, number, number, number];
}

/** Level 4 is the order of the characters' lines in iso14651_t1_common. */
const FOURTH = `${Array.from({ length: 32 }, (_x, i) => String.fromCharCode(i)).filter((c) => !'\t\n\v\f\r'.includes(c)).join('')}\x7f\t\n\v\f\r !"#%&'()*+,-./:;<=>?@[\\]^_\`{|}~$0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ`;
const PRIMARY = '$0123456789abcdefghijklmnopqrstuvwxyz';
const BEYOND = FOURTH.length + 1;

function weightOf(ch: string): Weight {
  const fourth = FOURTH.indexOf(ch);
  if (fourth >= 0) {
    const lower = ch.toLowerCase();
    const primary = PRIMARY.indexOf(lower) + 1;
    if (primary === 0) return { section: SPECIAL, levels: [0, 0, 0, fourth + 1] };
    return { section: /[a-z]/.test(lower) ? LATIN : SPECIAL, levels: [primary, 1, ch === lower ? 1 : 2, fourth + 1] };
  }
  const cp = ch.codePointAt(0)!;
  if (!/[\p{L}\p{N}]/u.test(ch)) return { section: SPECIAL, levels: [0, 0, 0, BEYOND + cp] };
  const decomposed = ch.normalize('NFD');
  const base = decomposed[0]!.toLowerCase();
  const primary = PRIMARY.indexOf(base) + 1 || BEYOND + (base.codePointAt(0) ?? cp);
  const accent = decomposed.length > 1 ? 2 + decomposed.charCodeAt(1) : 1;
  return { section: LATIN, levels: [primary, accent, ch === ch.toLowerCase() ? 1 : 2, BEYOND + cp] };
}

const NONE = -1;

/** glibc's coll_seq: a cursor over one string at one level. */
interface Seq {
  ws: Weight[];
  len: number;
  val: number;
  idxmax: number;
  idxcnt: number;
  backw: number;
  backwStop: number;
  us: number;
  idx: number;
  saveIdx: number;
  backUs: number;
  rule: number;
}

const backward = (section: number, pass: number): boolean => pass === 1 && section === SPECIAL;

/** glibc's get_next_seq, for characters of one weight per level. */
function nextSeq(s: Seq, pass: number): void {
  let val = 0;
  let { len, backwStop, backw, idxcnt, idxmax, idx, us } = s;
  while (len === 0) {
    ++val;
    if (backwStop !== NONE) {
      if (backw === backwStop) {
        if (idxcnt < idxmax) {
          idx = s.saveIdx;
          backwStop = NONE;
        } else {
          idx = NONE;
          break;
        }
      } else {
        idx = s.backUs + (backw - backwStop) - 1;
        --backw;
        us = s.us;
      }
    } else {
      backwStop = idxmax;
      let prevIdx = idx;
      while (us < s.ws.length) {
        const rule = s.ws[us]!.section;
        prevIdx = idx;
        idx = us++;
        idxcnt = idxmax++;
        if (idxcnt === 0) s.rule = rule;
        if (!backward(rule, pass)) break;
        ++idxcnt;
      }
      if (backwStop >= idxcnt) {
        if (idxcnt === idxmax || backwStop > idxcnt) break;
        backwStop = NONE;
      } else {
        s.backUs = s.us;
        s.us = us;
        backw = idxcnt;
        if (idxmax > idxcnt) {
          backw--;
          s.saveIdx = idx;
          idx = prevIdx;
        }
        if (backw > backwStop) backw--;
      }
    }
    len = idx === NONE ? 0 : s.ws[idx]!.levels[pass]! === 0 ? 0 : 1;
  }
  Object.assign(s, { val, len, backwStop, backw, idxcnt, idxmax, us, idx });
}

/** Level 1 is forward in every section and has no `position`: the non-ignored weights in order, a shorter list first. */
function primaries(ws: Weight[]): number[] {
  return ws.map((w) => w.levels[0]).filter((x) => x !== 0);
}

function compareNumbers(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

interface Weighed {
  ws: Weight[];
  primary: number[];
}

const fresh = (ws: Weight[]): Seq => ({ ws, len: 0, val: 0, idxmax: 0, idxcnt: 0, backw: NONE, backwStop: NONE, us: 0, idx: 0, saveIdx: 0, backUs: 0, rule: 0 });

/** glibc's STRCOLL for two different strings. */
function strcoll(a: Weighed, b: Weighed): number {
  if (a.ws.length === 0 || b.ws.length === 0) return (a.ws.length > 0 ? 1 : 0) - (b.ws.length > 0 ? 1 : 0);
  const first = compareNumbers(a.primary, b.primary);
  if (first !== 0) return first;
  const s1 = fresh(a.ws);
  const s2 = fresh(b.ws);
  for (let pass = 1; pass < 4; pass++) {
    for (const s of [s1, s2]) {
      s.idxcnt = 0;
      s.idx = 0;
      s.backwStop = NONE;
      s.backw = NONE;
      s.us = 0;
    }
    // Every section of the table has `position` at level 4 only.
    const position = pass === 3;
    for (;;) {
      nextSeq(s1, pass);
      nextSeq(s2, pass);
      if (s1.len === 0 || s2.len === 0) {
        if (s1.len === s2.len) break;
        return s1.len === 0 ? -1 : 1;
      }
      if (position && s1.val !== s2.val) return s1.val > s2.val ? 1 : -1;
      const d = s1.ws[s1.idx]!.levels[pass]! - s2.ws[s2.idx]!.levels[pass]!;
      if (d !== 0) return d;
      s1.len = 0;
      s2.len = 0;
    }
  }
  return 0;
}

/** strcoll for en_US.UTF-8; one collator per sort, which keeps each string's weights. */
export function languageCollator(): (a: string, b: string) => number {
  const cache = new Map<string, Weighed>();
  const get = (s: string): Weighed => {
    let w = cache.get(s);
    if (!w) {
      const ws = Array.from(s, weightOf);
      cache.set(s, (w = { ws, primary: primaries(ws) }));
    }
    return w;
  };
  return (a, b) => (a === b ? 0 : strcoll(get(a), get(b)));
}

/** C's strcmp on UTF-8: code point order (UTF-16 code units misorder characters beyond U+FFFF). */
export function byteCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const fix = (c: number): number => (c >= 0xd800 ? (c < 0xe000 ? c + 0x2000 : c - 0x800) : c);
    return fix(x) - fix(y);
  }
  return a.length - b.length;
}
