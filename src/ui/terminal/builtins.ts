/** The terminal's own commands: the shell runs them on the page and they never reach the simulation. */
export const SHELL_BUILTINS = ['clear', 'help'] as const;

export type ShellBuiltin = (typeof SHELL_BUILTINS)[number];

export function shellBuiltin(word: string | undefined): ShellBuiltin | undefined {
  return SHELL_BUILTINS.find((b) => b === word);
}
