/**
 * bash's own syntax in a container's bash, and what dash and BusyBox ash make of the same lines.
 * Every expected text and status below was recorded on this machine (bash 5.2.15, dash 0.5.12,
 * BusyBox 1.35 `busybox sh -c`) in a directory holding `Z a.conf b.conf c1 .hid sub/`, HOME=/root:
 * brace expansion, `[[ … ]]` (patterns, `=~` and BASH_REMATCH, its syntax errors, which leave
 * `$?` as it was), `(( … ))`, `let`, `case`, `shopt` and the glob options it sets, `set +B`,
 * `set -x`'s traces of them, and indexed arrays (`a=(…)`, `+=`, `${a[i]}`, `"${a[@]}"`,
 * `${#a[@]}`, BASH_REMATCH), `for ((…; …; …))` (a `continue` runs the step). dash prints its own name (`dash: 1:`), here `sh: 1:` as invoked.
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

/**
 * Runs `script` with `-c` in /w (`Z a.conf b.conf c1 .hid sub/`) of a fresh container; a script
 * whose expected output is a syntax error runs as it is, so the line bash echoes is the script's own.
 */
function run(d: Dialect, script: string, expected: string): { output: string; exitCode: number } {
  const p = startProcess({ image: resolveImage(IMAGES[d].image), command: ['sleep', '3600'], env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 1 });
  execInContainer(p, 500, ['sh', '-c', 'mkdir -p /w/sub && cd /w && touch Z a.conf b.conf c1 .hid']);
  const r = execInContainer(p, 1000, [IMAGES[d].shell, '-c', /-c: line/.test(expected) ? script : `cd /w; ${script}`]);
  return { output: r.output, exitCode: r.exitCode };
}

