import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePromptLine } from './prompt-syntax';
import { functionListing } from './prompt-print';

// The listings themselves are pinned against bash 5.2 in src/kubectl/prompt-functions.test.ts.
describe("a function's listing", () => {
  it('lists whatever the parser accepts, here-documents and substitutions included, without failing', () => {
    const piece = fc.constantFrom('echo', ' x', '$', '(', ')', '{ ', ' }', '"', "'", ';', '&', '|', '>', '<', ' ', 'do', 'done', 'while true', 'if', 'fi', 'then', '$((', '))', '\n', 'for i in 1', 'case', 'esac', ';;', ' in ', '<<EOF', '<<-E', 'EOF', 'E', '\t', '2>&1', '$(', 'f()', 'function g');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const r = parsePromptLine(parts.join(''));
        if (r.ok) expect(functionListing('f', { t: 'group', body: r.node, sub: false, redirs: '' })).toMatch(/^f \(\) \n\{ \n[\s\S]*\}\n$/);
      }),
      { numRuns: 3000 },
    );
  });
});
