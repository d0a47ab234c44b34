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

describe('associative arrays at the prompt', () => {
  it('sets keys quoted or expanded, lists them in bash 5.2 hash order, unsets one, declares -p', () => {
    const run = sessionRunner(new Session());
    expect(run('declare -A m; m[web]=1; m["a b"]=2; k=x; m[$k]=3; echo "${m[web]} ${!m[@]} ${#m[@]} ${m["a b"]} ${m[$k]}"; declare -p m; unset "m[web]"; for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done; declare -A e; declare -p e; y=1; declare -A y; declare -p y')).toEqual({
      out: '1 x web a b 3 2 3\ndeclare -A m=([x]="3" [web]="1" ["a b"]="2" )\nx=3\na b=2\ndeclare -A e\ndeclare -A y=([0]="1" )\n',
      err: '',
      code: 0,
    });
  });

  it('assigns lists, counts with ((c[$k]++)), keeps local -A to the call, and refuses what bash refuses', () => {
    const run = sessionRunner(new Session());
    expect(run('declare -A g=([a]=1 [b]=2 [c]=3); g+=([d]=4 [a]=x); declare -p g; g=([z]=9); declare -p g; declare -A r=(a 1 b); declare -p r; x[web]=5; declare -p x; a=([2]=x y [0]=z); declare -p a')).toEqual({
      out: 'declare -A g=([d]="4" [c]="3" [b]="2" [a]="x" )\ndeclare -A g=([z]="9" )\ndeclare -A r=([b]="" [a]="1" )\ndeclare -a x=([0]="5")\ndeclare -a a=([0]="z" [2]="x" [3]="y")\n',
      err: '',
      code: 0,
    });
    expect(run('declare -A c; for n in web api web; do ((c[$n]++)); done; declare -p c; echo $(( c[web] + 1 )); f() { local -A lm=([q]=1); lm[z]=2; declare -p lm; }; f; echo "${#lm[@]}"')).toEqual({
      out: 'declare -A c=([api]="1" [web]="2" )\n3\ndeclare -A lm=([z]="2" [q]="1" )\n0\n',
      err: '',
      code: 0,
    });
    expect(run('f() { local -a la=(1 2); la+=(3); declare -p la; }; f; declare -p la; declare -A e; for k in "${!e[@]}"; do echo never; done')).toEqual({
      out: 'declare -a la=([0]="1" [1]="2" [2]="3")\n',
      err: 'bash: declare: la: not found\n',
      code: 0,
    });
    expect(run('i=(1 2); declare -A i; echo st=$?; declare -A t; t=([a]=1 b); declare -p t')).toEqual({
      out: 'st=1\ndeclare -A t=([a]="1" )\n',
      err: 'bash: declare: i: cannot convert indexed to associative array\nbash: t: b: must use subscript when assigning associative array\n',
      code: 0,
    });
  });
});

describe('mapfile, >(…) and declare -a at the prompt', () => {
  it('mapfile reads kubectl\'s lines through <(…), a file or a here-string, and refuses as bash does', () => {
    const run = sessionRunner(new Session());
    expect(run('mapfile -t pods < <(kubectl get ns -o name); echo "${#pods[@]} ${pods[0]}"; printf "a\\nb c\\n\\nd" > mf; mapfile < mf; declare -p MAPFILE; readarray -t -O 1 -n 1 pods <<< "q"; echo "${pods[@]}"')).toEqual({
      out: "4 namespace/default\ndeclare -a MAPFILE=([0]=$'a\\n' [1]=$'b c\\n' [2]=$'\\n' [3]=\"d\")\nnamespace/default q namespace/kube-public namespace/kube-system\n",
      err: '',
      code: 0,
    });
    // A pipeline's stages are subshells: what mapfile or read assigns there is gone after it (recorded).
    expect(run('printf "a\\nb\\n" | mapfile -t pp; declare -p pp; echo x | read v; echo "[$v]"')).toEqual({ out: '[]\n', err: 'bash: declare: pp: not found\n', code: 0 });
    expect(run('mapfile -x')).toEqual({ out: '', err: 'bash: mapfile: -x: invalid option\nmapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n', code: 2 });
  });

  it('>(…) runs its command on what was written, numbered as <(…)', () => {
    const run = sessionRunner(new Session());
    expect(run('printf "x\\ny\\n" | tee >(wc -l) >/dev/null; echo a >(true) <(true) >(true); echo hi > >(tr a-z A-Z)')).toEqual({ out: '2\na /dev/fd/63 /dev/fd/62 /dev/fd/61\nHI\n', err: '', code: 0 });
  });

  it('declare -a c lists without a value until the first assignment', () => {
    const run = sessionRunner(new Session());
    expect(run('declare -a c; declare -p c; c+=(x); declare -p c; declare -a f; f=1; declare -p f')).toEqual({ out: 'declare -a c\ndeclare -a c=([0]="x")\ndeclare -a f=([0]="1")\n', err: '', code: 0 });
  });
});
