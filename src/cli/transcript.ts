/**
 * Runs a script on a fresh session and renders the transcript: every command as `$ <line>`
 * followed by exactly what it printed, stdout and stderr interleaved in order. Same seed and
 * script ⇒ byte-identical transcript. Output that does not end in a newline (kubectl's
 * `-o jsonpath` never adds one) gets one, so the next `$` starts its own line.
 */
import { parseScript } from '../k8s/script';
import { Session, type SessionOptions } from '../kubectl/session';

export type TranscriptOutcome = { ok: true; text: string; failures: number } | { ok: false; error: string };

export function runTranscript(source: string, opts: SessionOptions, scriptName = 'script'): TranscriptOutcome {
  const parsed = parseScript(source);
  if (!parsed.ok) return { ok: false, error: `${scriptName}:${parsed.line}: ${parsed.message}` };
  const session = new Session(opts);
  let text = '';
  let failures = 0;
  for (const cmd of parsed.commands) {
    text += cmd.echo.split('\n').map((l, i) => (i === 0 ? `$ ${l}` : l)).join('\n') + '\n';
    // A here-document goes in as a terminal sends it, command and body together, so the Session
    // reads it as bash does: an unquoted one expanded, an attached container shell fed the body.
    const res = session.run(cmd.stdin === undefined ? cmd.text : cmd.echo);
    if (res.exitCode !== 0) failures++;
    const out = res.output.map((c) => c.text).join('');
    text += out === '' || out.endsWith('\n') ? out : out + '\n';
  }
  return { ok: true, text, failures };
}
