/**
 * bash's indexed arrays in a container's bash, and what dash and BusyBox ash make of them. Every
 * expected text was recorded on this machine (bash 5.2.15, dash 0.5.12, BusyBox 1.35 `sh -c`);
 * dash prints its own name (`dash: 1:`), here `sh: 1:` as invoked.
 */
import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { execInContainer, startProcess } from './process';

function run(image: string, shell: string, script: string): { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage(image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  const r = execInContainer(p, 1000, [shell, '-c', script]);
  return { output: r.output, exitCode: r.exitCode };
}
const bash = (script: string): { output: string; exitCode: number } => run('debian:12', 'bash', script);

describe('indexed arrays in bash', () => {
  it('assigns, appends, sets far elements (sparse), counts, lists indices and declares -p', () => {
    expect(bash('a=(x y "z w"); declare -p a; a+=(v); a[6]=q; declare -p a; echo ${a[1]} ${#a[@]} ${!a[@]}; echo $a ${a[-1]} ${#a[2]}')).toEqual({
      output: 'declare -a a=([0]="x" [1]="y" [2]="z w")\ndeclare -a a=([0]="x" [1]="y" [2]="z w" [3]="v" [6]="q")\ny 5 0 1 2 3 6\nx q 3\n',
      exitCode: 0,
    });
  });

  it('slices by index, unsets an element into a hole, and keeps "${a[@]}" one word per element', () => {
    const script = 'a=(x y "z w" v); a[6]=q; echo ${a[@]:1:2}; echo "${a[@]:5}"; unset "a[1]"; declare -p a; for x in "${a[@]}"; do echo "<$x>"; done; echo "${a[*]}"; echo ${a[@]: -2}; a[-1]=last; echo ${a[@]}';
    expect(bash(script)).toEqual({ output: 'y z w\nq\ndeclare -a a=([0]="x" [2]="z w" [3]="v" [6]="q")\n<x>\n<z w>\n<v>\n<q>\nx z w v q\nq\nx z w v last\n', exitCode: 0 });
  });

  it('quotes declare -p values as bash does; a scalar appended to becomes an array; declare -p of nothing fails', () => {
    expect(bash('b=("q\\"x" "\\$d" "back\\\\s" "t\ttab" "" "*"); declare -p b; d=; declare -p d; x=5; x+=(6); declare -p x; declare -p nope; echo st=$?')).toEqual({
      output: `declare -a b=([0]="q\\"x" [1]="\\$d" [2]="back\\\\s" [3]=$'t\\ttab' [4]="" [5]="*")\ndeclare -- d=""\ndeclare -a x=([0]="5" [1]="6")\nbash: line 1: declare: nope: not found\nst=1\n`,
      exitCode: 0,
    });
  });

  it('takes substrings and positional slices with the same offset:length rules', () => {
    expect(bash('f=(a b c d e); echo ${f[@]:1:2} ${f[@]:3} ${f[*]:0:1} "${!f[@]}"; s=hello; echo ${s:1:3} ${s: -2} ${s:1:-1} ${#f[1]}; set -- p q r; echo ${@:2} ${@:1:1}')).toEqual({
      output: 'b c d e a 0 1 2 3 4\nell lo ell 1\nq r p\n',
      exitCode: 0,
    });
  });
});

describe('arrays in dash and BusyBox ash', () => {
  it.each([
    ['debian:12', 'a=(x y); echo ${a[1]}', 'sh: 1: Syntax error: "(" unexpected\n'],
    ['busybox:1.36', 'a=(x y); echo ${a[1]}', 'sh: syntax error: unexpected "("\n'],
  ])('%s sh: %s is its own error', (image, script, output) => {
    expect(run(image, 'sh', script)).toEqual({ output, exitCode: 2 });
  });
});

describe('substrings', () => {
  it('count a negative offset from the end (before the start: empty) and refuse a length ending before the offset', () => {
    expect(bash('s=hello; echo "[${s:9}] [${s: -9}] [${s: -3:2}]"; echo ${s:1:-9}; echo after')).toEqual({ output: '[] [] [ll]\nbash: -9: substring expression < 0\n', exitCode: 1 });
  });
});

describe('read -a', () => {
  it('splits the line at blanks into the array; without -r a backslash escapes a blank', () => {
    expect(bash('printf "a  b c\\n" | { read -a arr; declare -p arr; }; printf "  x\\\\\\\\ y z  \\n" | { read -a arr; declare -p arr; }; printf "  x\\\\\\\\ y z  \\n" | { read -ra arr; declare -p arr; }')).toEqual({
      output: 'declare -a arr=([0]="a" [1]="b" [2]="c")\ndeclare -a arr=([0]="x y" [1]="z")\ndeclare -a arr=([0]="x\\\\" [1]="y" [2]="z")\n',
      exitCode: 0,
    });
  });
});
