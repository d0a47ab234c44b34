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

/** One screen of a full-screen program, as many rows as the terminal has (trailing blanks trimmed). */
export interface ScreenFrame {
  rows: string[];
  /** Cells drawn in standout (reverse video, watch -d): [row, column, length]. */
  standout?: [number, number, number][];
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
}

/**
 * `kubectl edit` in a terminal that is a TTY (the browser's): instead of launching $EDITOR on a
 * temporary file, kubectl hands the page the file's text, and the page's YAML editor sends it
 * back, saved, as the stdin of `line` (kubectl/commands/edit.ts).
 */
export interface EditorRequest {
  /** The command line that saves the file: the edit's own line, the file as its stdin. */
  line: string;
  /** What upstream writes to the temporary file: its comment header, then the object(s). */
  text: string;
  /** What is being edited, in kubectl's words: `deployment.apps/web`. */
  title: string;
}

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
  /** An interactive session only: `kubectl edit` opened (or reopened) the page's editor on this file. */
  edit?: EditorRequest;
  /** The line changed the workstation's files (a redirection, `rm`…): every written file after it, by path. */
  files?: Record<string, string>;
  /**
   * An interactive session only: the trace seq from which the line's own kubectl and sim commands made their records: its
   * first one outside any `$(…)` (whose output the shell consumes) began there. Absent: the line
   * ran none (`curl`, `echo`, only substitutions).
   */
  leadSeq?: number;
  /** The line changed the namespace commands default to (`kubectl config set-context --current -n X`, `use-context`): the new one. */
  namespace?: string;
}

/** Files a command may read (`-f deploy.yaml`, `-f dir/`): a virtual filesystem keyed by path. */
export interface FileSource {
  readFile(path: string): string | undefined;
  /** Paths of the files directly inside a directory, or undefined if it is not a directory. */
  listDir(path: string): string[] | undefined;
}
