/**
 * cobra's answer to a word that names no subcommand (legacyArgs with findSuggestions): `unknown
 * command "x" for "root"` and, when some command is near, `Did you mean this?` with each
 * candidate on a tab-led line. Shared by the kubectl port and the node shell's kubeadm.
 */
import { goQuote } from './go-quote';

/** A subcommand as SuggestionsFor sees it, listed in the order the root command adds it. */
export interface CobraCommand {
  name: string;
  /** cobra.Command.SuggestFor: words that suggest this command whatever their distance. */
  suggestFor?: readonly string[];
}

/** cobra's ld: the Levenshtein distance, case-insensitive as SuggestionsFor calls it. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[t.length]!;
}

/**
 * SuggestionsFor with SuggestionsMinimumDistance 2: every command within two edits or whose name
 * starts with the word, then (for the same command) one whose SuggestFor holds it, in order.
 */
export function cobraSuggestions(typed: string, commands: readonly CobraCommand[]): string[] {
  const out: string[] = [];
  for (const c of commands) {
    if (distance(typed, c.name) <= 2 || c.name.toLowerCase().startsWith(typed.toLowerCase())) out.push(c.name);
    for (const s of c.suggestFor ?? []) if (s.toLowerCase() === typed.toLowerCase()) out.push(c.name);
  }
  return out;
}

/** The error's text (no `error: ` prefix); with suggestions it ends in a newline, as cobra's does. */
export function unknownCommandText(word: string, root: string, commands: readonly CobraCommand[]): string {
  const near = cobraSuggestions(word, commands);
  const hint = near.length ? `\n\nDid you mean this?\n${near.map((c) => `\t${c}\n`).join('')}` : '';
  return `unknown command ${goQuote(word)} for ${goQuote(root)}${hint}`;
}