describe('bash syntax in a container', () => {
  it.each([
    ["echo {1..3} a{b,c} {01..10..3} {a..e} {5..1..2} x{a,b{1,2}}y \"{a,b}\" '{x,y}' \\{a,b} {a} {} {a,b ${HOME:+h}{1,2}", "1 2 3 ab ac 01 04 07 10 a b c d e 5 3 1 xay xb1y xb2y {a,b} {x,y} {a,b} {a} {} {a,b h1 h2\n", 0],
    ["x=1; echo {$x,2} pre-{web,api}-post; set +B; echo {a,b}; echo $-; set -B; echo {a,b}", "1 2 pre-web-post pre-api-post\n{a,b}\nhc\na b\n", 0],
    ["for i in {1..3}; do echo -n $i; done; echo; echo c{1..3}", "123\nc1 c2 c3\n", 0],
    ["x=\"a b\"; [[ $x == \"a b\" ]] && echo nosplit; [[ $x == a* ]] && echo pat; [[ $x == \"a*\" ]] || echo qpat; p=\"a*\"; [[ $x == $p ]] && echo varpat; [[ $x == \"$p\" ]] || echo qvarpat", "nosplit\npat\nqpat\nvarpat\nqvarpat\n", 0],
    ["[[ abc =~ ^a(b)c$ ]] && echo re $BASH_REMATCH; [[ a.c =~ \".\" ]] && echo dotq; [[ abc =~ \".\" ]] || echo dotq2; r=\"^a(.)\"; [[ abc =~ $r ]] && echo $BASH_REMATCH; [[ abc =~ x ]]; echo \"[$BASH_REMATCH] $?\"", "re abc\ndotq\ndotq2\nab\n[] 1\n", 0],
    ["[[ b > a && a < b ]] && echo cmp; [[ ! ( -z x || -n \"\" ) ]] && echo neg; [[ -d sub && -f a.conf && ! -e nope ]] && echo files; [[ -z \"\" && -n x ]] && echo zn", "cmp\nneg\nfiles\nzn\n", 0],
    ["[[ 3 -gt 2 && 010 -eq 8 && 1+1 -eq 2 ]] && echo ints; [[ a != b ]] && echo ne; [[ ab == @(ab|cd) ]] && echo ext; [[ * == \\* ]] && echo noglob", "ints\nne\next\nnoglob\n", 0],
    ["[[ 1 -eq x+ ]]; echo $?; echo after", "bash: line 1: [[: x+: syntax error: operand expected (error token is \"+\")\n1\nafter\n", 0],
    ["[[ a b ]]; echo x", "bash: -c: line 1: conditional binary operator expected\n", 0],
    ["[[ a", "bash: -c: line 1: unexpected token `newline', conditional binary operator expected\n", 2],
    ["[[ -d ]]", "bash: -c: line 1: unexpected argument `]]' to conditional unary operator\n", 0],
    ["[[ a == ]]", "bash: -c: line 1: unexpected argument `]]' to conditional binary operator\n", 0],
    ["[[ ( a ]]", "bash: -c: line 1: unexpected token `]]', expected `)'\n", 0],
    ["[[ ]]", "", 0],
    ["[[ a && ]]", "", 0],
    ["[[ && a ]]", "bash: -c: line 1: unexpected token `&&' in conditional command\n", 0],
    ["[[ a = b c ]]", "bash: -c: line 1: syntax error in conditional expression\n", 0],
    ["[[ a ) ]]", "bash: -c: line 1: syntax error in conditional expression: unexpected token `)'\n", 0],
    ["[[ a == b", "bash: -c: line 1: unexpected EOF while looking for `]]'\n", 2],
    ["[[ a; b ]]", "bash: -c: line 1: unexpected token `;', conditional binary operator expected\n", 0],
    ["echo )", "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `echo )'\n", 2],
    ["(( 1 + 1 )) && echo ok; (( 0 )) || echo zero; ((x = 5, x *= 2)); echo $x; ((1/0)); echo $?; (( 1 + )); echo $?", "ok\nzero\n10\nbash: line 1: ((: 1/0: division by 0 (error token is \"0\")\n1\nbash: line 1: ((: 1 + : syntax error: operand expected (error token is \"+ \")\n1\n", 0],
    ["let x=3 y=x+1; echo $x $y $?; let 0; echo $?; let; echo $?; let 1/0; echo $?", "3 4 0\n1\nbash: line 1: let: expression expected\n1\nbash: line 1: let: 1/0: division by 0 (error token is \"0\")\n1\n", 0],
    ["case abc in a|b) echo no;; a*) echo star;; *) echo default;; esac; case x in (x) echo paren;; esac; case \"a b\" in \"a b\") echo q;; esac; case z in y) echo y;; esac; echo $?", "star\nparen\nq\n0\n", 0],
    ["x=hello; case $x in h*o) echo glob ;; esac; case \"*\" in \\*) echo lit;; esac; p=\"h*\"; case $x in $p) echo varp;; esac; case $x in \"$p\") echo no;; *) echo qp;; esac", "glob\nlit\nvarp\nqp\n", 0],
    ["shopt -p extglob; shopt -s extglob nullglob; shopt extglob nullglob dotglob; shopt -q extglob; echo q=$?; shopt -q dotglob; echo q=$?; shopt -s nosuch; echo $?; shopt -x; echo $?", "shopt -u extglob\nextglob        \ton\nnullglob       \ton\ndotglob        \toff\nq=0\nq=1\nbash: line 1: shopt: nosuch: invalid shell option name\n1\nbash: line 1: shopt: -x: invalid option\nshopt: usage: shopt [-pqsu] [-o] [optname ...]\n2\n", 0],
    ["shopt | head -5; shopt -p | tail -2; shopt -s | head -3; shopt -u | head -2", "autocd         \toff\nassoc_expand_once\toff\ncdable_vars    \toff\ncdspell        \toff\ncheckhash      \toff\nshopt -u varredir_close\nshopt -u xpg_echo\ncheckwinsize   \ton\ncmdhist        \ton\ncomplete_fullquote\ton\nautocd         \toff\nassoc_expand_once\toff\n", 0],
    ["shopt -s nullglob; echo x *.nope y; for f in *.nope; do echo in; done; echo done", "x y\ndone\n", 0],
    ["shopt -s failglob; echo *.nope; echo after", "bash: line 1: no match: *.nope\n", 1],
    ["shopt -s failglob; echo *.conf; echo ok", "a.conf b.conf\nok\n", 0],
    ["shopt -s dotglob; echo *; echo .*", ".hid Z a.conf b.conf c1 sub\n.hid\n", 0],
    ["shopt -s nocaseglob; echo z* A*", "Z a.conf\n", 0],
    ["shopt -s extglob\necho !(*.conf) @(a|b).conf +(c)1 *(x)c1 ?(a).conf; case a.conf in *.@(conf|txt)) echo caseext;; esac", "Z c1 sub a.conf b.conf c1 c1 a.conf\ncaseext\n", 0],
    ["shopt -s extglob; echo @(a|b)", "bash: -c: line 1: syntax error near unexpected token `('\nbash: -c: line 1: `shopt -s extglob; echo @(a|b)'\n", 2],
    ["echo @(a|b)", "bash: -c: line 1: syntax error near unexpected token `('\nbash: -c: line 1: `echo @(a|b)'\n", 2],
    ["case ab in @(ab|c)) echo caseext;; esac", "bash: -c: line 1: syntax error near unexpected token `('\nbash: -c: line 1: `case ab in @(ab|c)) echo caseext;; esac'\n", 2],
    ["x=a; set -x; [[ $x == a* && -d sub ]]; [[ \"a*\" == \"a*\" ]]; [[ ! -z $x ]]; [[ $x ]]; (( 1 + 2 )); let y=1; case $x in a*) : ;; esac", "+ [[ a == a* ]]\n+ [[ -d sub ]]\n+ [[ a* == \\a\\* ]]\n+ [[ ! -z a ]]\n+ [[ -n a ]]\n+ ((  1 + 2  ))\n+ let y=1\n+ case $x in\n+ :\n", 0],
    ["a=(x \"y z\" w); echo ${a[1]} ${#a[@]} ${#a[1]} $a ${a[-1]}; for i in \"${a[@]}\"; do echo \"[$i]\"; done; echo ${a[@]}; echo \"${a[*]}\"", "y z 3 3 x w\n[x]\n[y z]\n[w]\nx y z w\nx y z w\n", 0],
    ["a=(1 2); a+=(3 4); a[4]=five; echo ${#a[@]} \"${a[@]}\"; a[0]+=x; echo ${a[0]}; b=s; b+=t; echo $b; i=1; echo ${a[i+1]} ${a[$i]}", "5 1 2 3 4 five\n1x\nst\n3 2\n", 0],
    ["[[ abc =~ ^a(b)(c)$ ]] && echo ${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${#BASH_REMATCH[@]} $BASH_REMATCH; [[ abc =~ x ]]; echo \"[${BASH_REMATCH[@]}] ${#BASH_REMATCH[@]}\"", "b c 3 abc\n[] 0\n", 0],
    ["a=(x y); echo ${a[5]:-def} ${#b[@]} \"${b[@]}\" end; set -- \"${a[@]}\"; echo $#; x=s; echo ${x[0]} ${#x[@]}", "def 0 end\n2\ns 1\n", 0],
    ["files=(*.conf); echo ${#files[@]} ${files[1]}; a=(); echo ${#a[@]}; a=({1..3}); echo ${a[2]}; a=(x y); unset a; echo \"[${a[@]}]\"", "2 b.conf\n0\n3\n[]\n", 0],
    ["a=(x y); (a+=(z); echo ${#a[@]}); echo ${#a[@]}; echo $(echo ${a[1]})", "3\n2\ny\n", 0],
    ["for ((i=0; i<3; i++)); do [ $i = 1 ] && continue; echo $i; done; echo st=$?", "0\n2\nst=0\n", 0],
    ["set -x; for ((i=0; i<2; i++)); do echo $i; done; for (( ; ; )); do break; done; echo $?", "+ (( i=0 ))\n+ (( i<2 ))\n+ echo 0\n0\n+ (( i++ ))\n+ (( i<2 ))\n+ echo 1\n1\n+ (( i++ ))\n+ (( i<2 ))\n+ (( 1 ))\n+ (( 1 ))\n+ break\n+ echo 0\n0\n", 0],
    ["for (( i = 3 ; i > 0 ; i-- ))\ndo\n  echo $i\ndone", "3\n2\n1\n", 0],
    ["n=0; for ((;;)); do (( n++ >= 2 )) && break; done; echo $n", "3\n", 0],
    ["bash -O extglob -c 'echo @(a|b).conf; shopt -p extglob'", "a.conf b.conf\nshopt -s extglob\n", 0],
    ["bash -O nosuch -c 'echo hi'; echo rc=$?", "bash: line 0: nosuch: invalid shell option name\nrc=2\n", 0],
    ["bash +O globskipdots -c 'shopt -p globskipdots'", "shopt -u globskipdots\n", 1],
    ["shopt -s extglob; eval 'echo !(*.conf)'", "Z c1 sub\n", 0],
  ])('bash -c %j', (script, output, status) => {
    expect(run('bash', script, output)).toEqual({ output, exitCode: status });
  });
});

