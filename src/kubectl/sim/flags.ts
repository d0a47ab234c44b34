/**
 * How the `sim` directives read their flags: `--name value`, `--name=value`, `-x value` for a
 * value flag, a bare `--name` for a bool. Simpler than pflag on purpose (no grouped shorts, no
 * `--bool=false`), and each directive words its own errors; what pflag grammar kubectl has is in
 * ../flags.ts. The tables a directive passes here are the ones it registers (sim/index.ts).
 */
import type { FlagDef } from '../flags';

export interface SimFlag {
  def: FlagDef;
  /** The value after `=`, when the word carried one. */
  inline: string | undefined;
}

/** The flag `word` names, or undefined if it names none of `defs` (or gives a bool a value). */
export function simFlag(defs: readonly FlagDef[], word: string): SimFlag | undefined {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    const def = defs.find((d) => d.name === (eq < 0 ? word.slice(2) : word.slice(2, eq)));
    if (!def || (eq >= 0 && def.kind === 'bool')) return undefined;
    return { def, inline: eq < 0 ? undefined : word.slice(eq + 1) };
  }
  const def = word.length === 2 && word[0] === '-' ? defs.find((d) => d.short === word[1]) : undefined;
  return def ? { def, inline: undefined } : undefined;
}
