import type { ScreenFrame } from '../k8s/procps-watch-screen';

export type { ScreenFrame };

/** The I/O contract of the command language shared by the CLI runner, the browser terminal and lessons. */
export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
  /**
   * Simulated time the chunk was written. Set by waiting commands (`get -w`, `wait`, `rollout
   * status`, `sim advance`) whose output appears over simulated time: the browser terminal shows
   * such a chunk only once its playhead reaches `at`. Absent means "when the command returned".
   */
  at?: number;
  /**
   * A full-screen program's screen (`watch`): the chunk's text is empty and this is the whole
   * screen as it looks from `at`. The page's terminal draws it on the alternate screen while the
   * command waits, and leaves that screen when the command ends.
   */
  screen?: ScreenFrame;
  /**
   * Written by a background job (or bash about one) straight to the terminal: no redirection or
   * pipe of the line that was running takes it (prompt-jobs.ts).
   */
  terminal?: true;
}

/**
 * The container shell a browser terminal is attached to by `kubectl exec -it POD -- sh`: the
 * lines typed until `exit` run in it, and the terminal shows its prompt instead of `$ `.
 */
export interface AttachedShell {
  namespace: string;
  pod: string;
  container: string;
  /** What the shell prints before each line, as it prints it: `/ # `, `root@web:/usr/share# `. */
  prompt: string;
  /**
   * A program the shell runs reads the terminal itself with its own line editor, in raw mode
   * (redis-cli's `127.0.0.1:6379> `; `prompt` is its): a line goes to it exactly as typed — no
   * continuation under `> `, no here-document, no comment, nothing the terminal answers itself —
   * and Ctrl+C or Ctrl+D at its prompt is sent as that key's byte alone on the line (`\x03`, `\x04`).
   */
  raw?: true;
  /** kubectl attach's session (`attach -it`, `run -it`): Ctrl+P Ctrl+Q detaches (k8s/end-of-input.ts DETACH_KEYS). */
  detachKeys?: true;
}

/** The laptop's editors `vi FILE`, `vim FILE` and `nano FILE` stand for (laptop-editor.ts). */
export type EditorProgram = 'vi' | 'vim' | 'nano';

/**
 * What the page's YAML editor shows, in a terminal that is a TTY (the browser's):
 * - `object`: `kubectl edit` hands the page the file upstream writes for $EDITOR (its comment
 *   header, then the object(s)), titled in kubectl's words (`deployment.apps/web`);
 *   kubectl/commands/edit.ts.
 * - `file`: `vi FILE` at the prompt opens the laptop's file (`path` as typed), with the editor's
 *   status line (vim's `"web.yaml" [New]`, nano's `[ New File ]`); kubectl/laptop-editor.ts.
 *   `quit` is the stdin that closes it without writing (the page's Cancel).
 * - `container-file`: `vi FILE` on a container's terminal (`kubectl exec -it POD -- vi FILE`, or
 *   typed at an attached shell) opens the container's file as BusyBox vi read it (`path` as typed,
 *   '' for `vi` alone), with vi's status line (`- /tmp/x 1/1 100%`, `[Readonly]` for a read-only
 *   mount) or its refusal of a save (`'/etc/config/x' is read only`); kubectl/container-editor.ts.
 */
export type EditorShown =
  | { kind: 'object'; text: string; title: string }
  | { kind: 'file'; text: string; program: EditorProgram; path: string; status: string; quit: string }
  | { kind: 'container-file'; text: string; program: 'vi'; flavour: ContainerEditorFlavour; path: string; namespace: string; pod: string; container: string; readOnly: boolean; status: string; quit: string };

/** Which vi a container runs: BusyBox's applet (busybox and Alpine images; Debian's have none). */
export type ContainerEditorFlavour = 'busybox';

/**
 * The editor's reply is `line` with the buffer as its stdin: the edit's own line for `kubectl
 * edit`, `vi /full/path` for a file (a laptop's, or a container's the session has open).
 */
export type EditorRequest = EditorShown & { line: string };

export interface CommandResult {
  /** stdout and stderr in the order they were written. */
  output: OutputChunk[];
  exitCode: number;
  /**
   * An interactive session only (SessionOptions.interactive): the container shell the line was
   * typed into. Absent: the terminal's own `$ ` prompt.
   */
  typedIn?: AttachedShell;
  /** An interactive session only: the container shell still attached once the line returned. */
  attached?: AttachedShell;
  /** An interactive session only: `kubectl edit` or `vi FILE` opened (or reopened) the page's editor. */
  edit?: EditorRequest;
  /** The line changed the workstation's files (a redirection, `rm`…): every written file after it, by path. */
  files?: Record<string, string>;
  /**
   * An interactive session only: the trace seq from which the line's own kubectl and sim commands made their records: its
   * first one outside any `$(…)` (whose output the shell consumes) began there. Absent: the line
   * ran none (`curl`, `echo`, only substitutions).
   */
  leadSeq?: number;
  /**
   * An interactive session only: the line's lead command (the one `leadSeq` names) was `sim
   * advance` or the prompt's `sleep` — a deliberate skip of simulated time, which the stage
   * jumps over instead of playing out. A container's own `sleep` (an attached shell, `kubectl
   * exec`) is never one.
   */
  skip?: true;
  /**
   * The line had not ended when the runner's bound on a wait stopped it (`sleep infinity` or
   * `tail -f` at an attached shell): a stage that is paused keeps it waiting where it began,
   * rather than showing a quarter of an hour it never played.
   */
  unended?: true;
  /** The line changed the namespace commands default to (`kubectl config set-context --current -n X`, `use-context`): the new one. */
  namespace?: string;
}

/** Files a command may read (`-f deploy.yaml`, `-f dir/`): a virtual filesystem keyed by path. */
export interface FileSource {
  readFile(path: string): string | undefined;
  /** Paths of the files directly inside a directory, or undefined if it is not a directory. */
  listDir(path: string): string[] | undefined;
}
