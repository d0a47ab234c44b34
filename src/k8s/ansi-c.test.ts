/** `$'…'` at the prompt, as bash 5.2 reads it (recorded with printf %s … | od -c). */
import { describe, expect, it } from 'vitest';
import { ansiCQuoted } from './ansi-c';
import { tokenize } from './script';
import { expandWords, type ExpandEnv } from './shell-words';

const env: ExpandEnv = { lookup: () => undefined, status: 0, substitute: () => '' };

describe("$'…'", () => {
  it('decodes the escapes bash decodes and keeps the others', () => {
    expect(ansiCQuoted(String.raw`$'a\tb\x41\101\u00e9\q\'\"\?\cA\e'`, 0)).toEqual({ value: 'a\tbAAé\\q\'"?\x01\x1b', end: 34 });
    expect(ansiCQuoted(String.raw`$'a\0b'x`, 0)).toEqual({ value: 'a', end: 7 });
    expect(ansiCQuoted(`$'open`, 0)).toBeUndefined();
  });

  it("decodes BusyBox ash's fewer escapes and drops a NUL (recorded, BusyBox 1.35)", () => {
    expect(ansiCQuoted(String.raw`$'a\tb\x41\101\u00e9\q\'\"\?\cA\e\400'`, 0, 'ash')).toEqual({ value: 'a\tbAA\\u00e9\\q\'"\\?\\cA\\e', end: 38 });
    expect(ansiCQuoted(String.raw`$'a\0b'x`, 0, 'ash')).toEqual({ value: 'ab', end: 7 });
  });

  it('makes one word of a script with newlines (kubectl create configmap --from-literal)', () => {
    const line = String.raw`kubectl create configmap s --from-literal=run.sh=$'#!/bin/sh\necho hi'`;
    const argv = ['kubectl', 'create', 'configmap', 's', '--from-literal=run.sh=#!/bin/sh\necho hi'];
    expect(expandWords(line, env)).toEqual({ ok: true, argv });
    expect(tokenize(line)).toEqual({ ok: true, argv });
    // Inside double quotes it is literal text, as in bash.
    expect(expandWords(`echo "$'x'"`, env)).toEqual({ ok: true, argv: ['echo', "$'x'"] });
    expect(expandWords(String.raw`echo $'it\'s'`, env)).toEqual({ ok: true, argv: ['echo', "it's"] });
  });
});
