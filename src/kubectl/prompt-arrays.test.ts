/**
 * bash's indexed arrays at the prompt. Outputs recorded from bash 5.2.15 reading the same lines;
 * the same script in a container's bash is src/engine/images/shell-arrays.test.ts (one set of
 * rules: src/k8s/bash-arrays.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

describe('indexed arrays at the prompt', () => {
  it('assigns, appends, sets far elements (sparse), counts, lists indices and declares -p', () => {
    const run = sessionRunner(new Session());
    expect(run('arr=(a b c); echo ${arr[1]} ${#arr[@]}')).toEqual({ out: 'b 3\n', err: '', code: 0 });
    expect(run('a=(x y "z w"); declare -p a; a+=(v); a[6]=q; declare -p a; echo ${a[1]} ${#a[@]} ${!a[@]}; echo $a ${a[-1]} ${#a[2]}')).toEqual({
      out: 'declare -a a=([0]="x" [1]="y" [2]="z w")\ndeclare -a a=([0]="x" [1]="y" [2]="z w" [3]="v" [6]="q")\ny 5 0 1 2 3 6\nx q 3\n',
      err: '',
      code: 0,
    });
  });

  it('slices by index, unsets an element into a hole, and keeps "${a[@]}" one word per element', () => {
    const run = sessionRunner(new Session());
    expect(run('a=(x y "z w" v); a[6]=q; echo ${a[@]:1:2}; echo "${a[@]:5}"; unset "a[1]"; declare -p a; for x in "${a[@]}"; do echo "<$x>"; done; echo "${a[*]}"; echo ${a[@]: -2}; a[-1]=last; echo ${a[@]}')).toEqual({
      out: 'y z w\nq\ndeclare -a a=([0]="x" [2]="z w" [3]="v" [6]="q")\n<x>\n<z w>\n<v>\n<q>\nx z w v q\nq\nx z w v last\n',
      err: '',
      code: 0,
    });
  });

  it('makes an array of a command\'s words; an empty one gives no word; a scalar appended to becomes one', () => {
    const run = sessionRunner(new Session());
    expect(run('ns=($(kubectl get ns -o name)); echo ${#ns[@]} ${ns[0]}')).toEqual({ out: '4 namespace/default\n', err: '', code: 0 });
    expect(run('e=(); for i in "${e[@]}"; do echo never; done; echo "[${e[@]}]" ${#e[@]}; x=5; x+=(6); declare -p x; s=a; s+=b; echo $s ${e[0]:-dflt}')).toEqual({ out: '[] 0\ndeclare -a x=([0]="5" [1]="6")\nab dflt\n', err: '', code: 0 });
    expect(run('declare -p nope')).toEqual({ out: '', err: 'bash: declare: nope: not found\n', code: 1 });
  });
});

describe('substrings at the prompt', () => {
  it('read an offset before the start as empty, as bash does (the container shares substringOf)', () => {
    const run = sessionRunner(new Session());
    expect(run('s=hello; echo "[${s:9}] [${s: -9}] [${s: -3:2}]"')).toEqual({ out: '[] [] [ll]\n', err: '', code: 0 });
  });
});

describe('read -a at the prompt', () => {
  it('splits the line at blanks into the array; without -r a backslash escapes a blank', () => {
    const run = sessionRunner(new Session());
    expect(run("printf 'a  b c\\n' | { read -a arr; declare -p arr; }; read -a arr <<< '  x\\ y z  '; declare -p arr; read -ra arr <<< '  x\\ y z  '; declare -p arr")).toEqual({
      out: 'declare -a arr=([0]="a" [1]="b" [2]="c")\ndeclare -a arr=([0]="x y" [1]="z")\ndeclare -a arr=([0]="x\\\\" [1]="y" [2]="z")\n',
      err: '',
      code: 0,
    });
  });
});
