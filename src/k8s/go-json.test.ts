import { describe, expect, it } from 'vitest';
import { goJsonIndent, goJsonSyntaxError, parseGoJson } from './go-json';

describe("encoding/json's syntax errors", () => {
  it('names the first byte that cannot continue the text, as the scanner does', () => {
    const cases: [string, string | undefined][] = [
      ['[{"op":"add"}]', undefined],
      [' {"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n"]} ', undefined],
      ['[{bad', "invalid character 'b' looking for beginning of object key string"],
      ['[tru]', "invalid character ']' in literal true (expecting 'e')"],
      ['[{"op":"add","path":"/a","value":1},]', "invalid character ']' looking for beginning of value"],
      ['[{"op" "add"}]', `invalid character '"' after object key`],
      ['[-x]', "invalid character 'x' in numeric literal"],
      ['["a\\qb"]', "invalid character 'q' in string escape code"],
      ['[1.e]', "invalid character 'e' after decimal point in numeric literal"],
      ['[1e]', "invalid character ']' in exponent of numeric literal"],
      ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
      ['[1 2]', "invalid character '2' after array element"],
      ['{} x', "invalid character 'x' after top-level value"],
      ["'x'", "invalid character '\\'' looking for beginning of value"],
      ['["\\u12g4"]', "invalid character 'g' in \\u hexadecimal character escape"],
      ['["a\tb"]', "invalid character '\\t' in string literal"],
      ['[{"op":"add","path":"/a","value":1}', 'unexpected end of JSON input'],
      ['  ', 'unexpected end of JSON input'],
      ['', 'unexpected end of JSON input'],
    ];
    for (const [text, error] of cases) expect([text, goJsonSyntaxError(text)]).toEqual([text, error]);
  });

  it('parses what it accepts', () => {
    expect(parseGoJson('{"a":[1,null]}')).toEqual({ ok: true, value: { a: [1, null] } });
    expect(parseGoJson('{')).toEqual({ ok: false, error: 'unexpected end of JSON input' });
  });
});

describe('goJsonIndent (json.Indent with prefix "")', () => {
  it("re-spaces the text's own tokens, keeping key order, escapes, empty containers and trailing space", () => {
    expect(goJsonIndent('{"b":1,"a":[1, {"x":"\\u003c,:{"}],"e":{},"f":[]}\n', '  ')).toEqual({
      ok: true,
      text: '{\n  "b": 1,\n  "a": [\n    1,\n    {\n      "x": "\\u003c,:{"\n    }\n  ],\n  "e": {},\n  "f": []\n}\n',
    });
    expect(goJsonIndent('  \n"s"  ', '  ')).toEqual({ ok: true, text: '"s"  ' });
    expect(goJsonIndent('[ [ ] , 1.50e3 ]', '\t')).toEqual({ ok: true, text: '[\n\t[],\n\t1.50e3\n]' });
  });

  it("fails with encoding/json's syntax error", () => {
    expect(goJsonIndent('{"a":}', '  ')).toEqual({ ok: false, error: "invalid character '}' looking for beginning of value" });
  });
});
