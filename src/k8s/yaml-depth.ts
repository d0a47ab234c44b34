/**
 * A cheap estimate of a YAML document's nesting depth, run before the parser sees untrusted text
 * (a pasted manifest, a learner's lesson file): deeply nested documents can exhaust the parser's
 * stack or memory, and sigs.k8s.io/yaml refuses them anyway ("exceeded max depth").
 */
export function roughDepth(text: string): number {
  let flow = 0;
  let maxFlow = 0;
  let q: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (q) {
      if (c === '\\' && q === '"') i++;
      else if (c === q || c === '\n' || c === '\r') q = undefined;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      // A comment runs to the end of its line: `name: web  # [[[` nests nothing.
      while (i + 1 < text.length && text[i + 1] !== '\n' && text[i + 1] !== '\r') i++;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '[' || c === '{') maxFlow = Math.max(maxFlow, ++flow);
    else if (c === ']' || c === '}') flow = Math.max(0, flow - 1);
  }
  const stack: number[] = [];
  let maxBlock = 0;
  for (const line of text.split(/\r\n?|\n|\u2028|\u2029/)) {
    const m = /^( *)((?:- +)*)([^]*)$/.exec(line)!;
    if (m[3]!.trim() === '' || m[3]!.trimStart().startsWith('#')) continue;
    let indent = m[1]!.length;
    const dashes = m[2]!.match(/-/g)?.length ?? 0;
    for (let d = 0; d <= dashes; d++) {
      while (stack.length && stack[stack.length - 1]! >= indent) stack.pop();
      stack.push(indent);
      indent += 2;
    }
    maxBlock = Math.max(maxBlock, stack.length);
  }
  return Math.max(maxFlow, maxBlock);
}
