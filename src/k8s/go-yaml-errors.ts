/**
 * go-yaml's words for a syntax error (`yaml: line 4: did not find expected key`), exactly as
 * yaml.Unmarshal (go-yaml v2 under sigs.k8s.io/yaml) finds and words it: go-yaml-scanner.ts and
 * go-yaml-parser.ts are ports of its scanner and parser that only look for the first error.
 * Shared by kubectl's manifest loader, kubeconfig loading and the kubelet's static Pod file
 * source, which all decode YAML that way. Parsing a valid document is left to the `yaml` library.
 */
import { allowedCharacter, Failed, Scanner, type YamlFailure } from './go-yaml-scanner';
import { E, Parser } from './go-yaml-parser';

/**
 * (*parser).fail's wording: a scanner error's 0-based line plus one, a parser error's 0-based
 * line as it stands (so it names the line before the offending token), the context's line when
 * the problem is on the first line, and no line at all when both are 0.
 */
function worded(f: YamlFailure): string {
  let line = 0;
  if (f.problemMark.line !== 0) line = f.problemMark.line + (f.kind === 'scanner' ? 1 : 0);
  else if (f.contextMark.line !== 0) line = f.contextMark.line;
  return `yaml: ${line !== 0 ? `line ${line}: ` : ''}${f.problem}`;
}

/** A syntax error as go-yaml words it, and where in the text it found the problem (0-based). */
export interface GoYamlFailure {
  message: string;
  /** The problem mark: the offending character, or the token the parser could not take; absent when go-yaml names no place. */
  at?: { line: number; column: number };
}

/**
 * The error yaml.Unmarshal returns for `text`'s first document, or undefined when it parses.
 * Errors later in the stream are not seen: Unmarshal reads one document (kubectl splits a file
 * at `---` lines first, so each of its documents is a `text` here).
 */
export function goYamlError(text: string): string | undefined {
  return goYamlFailure(text)?.message;
}

/** goYamlError with the place of the problem, for an editor's squiggle. */
export function goYamlFailure(text: string): GoYamlFailure | undefined {
  // The reader drops a leading byte-order mark while choosing the encoding, and refuses control
  // characters as it decodes. It decodes ahead in 512-byte chunks, so a control character is
  // reported before a syntax error earlier in the same chunk; checking the whole text first is
  // exact for documents under 512 bytes (inferred from readerc.go for longer ones).
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (const c of body) {
    if (!allowedCharacter(c.codePointAt(0)!)) return { message: 'yaml: control characters are not allowed' };
  }
  // newParser: an empty input reads as a single line break.
  const parser = new Parser(new Scanner(body.length === 0 ? '\n' : body));
  const anchors = new Set<string>();
  try {
    // decode.go: init() expects STREAM-START, then parse() reads one document, if there is one.
    parser.parse();
    const first = parser.parse();
    if (!first || first.typ === E.StreamEnd) return undefined;
    for (let ev = parser.parse(); ev && ev.typ !== E.DocumentEnd; ev = parser.parse()) {
      // An anchor names its node from the node's first event, so an alias inside the node finds
      // it (and decoding then refuses it: `anchor 'm' value contains itself`).
      if (ev.typ === E.Alias) {
        if (!anchors.has(ev.anchor!)) return { message: `yaml: unknown anchor '${ev.anchor}' referenced` };
      } else if (ev.anchor !== undefined) anchors.add(ev.anchor);
    }
    return undefined;
  } catch (e) {
    if (e instanceof Failed) {
      const { line, column } = e.failure.problemMark;
      return { message: worded(e.failure), at: { line, column: line === 0 && body !== text ? column + 1 : column } };
    }
    throw e;
  }
}
