/** What the evaluator and the native builtins share (kept apart so neither imports the other). */
import type { Node } from './ast';
import type { Json } from './value';

/** A path in path mode; null when the value came from no path (a literal); undefined outside path mode. */
export type PathState = Json[] | null | undefined;
export type Out = [Json, PathState];

export interface Ctx {
  /** `$ENV` and `env`. */
  environ: Record<string, string>;
  /** `--arg` / `--argjson` values. */
  named: Map<string, Json>;
  /** The next input value (`input`, `inputs`), undefined when none is left. */
  next(): Json | undefined;
  stderr(text: string): void;
  /** Simulated seconds since the epoch, for `now`. */
  now: number;
  /** `input_filename`: the file the current input came from (null for stdin). */
  filename(): Json;
  /** `builtins`: every function a program may call, as `name/arity`. */
  builtinNames(): string[];
}

/** The evaluator as builtins see it; `env` is its scope, passed back untouched. */
export interface Interp {
  ev(n: Node, input: Json, env: object, path: PathState): Generator<Out>;
  values(n: Node, input: Json, env: object): Generator<Json>;
  paths(n: Node, input: Json, env: object): Generator<Json[]>;
  /** Counts a step of a builtin's own loop against the terminal's budget. */
  tick(): void;
}

export interface Call {
  input: Json;
  path: PathState;
  args: Node[];
  env: object;
  ctx: Ctx;
}

export type Builtin = (it: Interp, c: Call) => Generator<Out>;
