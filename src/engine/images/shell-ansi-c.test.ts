/**
 * `$'…'` (ANSI-C quoting) in a container's shells. Every expected text and status was recorded on
 * this machine (bash 5.2.15, dash 0.5.12 run as `sh`, BusyBox 1.35 `busybox sh -c`): bash and
 * BusyBox ash decode it (ash fewer escapes, and drops a NUL where bash ends the string), dash has
 * none (its `$` stays; its echo then reads `\t` itself); inside double quotes all three keep it as written.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

type Dialect = 'ash' | 'dash' | 'bash';
const IMAGES: Record<Dialect, { image: string; shell: string }> = {
  ash: { image: 'busybox:1.36', shell: 'sh' },
  dash: { image: 'debian:12', shell: 'sh' },
  bash: { image: 'debian:12', shell: 'bash' },
};

function run(d: Dialect, script: string): { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage(IMAGES[d].image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  const r = execInContainer(p, 500, [IMAGES[d].shell, '-c', script]);
  return { output: r.output, exitCode: r.exitCode };
}

const CASES: readonly (readonly [string, Readonly<Record<Dialect, readonly [string, number]>>])[] = [
  [String.raw`echo $'a\tb'`, { ash: ['a\tb\n', 0], dash: ['$a\tb\n', 0], bash: ['a\tb\n', 0] }],
  [String.raw`echo "$'a\tb'"`, { ash: ["$'a\\tb'\n", 0], dash: ["$'a\tb'\n", 0], bash: ["$'a\\tb'\n", 0] }],
  [String.raw`x=$'it\'s a b'; printf '%s|' $x; echo`, { ash: ["it's|a|b|\n", 0], dash: ['sh: 1: Syntax error: Unterminated quoted string\n', 2], bash: ["it's|a|b|\n", 0] }],
  [String.raw`printf '%s|' $'a\x41\101\e\?\u00e9\cA\q'`, { ash: ['aAA\\e\\?\\u00e9\\cA\\q|', 0], dash: ['$a\\x41\\101\\e\\?\\u00e9\\cA\\q|', 0], bash: ['aAA\x1b?é\x01\\q|', 0] }],
  // Byte escapes are bytes: a UTF-8 run is one character on the terminal; a lone high byte shows as U+FFFD.
  [String.raw`printf '%s|' $'\xc3\xa9' $'\303\251x' $'\xff'`, { ash: ['é|éx|\ufffd|', 0], dash: ["$\\xc3\\xa9|$\\303\\251x|$\\xff|", 0], bash: ['é|éx|\ufffd|', 0] }],
  [String.raw`printf '%s|' $'a\0b' c; echo`, { ash: ['ab|c|\n', 0], dash: ['$a\\0b|c|\n', 0], bash: ['a|c|\n', 0] }],
  [String.raw`echo $'x' $'' "[$'']"`, { ash: ["x  [$'']\n", 0], dash: ["$x $ [$'']\n", 0], bash: ["x  [$'']\n", 0] }],
  [String.raw`echo $'open`, { ash: ['sh: syntax error: unterminated quoted string\n', 2], dash: ['sh: 1: Syntax error: Unterminated quoted string\n', 2], bash: ["bash: -c: line 1: unexpected EOF while looking for matching `''\n", 2] }],
  ["echo 'open", { ash: ['sh: syntax error: unterminated quoted string\n', 2], dash: ['sh: 1: Syntax error: Unterminated quoted string\n', 2], bash: ["bash: -c: line 1: unexpected EOF while looking for matching `''\n", 2] }],
];

describe("$'…' in a container's shell", () => {
  for (const d of ['ash', 'dash', 'bash'] as const) {
    it.each(CASES.map(([script, want]) => [script, ...want[d]] as const))(`${d}: %s`, (script, output, exitCode) => {
      expect(run(d, script)).toEqual({ output, exitCode });
    });
  }
});
