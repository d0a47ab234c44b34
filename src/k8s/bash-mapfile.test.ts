/** mapfile's options and reading, as bash 5.2.15 does them (recorded on this machine). */
import { describe, expect, it } from 'vitest';
import { mapfileInto, mapfileRead, parseMapfile, type MapfileRequest } from './bash-mapfile';

const request = (args: string[]): MapfileRequest => {
  const p = parseMapfile('mapfile', args);
  if (!p.ok) throw new Error(p.message);
  return p.request;
};

describe('mapfile', () => {
  it('reads lines, with -t without their newline, -n at most, -s skipping, -d another delimiter', () => {
    const text = 'a\nb c\n\nd';
    expect(mapfileRead(text, request(['-t', 'x'])).elements).toEqual(['a', 'b c', '', 'd']);
    expect(mapfileRead(text, request([])).elements).toEqual(['a\n', 'b c\n', '\n', 'd']);
    expect(mapfileRead(text, request(['-t', '-n', '2'])).elements).toEqual(['a', 'b c']);
    expect(mapfileRead(text, request(['-t', '-n', '2'])).consumed).toBe(6);
    expect(mapfileRead(text, request(['-ts', '1'])).elements).toEqual(['b c', '', 'd']);
    expect(mapfileRead('a,b,,c\n', request(['-d', ',', '-t'])).elements).toEqual(['a', 'b', '', 'c\n']);
    expect(mapfileRead('\n', request(['-t'])).elements).toEqual(['']);
    expect(request([]).name).toBe('MAPFILE');
  });

  it('keeps the array under -O and empties it otherwise', () => {
    expect(mapfileInto(['q', 'r', 's', 't'], ['a'], request(['-O', '2']))).toEqual(['q', 'r', 'a', 't']);
    expect(mapfileInto(['q', 'r', 's', 't'], ['a'], request([]))).toEqual(['a']);
  });

  it('refuses as bash does, in option order', () => {
    const usage = 'mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n';
    expect(parseMapfile('mapfile', ['-x'])).toEqual({ ok: false, message: 'mapfile: -x: invalid option\n', usage, status: 2 });
    expect(parseMapfile('mapfile', ['-n'])).toEqual({ ok: false, message: 'mapfile: -n: option requires an argument\n', usage, status: 2 });
    expect(parseMapfile('readarray', ['-n', 'x', 'a'])).toEqual({ ok: false, message: 'readarray: x: invalid line count\n', status: 1 });
    expect(parseMapfile('mapfile', ['-O', '-1'])).toEqual({ ok: false, message: 'mapfile: -1: invalid array origin\n', status: 1 });
    expect(parseMapfile('mapfile', ['-c', '0'])).toEqual({ ok: false, message: 'mapfile: 0: invalid callback quantum\n', status: 1 });
    expect(parseMapfile('mapfile', ['-u', 'x'])).toEqual({ ok: false, message: 'mapfile: x: invalid file descriptor specification\n', status: 1 });
    expect(parseMapfile('mapfile', ['-u', '5'])).toEqual({ ok: false, message: 'mapfile: 5: invalid file descriptor: Bad file descriptor\n', status: 1 });
    expect(parseMapfile('mapfile', ['1a'])).toEqual({ ok: false, message: "mapfile: `1a': not a valid identifier\n", status: 1 });
  });
});
