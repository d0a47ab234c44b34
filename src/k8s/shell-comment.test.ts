import { describe, expect, it } from 'vitest';
import { isBlankOrComment, stripComment } from './shell-comment';

describe('shell comments', () => {
  it('drops a comment that begins a word, with the spaces before it', () => {
    expect(stripComment('kubectl get pods   # mine')).toBe('kubectl get pods');
    expect(stripComment('kubectl get pods\t#tab')).toBe('kubectl get pods');
    expect(stripComment('# a note')).toBe('');
    expect(stripComment('kubectl get pods # see <<EOF')).toBe('kubectl get pods');
  });

  it('keeps a # inside a word, inside quotes or escaped', () => {
    for (const line of ['kubectl label pod p tag=v#1', "kubectl annotate pod p note='a # b'", 'kubectl annotate pod p note="a # b"', 'kubectl get pods \\# x', 'sim advance 1s#']) {
      expect(stripComment(line), line).toBe(line);
    }
    expect(stripComment('echo "a \\" # b" # c')).toBe('echo "a \\" # b"');
  });

  it('tells a line that runs nothing', () => {
    for (const line of ['', '   ', '# x', '   # indented', '#']) expect(isBlankOrComment(line), line).toBe(true);
    for (const line of ['kubectl get pods # x', "'#'", '\\#']) expect(isBlankOrComment(line), line).toBe(false);
  });
});
