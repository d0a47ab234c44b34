/**
 * The kubelet's `$(VAR)` expansion (third_party/forked/golang/expansion, Expand with
 * MappingFuncFor): of an env entry's `value` against the variables defined before it, and of
 * `command` and `args` against the container's whole environment. `$$` is one `$` and is never
 * expanded further (`$$(VAR)` stays `$(VAR)`); a `$(NAME)` whose NAME is not defined is kept as
 * written; any other `$` (`$x`, a last `$`, `$(` never closed) is copied as it is.
 */
export function expandKubernetesVars(text: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '$' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[i + 1]!;
    if (n === '$') {
      out += '$';
      i++;
    } else if (n === '(') {
      const close = text.indexOf(')', i + 2);
      if (close < 0) {
        out += c;
        continue;
      }
      const name = text.slice(i + 2, close);
      out += lookup(name) ?? text.slice(i, close + 1);
      i = close;
    } else out += c;
  }
  return out;
}
