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

describe('subscripts written with expansions', () => {
  it('assigns a[$i], a[$(…)], a["0"] and reads ${a[(i+1)*2-1]} (recorded; a[$i]=x was a command before)', () => {
    expect(bash('i=2; a[$i]=x; a[i+1]=y; a[$(echo 5)]=z; a["0"]=w; declare -p a; echo ${a[(i+1)*2-1]} ${a[$i]}')).toEqual({ output: 'declare -a a=([0]="w" [2]="x" [3]="y" [5]="z")\nz x\n', exitCode: 0 });
  });
});

describe('associative arrays in bash', () => {
  it('sets keys quoted or expanded, lists them in bash 5.2 hash order, unsets one, declares -p', () => {
    const script = 'declare -A m; m[web]=1; m["a b"]=2; k=x; m[$k]=3; echo "${m[web]} ${!m[@]} ${#m[@]} ${m["a b"]} ${m[$k]}"; declare -p m; unset "m[web]"; for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done; declare -A e; declare -p e; y=1; declare -A y; declare -p y';
    expect(bash(script)).toEqual({ output: '1 x web a b 3 2 3\ndeclare -A m=([x]="3" [web]="1" ["a b"]="2" )\nx=3\na b=2\ndeclare -A e\ndeclare -A y=([0]="1" )\n', exitCode: 0 });
  });

  it('assigns lists: declare -A m=(…), +=, key/value pairs; an undeclared name is indexed; [i]= in an indexed list', () => {
    const script = 'declare -A g=([a]=1 [b]=2 [c]=3); g+=([d]=4 [a]=x); declare -p g; g=([z]=9); declare -p g; declare -A r=(a 1 b); declare -p r; x[web]=5; declare -p x; a=([2]=x y [0]=z); declare -p a';
    expect(bash(script)).toEqual({
      output: 'declare -A g=([d]="4" [c]="3" [b]="2" [a]="x" )\ndeclare -A g=([z]="9" )\ndeclare -A r=([b]="" [a]="1" )\ndeclare -a x=([0]="5")\ndeclare -a a=([0]="z" [2]="x" [3]="y")\n',
      exitCode: 0,
    });
  });

  it('counts with ((c[$k]++)), reads c[k] in $((…)), and keeps local -A to the call', () => {
    const script = 'declare -A c; for n in web api web; do ((c[$n]++)); done; declare -p c; echo $(( c[web] + 1 )); f() { local -A lm=([q]=1); lm[z]=2; declare -p lm; }; f; echo "${#lm[@]}"';
    expect(bash(script)).toEqual({ output: 'declare -A c=([api]="1" [web]="2" )\n3\ndeclare -A lm=([z]="2" [q]="1" )\n0\n', exitCode: 0 });
  });

  it('refuses what bash refuses', () => {
    const script = 'i=(1 2); declare -A i; echo st=$?; declare -A s; declare -a s; echo st=$?; declare -A t; t=([a]=1 b); declare -p t';
    expect(bash(script)).toEqual({
      output: 'bash: line 1: declare: i: cannot convert indexed to associative array\nst=1\nbash: line 1: declare: s: cannot convert associative to indexed array\nst=1\nbash: line 1: t: b: must use subscript when assigning associative array\ndeclare -A t=([a]="1" )\n',
      exitCode: 0,
    });
  });
});

describe('mapfile and readarray', () => {
  it('read lines into an array (-t, MAPFILE, -O, -n, from <(…)) and refuse as bash does', () => {
    const script = 'printf "a\\nb c\\n\\nd" > /tmp/mf; mapfile -t x < /tmp/mf; declare -p x; mapfile < /tmp/mf; declare -p MAPFILE; readarray -t -O 1 -n 1 x <<< "q"; declare -p x; mapfile -t ns < <(printf "p\\nq\\n"); echo ${#ns[@]} ${ns[1]}; mapfile -x; echo st=$?; declare -A as; mapfile as < /dev/null; echo st=$?';
    expect(bash(script)).toEqual({
      output:
        'declare -a x=([0]="a" [1]="b c" [2]="" [3]="d")\ndeclare -a MAPFILE=([0]=$\'a\\n\' [1]=$\'b c\\n\' [2]=$\'\\n\' [3]="d")\ndeclare -a x=([0]="a" [1]="q" [2]="" [3]="d")\n2 q\n' +
        'bash: line 1: mapfile: -x: invalid option\nmapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\nst=2\nbash: line 1: mapfile: as: not an indexed array\nst=1\n',
      exitCode: 0,
    });
  });

  it.each([
    ['debian:12', 'mapfile -t x < /etc/hostname; echo st=$?', 'sh: 1: mapfile: not found\nst=127\n'],
    ['busybox:1.36', 'readarray x; echo st=$?', 'sh: readarray: not found\nst=127\n'],
  ])('%s sh: %s is not found', (image, script, output) => {
    expect(run(image, 'sh', script)).toEqual({ output, exitCode: 0 });
  });
});

describe('output process substitution >(…)', () => {
  it('bash runs the command on what was written, its output where the shell\'s went; the numbering is <(…)\'s', () => {
    expect(bash('printf "x\\ny\\n" | tee >(wc -l) >/dev/null; echo a >(true) <(true) >(true); echo hi > >(tr a-z A-Z)')).toEqual({ output: '2\na /dev/fd/63 /dev/fd/62 /dev/fd/61\nHI\n', exitCode: 0 });
  });

  it('BusyBox ash numbers from 64 up; dash has none', () => {
    expect(run('busybox:1.36', 'sh', 'printf "x\\ny\\n" | tee >(wc -l) >/dev/null; echo a >(true) <(true) >(true)')).toEqual({ output: '2\na /dev/fd/64 /dev/fd/65 /dev/fd/66\n', exitCode: 0 });
    expect(run('debian:12', 'sh', 'echo a | tee >(wc -l)')).toEqual({ output: 'sh: 1: Syntax error: "(" unexpected\n', exitCode: 2 });
  });
});

describe('declare -a without a value, and subscripts in dash and BusyBox ash', () => {
  it('lists `declare -a c` until the first assignment', () => {
    expect(bash('declare -a c; declare -p c; c+=(x); declare -p c; declare -a f; f=1; declare -p f')).toEqual({ output: 'declare -a c\ndeclare -a c=([0]="x")\ndeclare -a f=([0]="1")\n', exitCode: 0 });
  });

  it.each([
    ['debian:12', 'sh: 1: Bad substitution\n'],
    ['busybox:1.36', 'sh: syntax error: bad substitution\n'],
  ])('%s sh refuses ${a[1]} as it expands it', (image, error) => {
    expect(run(image, 'sh', 'echo a; echo ${a[1]}; echo after')).toEqual({ output: `a\n${error}`, exitCode: 2 });
  });
});
