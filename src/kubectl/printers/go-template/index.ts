/**
 * cli-runtime's GoTemplatePrinter (printers/template.go): the template is parsed once as
 * "output" with kubectl's two extra functions; each object is marshalled to JSON and decoded
 * back into map[string]interface{} before the template runs over it. On an execution error
 * kubectl writes, to stdout after whatever the template already printed, a dump of the
 * template, the raw JSON and the decoded map, and fails with `error executing template`.
 */
import type { ListNode } from './ast';
import { Executor, ExecError } from './exec';
import { formatValue } from './format';
import { FUNCS } from './funcs';
import { goQuote } from './lex';
import { ParseError, parseTemplate } from './parse';
import { fromJson } from './value';
import { toJsonCompact } from '../../../k8s/printers/json';

export interface GoTemplate {
  text: string;
  trees: ReadonlyMap<string, ListNode>;
}

const NAME = 'output';
const FUNC_NAMES: ReadonlySet<string> = new Set(FUNCS.keys());

/** Parses; a syntax error is thrown as kubectl words it (`error parsing template …`). */
export function parseGoTemplate(text: string): GoTemplate {
  try {
    return { text, trees: parseTemplate(NAME, text, FUNC_NAMES) };
  } catch (e) {
    if (e instanceof ParseError) throw new GoTemplateError(`error parsing template ${text}, ${e.message}`);
    throw e;
  }
}

export class GoTemplateError extends Error {
  constructor(
    message: string,
    /** What kubectl had written to stdout when it failed. */
    readonly stdout = '',
  ) {
    super(message);
  }
}

/**
 * PrintObj: the template's output, or a GoTemplateError carrying the partial output and the
 * debugging dump. `allowMissingKeys` is --allow-missing-template-keys (missingkey=default vs error).
 */
export function printGoTemplate(t: GoTemplate, obj: unknown, allowMissingKeys: boolean): string {
  const raw = toJsonCompact(obj);
  const data: unknown = JSON.parse(raw);
  const value = fromJson(data);
  const exec = new Executor(t.trees, { text: t.text, name: NAME, missingKey: allowMissingKeys ? 'default' : 'error' });
  try {
    return exec.execute(value ?? { k: 'invalid' });
  } catch (e) {
    if (!(e instanceof ExecError)) throw e;
    const dump =
      `Error executing template: ${e.message}. Printing more information for debugging the template:\n` +
      `\ttemplate was:\n\t\t${t.text}\n` +
      `\traw data was:\n\t\t${raw}\n` +
      `\tobject given to template engine was:\n\t\t${formatValue(value)}\n\n`;
    throw new GoTemplateError(`error executing template ${goQuote(t.text)}: ${e.message}`, e.partial + dump);
  }
}