describe('the same lines in dash and BusyBox ash', () => {
  it.each([
    ["echo {1..3} a{b,c}", "{1..3} a{b,c}\n", 0],
    ["case abc in a|b) echo no;; a*) echo star;; *) echo default;; esac; case x in (x) echo paren;; esac; case \"a b\" in \"a b\") echo q;; esac; case z in y) echo y;; esac; echo $?", "star\nparen\nq\n0\n", 0],
    ["x=hello; case $x in h*o) echo glob ;; esac; case \"*\" in \\*) echo lit;; esac; p=\"h*\"; case $x in $p) echo varp;; esac; case $x in \"$p\") echo no;; *) echo qp;; esac", "glob\nlit\nvarp\nqp\n", 0],
    ["case x in x) echo a", "sh: 1: Syntax error: end of file unexpected (expecting \";;\")\n", 2],
    ["[[ -d sub ]] && echo dir; [[ a; echo $?", "sh: 1: [[: not found\nsh: 1: [[: not found\n127\n", 0],
    ["[[ 1 -eq 2 ]]; echo $?; [[ ]]; echo $?; [[ a b ]]; echo $?", "sh: 1: [[: not found\n127\nsh: 1: [[: not found\n127\nsh: 1: [[: not found\n127\n", 0],
    ["let x=2 y=x+1; echo $x $y $?; let 0; echo $?; let; echo $?; let 1/0; echo $?", "sh: 1: let: not found\n127\nsh: 1: let: not found\n127\nsh: 1: let: not found\n127\nsh: 1: let: not found\n127\n", 0],
    ["(( 1 + 1 )) && echo arith", "sh: 1: 1: not found\n", 127],
    ["shopt -s extglob", "sh: 1: shopt: not found\n", 127],
    ["x=1; set -x; case $x in 1) echo one;; esac", "+ echo one\none\n", 0],
    ["a=(x y); echo ${a[1]}", "sh: 1: Syntax error: \"(\" unexpected\n", 2],
  ])('dash -c %j', (script, output, status) => {
    expect(run('dash', script, output)).toEqual({ output, exitCode: status });
  });

  it.each([
    ["echo {1..3} a{b,c}", "{1..3} a{b,c}\n", 0],
    ["case abc in a|b) echo no;; a*) echo star;; *) echo default;; esac; case x in (x) echo paren;; esac; case \"a b\" in \"a b\") echo q;; esac; case z in y) echo y;; esac; echo $?", "star\nparen\nq\n0\n", 0],
    ["x=hello; case $x in h*o) echo glob ;; esac; case \"*\" in \\*) echo lit;; esac; p=\"h*\"; case $x in $p) echo varp;; esac; case $x in \"$p\") echo no;; *) echo qp;; esac", "glob\nlit\nvarp\nqp\n", 0],
    ["case x in x) echo a", "sh: syntax error: unexpected end of file (expecting \";;\")\n", 2],
    ["[[ -d sub ]] && echo dir; [[ a; echo $?", "dir\nsh: missing ]]\n2\n", 0],
    ["let x=2 y=x+1; echo $x $y $?; let 0; echo $?; let; echo $?; let 1/0; echo $?", "2 3 0\n1\nsh: let: line 0: expression expected\n2\nsh: let: line 0: divide by zero\n2\n", 0],
    ["(( 1 + 1 )) && echo arith", "sh: 1: not found\n", 127],
    ["shopt -s extglob", "sh: shopt: not found\n", 127],
    ["x=1; set -x; case $x in 1) echo one;; esac", "+ echo one\none\n", 0],
    ["a=(x y); echo ${a[1]}", "sh: syntax error: unexpected \"(\"\n", 2],
  ])('ash -c %j', (script, output, status) => {
    expect(run('ash', script, output)).toEqual({ output, exitCode: status });
  });
});
