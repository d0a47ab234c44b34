/**
 * The GNU filters as the terminal's pipelines run them, for the filter tests: one filter on a
 * fresh workstation (workstation.ts), over stdin. Test support only (a `*.testing.ts` file).
 */
import { PIPE_FILTERS, Workstation, type FilterResult } from './workstation';

/** Runs one filter on `stdin`; undefined when `name` is not one of PIPE_FILTERS. */
export function runFilter(name: string, args: string[], stdin: string): FilterResult | undefined {
  return PIPE_FILTERS.includes(name) ? new Workstation({ files: {} }).run(name, args, stdin, 0) : undefined;
}
