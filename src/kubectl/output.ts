/**
 * The ordered stdout/stderr stream of one kubectl invocation. Consecutive writes to the same
 * stream are merged so a transcript reads as the terminal would show it.
 */
import type { CommandResult, OutputChunk } from './types';

export class Output {
  readonly chunks: OutputChunk[] = [];

  out(text: string): void {
    this.write('stdout', text);
  }

  err(text: string): void {
    this.write('stderr', text);
  }

  private write(stream: OutputChunk['stream'], text: string): void {
    if (text === '') return;
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.stream === stream) last.text += text;
    else this.chunks.push({ stream, text });
  }

  result(exitCode: number): CommandResult {
    return { output: this.chunks, exitCode };
  }
}
