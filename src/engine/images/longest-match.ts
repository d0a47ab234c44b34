/**
 * POSIX's match at a position is the longest one starting there; JavaScript's is the first
 * alternative that matches (`a|ab` finds `a`, `|x` the empty string). GNU grep's `-o` and GNU
 * sed's `s` both print POSIX's, so both stretch JavaScript's match here: one extra test asks
 * whether any match from the same start ends later, and only then are the ends tried, longest
 * first.
 *
 * Invariant: the answer starts where `m` starts, is at least as long, and is a match of `re`
 * there (its groups are the ones JavaScript picks for that span). Positions are pinned with
 * lookbehinds anchored by `(?<![^])` (the start of the text whatever the `m` flag says), so a
 * compiled probe does not depend on the text and is reused for every line one matcher sees.
 */

/** A stretcher for matches of `re` (any flags; `g`/`y` are ignored). */
export function longestMatcher(re: RegExp): (text: string, m: RegExpExecArray) => RegExpExecArray {
  const flags = `${re.flags.replace(/[gy]/g, '')}y`;
  const probes = new Map<string, RegExp>();
  /** Sticky: a match of `re` at lastIndex that ends exactly at `end` (`=`) or at or after it (`>`). */
  const probe = (how: '=' | '>', end: number): RegExp => {
    const key = `${how}${end}`;
    let r = probes.get(key);
    if (!r) probes.set(key, (r = new RegExp(`(?:${re.source})(?<=(?<![^])[^]{${end}${how === '>' ? ',' : ''}})`, flags)));
    return r;
  };
  return (text, m) => {
    const end = m.index + m[0].length;
    if (end >= text.length) return m;
    const longer = probe('>', end + 1);
    longer.lastIndex = m.index;
    if (!longer.test(text)) return m;
    for (let e = text.length; e > end; e--) {
      const exact = probe('=', e);
      exact.lastIndex = m.index;
      const x = exact.exec(text);
      if (x) return x;
    }
    return m;
  };
}
