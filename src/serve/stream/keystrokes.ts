/**
 * A container shell driven by the bytes kubectl sends on a stream's stdin channel, line by line
 * (kubectl/attach.ts's runShellLine runs each). On a TTY kubectl's terminal is in raw mode, so
 * this side is the terminal's line discipline: it echoes what is typed, edits the line
 * (Backspace, Ctrl+C, Ctrl+U), and on Enter runs the line and prints the shell's prompt; Ctrl+D
 * on an empty line is the end of input. Without a TTY the input arrives as written and nothing is
 * echoed or prompted (a shell reading a pipe prints no PS1).
 */
import type { WebSocket } from 'ws';
import type { Simulation } from '../../engine/index';
import { promptOf, runShellLine, type Attachment } from '../../kubectl/attach';

export const STDIN = 0;
export const STDOUT = 1;
export const ERROR = 3;
export const RESIZE = 4;

/** A TTY's output: the line discipline turns `\n` into `\r\n`. */
const crlf = (s: string): string => s.replace(/\r?\n/g, '\r\n');

export function send(ws: WebSocket, channel: number, text: string): void {
  if (text !== '') ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text, 'utf8')]));
}

export interface ShellStream {
  ws: WebSocket;
  sim: Simulation;
  attachment: Attachment;
  tty: boolean;
  /** The shell is done (`exit`, end of input, its container gone) with this status: close the stream. */
  end(exitCode: number): void;
}

export interface ShellSession {
  /** The stream ended from outside (the container stopped): no more input is read. */
  stop(): void;
}

export function readShellInput(s: ShellStream): ShellSession {
  const { ws, attachment: a } = s;
  const out = (text: string): void => send(ws, STDOUT, s.tty ? crlf(text) : text);
  let line = '';
  let closed = false;
  const finish = (code: number): void => {
    closed = true;
    s.end(code);
  };
  const enter = (): void => {
    if (s.tty) send(ws, STDOUT, '\r\n');
    const typed = line;
    line = '';
    if (typed.trim() === '') return s.tty ? send(ws, STDOUT, promptOf(a)) : undefined;
    const ran = runShellLine(s.sim, a, typed);
    // stderr chunks are kubectl's own lines (`command terminated with exit code N`): the real
    // kubectl prints them from the Status this stream ends with.
    for (const chunk of ran.result.output) if (chunk.stream === 'stdout') out(chunk.text);
    if (ran.detached) return finish(ran.result.exitCode);
    if (s.tty) send(ws, STDOUT, promptOf(a));
  };
  const key = (ch: string): void => {
    if (ch === '\r' || ch === '\n') enter();
    else if (!s.tty) line += ch;
    else if (ch === '\x7f' || ch === '\b') {
      if (line.length > 0) {
        line = line.slice(0, -1);
        send(ws, STDOUT, '\b \b');
      }
    } else if (ch === '\x03') {
      line = '';
      send(ws, STDOUT, `^C\r\n${promptOf(a)}`);
    } else if (ch === '\x15') {
      send(ws, STDOUT, '\b \b'.repeat(line.length));
      line = '';
    } else if (ch === '\x04') {
      if (line === '') {
        send(ws, STDOUT, '\r\n');
        // End of input ends the shell as `exit` does (with `$?`): one the container keeps must hear it.
        if (a.ttyShell === undefined) return finish(a.lastStatus);
        const ran = runShellLine(s.sim, a, 'exit');
        for (const chunk of ran.result.output) if (chunk.stream === 'stdout') out(chunk.text);
        finish(ran.result.exitCode);
      }
    } else if (ch >= ' ' || ch === '\t') {
      line += ch;
      send(ws, STDOUT, ch);
    }
  };
  ws.on('message', (data: Buffer) => {
    if (closed || data.length === 0 || data[0] !== STDIN) return;
    for (const ch of data.subarray(1).toString('utf8')) {
      if (closed) return;
      key(ch);
    }
  });
  return { stop: () => void (closed = true) };
}
