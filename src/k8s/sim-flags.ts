/**
 * How the `sim` directives read their flags: `--name value`, `--name=value`, `-x value` for a
 * value flag, a bare `--name` for a bool. Simpler than pflag on purpose (no grouped shorts, no
 * `--bool=false`), and each directive words its own errors; what pflag grammar kubectl has is in
 * src/kubectl/flags.ts. The tables a directive passes here are the ones it registers
 * (src/kubectl/sim/index.ts). Here rather than in src/kubectl so the page reads a `sim topology`
 * line exactly as the Session does (./sim-topology.ts).
 */

/** What this reader needs of a flag's definition (src/kubectl/flags.ts FlagDef has more). */
export interface SimFlagDef {
  name: string;
  short?: string;
  kind: string;
}

export interface SimFlag<D extends SimFlagDef = SimFlagDef> {
  def: D;
  /** The value after `=`, when the word carried one. */
  inline: string | undefined;
}

/** The flag `word` names, or undefined if it names none of `defs` (or gives a bool a value). */
export function simFlag<D extends SimFlagDef>(defs: readonly D[], word: string): SimFlag<D> | undefined {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    const def = defs.find((d) => d.name === (eq < 0 ? word.slice(2) : word.slice(2, eq)));
    if (!def || (eq >= 0 && def.kind === 'bool')) return undefined;
    return { def, inline: eq < 0 ? undefined : word.slice(eq + 1) };
  }
  const def = word.length === 2 && word[0] === '-' ? defs.find((d) => d.short === word[1]) : undefined;
  return def ? { def, inline: undefined } : undefined;
}
