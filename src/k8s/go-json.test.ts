import { describe, expect, it } from 'vitest';
import { goJsonIndent, goJsonMarshalDecoded, goJsonSyntaxError, jsonDecoderStep, parseGoJson } from './go-json';

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

describe("json.Decoder's reading of a stream, value by value", () => {
  it('ends an object at its bracket and a scalar where the next character cannot continue it', () => {
    const text = '{"a":1}}  5x tru';
    expect(jsonDecoderStep(text, 0)).toEqual({ kind: 'value', start: 0, end: 7 });
    expect(jsonDecoderStep(text, 7)).toEqual({ kind: 'syntax', index: 7, offset: 8, message: "invalid character '}' looking for beginning of value" });
    expect(jsonDecoderStep(text, 8)).toEqual({ kind: 'value', start: 10, end: 11 });
    expect(jsonDecoderStep(text, 13)).toEqual({ kind: 'unexpectedEOF' });
    expect(jsonDecoderStep('{"a":1}  \n', 7)).toEqual({ kind: 'eof' });
  });

  it('counts the offset in UTF-8 bytes, the offending byte included', () => {
    expect(jsonDecoderStep('{"é":1,,}', 0)).toMatchObject({ kind: 'syntax', index: 7, offset: 9 });
  });

  it("refuses nesting past encoding/json's 10000 levels without exhausting the stack", () => {
    expect(goJsonSyntaxError('['.repeat(10_001) + ']'.repeat(10_001))).toBe("invalid character '[' exceeded max depth");
    expect(goJsonSyntaxError('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000))).toBeUndefined();
  });

  it('marshals a decoded map as json.Marshal does: keys sorted, HTML characters escaped', () => {
    expect(goJsonMarshalDecoded({ b: [{ d: 1, c: '<&>' }], a: null, ['__proto__']: 1 })).toBe('{"__proto__":1,"a":null,"b":[{"c":"\\u003c\\u0026\\u003e","d":1}]}');
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
