/**
 * How kubectl turns failures into text (kubectl/pkg/cmd/util/helpers.go: checkErr,
 * StandardErrorMessage, MultilineError, AddSourceToErr). Commands throw `CmdError` to stop with
 * exit code 1; anything else that escapes is an internal bug and is reported as such.
 */
import type { NetworkError, StatusError } from '../engine/index';

export type ApiError = StatusError | NetworkError;

export function isNetworkError(e: ApiError): e is NetworkError {
  return 'network' in e;
}

/**
 * A failure that ends the command: `text` goes to stderr verbatim (it ends with a newline), after
 * `stdout`, what the command had written there when it failed (a go-template's partial output).
 */
export class CmdError extends Error {
  constructor(
    readonly text: string,
    readonly exitCode = 1,
    readonly stdout = '',
  ) {
    super(text);
  }
}

/** `error: <msg>` as checkErr prints a plain Go error. */
export function plainError(msg: string): CmdError {
  return new CmdError(msg.startsWith('error: ') ? `${msg}\n` : `error: ${msg}\n`);
}

/** A flag/usage error: the message plus cobra's pointer to help. */
export function usageError(msg: string, commandPath: string): CmdError {
  return new CmdError(`error: ${msg}\nSee '${commandPath} -h' for help and examples\n`);
}

/** StandardErrorMessage: the single-line form used for API and connection errors. */
export function standardErrorMessage(e: ApiError): string {
  if (isNetworkError(e)) {
    if (e.message.includes('connection refused')) return `The connection to the server ${e.server} was refused - did you specify the right host or port?`;
    return `Unable to connect to the server: ${e.message}`;
  }
  if (e.reason === 'Unauthorized') return `error: You must be logged in to the server (${e.message})`;
  if (e.reason) return `Error from server (${e.reason}): ${e.message}`;
  return `Error from server: ${e.message}`;
}

/** AddSourceToErr: `error when creating "x.yaml": ` prefixed to the server's message. */
export function withSource(e: ApiError, verb: string, source: string | undefined): ApiError {
  if (!source || isNetworkError(e)) return e;
  return { ...e, message: `error when ${verb} "${source}": ${e.message}` };
}

/**
 * checkErr for one error: Invalid errors are rebuilt from their causes as
 * `The Deployment "x" is invalid: field: detail` (several causes become a `* ` list).
 */
export function fatalText(e: ApiError): string {
  if (!isNetworkError(e) && e.reason === 'Invalid') {
    const d = e.details;
    if (!d) return `The request is invalid${e.message ? `: ${e.message}` : ''}\n`;
    let head = 'The request is invalid';
    const causes = d.causes ?? [];
    if (d.kind || d.name) head = `The ${d.kind ?? ''} "${d.name ?? ''}" is invalid`;
    // Without a kind or name (a SubjectAccessReview's), the message only when no cause repeats it.
    else if (e.message && causes.length === 0) head += `: ${e.message}`;
    if (causes.length === 0) return `${head}\n`;
    const lines = causes.map((c) => `${c.field}: ${c.message}`);
    if (lines.length === 1) return `${head}: ${lines[0]}\n`;
    return `${head}: \n${lines.map((l) => `* ${l}\n`).join('')}`;
  }
  return `${standardErrorMessage(e)}\n`;
}

/** What checkErr prints for the aggregate a command returns at its end. */
export type Failure = { api: ApiError } | { text: string };

export function failureText(errs: Failure[]): string {
  if (errs.length === 1) {
    const f = errs[0]!;
    return 'api' in f ? fatalText(f.api) : ensureErrorPrefix(f.text);
  }
  // MultipleErrors: one StandardErrorMessage line per error (Invalid is not special-cased here).
  return errs.map((f) => ('api' in f ? `${standardErrorMessage(f.api)}\n` : ensureNewline(f.text))).join('');
}

function ensureErrorPrefix(t: string): string {
  return ensureNewline(t.startsWith('error: ') || t.startsWith('Error from server') ? t : `error: ${t}`);
}

function ensureNewline(t: string): string {
  return t.endsWith('\n') ? t : `${t}\n`;
}
