import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

/**
 * Definitions typed (or pasted) at the prompt, then `type NAME`, as bash 5.2.15 printed it on this
 * machine (`bash --norc` reading the same text). The blanks at the ends of `NAME () `, `{ ` and
 * `case … in ` are bash's.
 */
const LISTINGS: [string, string, string][] = [
  [
    "h",
    `h() {
  for i in 1 2; do echo $i; done
  while true; do break; done
  if [ -n "$1" ]; then echo a; elif false; then :; else echo b; fi
  case $1 in a|b) echo ab;; *) echo other;; esac
  ( cd /tmp; ls ) > /dev/null 2>&1
  { echo x; echo y; } | wc -l
  (( i++ ))
  [[ $x == a* ]] && echo m
  for ((i=0;i<3;i++)); do echo $i; done
  until false; do break; done
  echo bg &
  x=$(date) y=2
  return 3
}`,
    `h is a function
h () 
{ 
    for i in 1 2;
    do
        echo $i;
    done;
    while true; do
        break;
    done;
    if [ -n "$1" ]; then
        echo a;
    else
        if false; then
            :;
        else
            echo b;
        fi;
    fi;
    case $1 in 
        a | b)
            echo ab
        ;;
        *)
            echo other
        ;;
    esac;
    ( cd /tmp;
    ls ) > /dev/null 2>&1;
    { 
        echo x;
        echo y
    } | wc -l;
    (( i++ ));
    [[ $x == a* ]] && echo m;
    for ((i=0; i<3; i++))
    do
        echo $i;
    done;
    until false; do
        break;
    done;
    echo bg & x=$(date) y=2;
    return 3
}
`,
  ],
  [
    "a",
    `a() {
  for i in 1 2; do
    cat <<EOF | kubectl apply -f -
kind: $i
EOF
  done
  cat <<'EOF'
x
EOF
}`,
    `a is a function
a () 
{ 
    for i in 1 2;
    do
        cat <<EOF |
kind: $i
EOF
  kubectl apply -f -;
    done
    cat <<'EOF'
x
EOF

}
`,
  ],
  [
    "g",
    `g() { local x=$1;  echo "$x" >out.txt;   kubectl get pods -o name | grep web && echo ok || echo no; } > log`,
    `g is a function
g () 
{ 
    local x=$1;
    echo "$x" > out.txt;
    kubectl get pods -o name | grep web && echo ok || echo no
} > log
`,
  ],
  [
    "l",
    `function l() ( echo sub )`,
    `l is a function
l () 
{ 
    ( echo sub )
}
`,
  ],
  [
    "f",
    `f() { cat <<EOF >/tmp/x.txt
a $1
EOF
echo done 2>&1 >>log; cat < in.txt; echo x 2>/dev/null; echo "a  b"   'c  d'; }`,
    `f is a function
f () 
{ 
    cat <<EOF > /tmp/x.txt
a $1
EOF

    echo done 2>&1 >> log;
    cat < in.txt;
    echo x 2> /dev/null;
    echo "a  b" 'c  d'
}
`,
  ],
  [
    "r",
    `r() { echo a >&2; echo b 1>&2; echo c 2>&1; echo d &>x; echo e &>>x; echo f >| x; cat 0<x; cat <<<hi; >out echo g; cat <<"E1" <<-\\E2
one
E1
	two
	E2
echo a; echo b
(( x = 1 )); ((y=2)); for (( i = 0 ; i < 2 ; i++ )); do :; done; for x; do :; done
}`,
    `r is a function
r () 
{ 
    echo a 1>&2;
    echo b 1>&2;
    echo c 2>&1;
    echo d &> x;
    echo e &>> x;
    echo f >| x;
    cat < x;
    cat <<< hi;
    echo g > out;
    cat <<'E1' <<-'E2'
one
E1
two
E2

    echo a;
    echo b;
    (( x = 1 ));
    ((y=2));
    for ((i = 0 ; i < 2 ; i++ ))
    do
        :;
    done;
    for x in "$@";
    do
        :;
    done
}
`,
  ],
  [
    "w",
    `w() { if a; then b; fi; while a; do b; done > x; case $x in (a) ;; esac; }`,
    `w is a function
w () 
{ 
    if a; then
        b;
    fi;
    while a; do
        b;
    done > x;
    case $x in 
        a)

        ;;
    esac
}
`,
  ],
  [
    "g",
    `g() for i in 1 2; do echo $i; done`,
    `g is a function
g () 
{ 
    for i in 1 2;
    do
        echo $i;
    done
}
`,
  ],  [
    "f",
    `f() { x=$(a;b |c  >out); y="$(echo  hi 2>&1)"; z=\`echo  old  >x\`; w=$(( 1+2 )); v=$(for i in 1; do echo $i; done); u=$(if a; then b; fi); echo "\${x:-$(echo  d)}"; }`,
    `f is a function
f () 
{ 
    x=$(a; b | c > out);
    y="$(echo hi 2>&1)";
    z=\`echo  old  >x\`;
    w=$(( 1+2 ));
    v=$(for i in 1;
do
    echo $i;
done);
    u=$(if a; then
    b;
fi);
    echo "\${x:-$(echo d)}"
}
`,
  ],
  [
    "outer",
    `outer() { inner() { echo in; }; inner; function other { :; }; }`,
    `outer is a function
outer () 
{ 
    function inner () 
    { 
        echo in
    };
    inner;
    function other () 
    { 
        :
    }
}
`,
  ],
  [
    "c",
    `c() { case $1 in a) x() { :; };; esac; while read l; do echo $l; done <<EOF
$1
EOF
}`,
    `c is a function
c () 
{ 
    case $1 in 
        a)
            function x () 
            { 
                :
            }
        ;;
    esac;
    while read l; do
        echo $l;
    done <<EOF
$1
EOF

}
`,
  ],
];

describe('bash functions at the prompt', () => {
  it.each(LISTINGS)('lists %s as bash 5.2 does (type)', (name, definition, listing) => {
    const s = new Session();
    expect(s.run(definition)).toEqual({ output: [], exitCode: 0 });
    expect(out(s.run(`type ${name}`))).toBe(listing);
    expect(out(s.run(`declare -f ${name}`))).toBe(listing.slice(listing.indexOf('\n') + 1));
  });
});

/** What a line wrote, stderr marked, in order. */
const both = (r: { output: { stream: string; text: string }[] }): string => r.output.map((c) => (c.stream === 'stderr' ? `E:${c.text}` : c.text)).join('');

describe('calling bash functions at the prompt', () => {
  it('passes arguments as $1, $#, $@ and "$@", shifts them, and returns a status (bash 5.2, recorded)', () => {
    const s = new Session();
    s.run('f() { echo "n=$# 1=$1 2=$2 all=$@ star=$*"; for a in "$@"; do echo "[$a]"; done; shift; echo "after shift $1 $#"; return 4; echo no; }');
    expect(both(s.run('f a "b c" d; echo "st=$?"'))).toBe('n=3 1=a 2=b c all=a b c d star=a b c d\n[a]\n[b c]\n[d]\nafter shift b c 2\nst=4\n');
    s.run('u() { echo "${#} ${1} ${#1} ${@}"; }; v() { echo "$@" | wc -w; }');
    expect(both(s.run('u abc d; v'))).toBe('2 abc 3 abc d\n0\n');
    s.run('s() { return 300; }; s2() { return abc; }');
    expect(both(s.run('s; echo "s=$?"; s2; echo "s2=$?"'))).toBe('s=44\nE:bash: return: abc: numeric argument required\ns2=2\n');
    expect(both(s.run('q() { return; }; false; q; echo "q=$?"'))).toBe('q=1\n');
    expect(both(s.run('echo "0=$0 #=$#"'))).toBe('0=bash #=0\n');
    // `set -- ARGS` gives the prompt (or the call) its own (recorded: `set -- a b; echo $#` prints 2).
    expect(both(s.run('set -- a "b c"; echo "$# $2"; shift; echo "$1"; set --; echo $#'))).toBe('2 b c\nb c\n0\n');
    expect(s.run('set -q').exitCode).toBe(2);
    // `for x; do` walks the arguments; `return` leaves the loops around it.
    s.run('first() { for a; do [ "$a" = stop ] && return 7; echo "$a"; done; echo end; }');
    expect(both(s.run('first a b; first c stop d; echo "st=$?"'))).toBe('a\nb\nend\nc\nst=7\n');
  });

  it('scopes local variables dynamically and refuses local, return and shift where bash does', () => {
    const s = new Session();
    s.run('g() { local x=inner y; x=changed; echo "in $x"; z=global; }');
    expect(both(s.run('x=outer; g; echo "out $x $z"'))).toBe('in changed\nout outer global\n');
    s.run('inner() { echo "sees $x"; }; outer() { local x=mine; inner; }');
    expect(both(s.run('outer; echo "after $x"'))).toBe('sees mine\nafter outer\n');
    expect(both(s.run('return 2; echo "st=$?"'))).toBe("E:bash: return: can only `return' from a function or sourced script\nst=2\n");
    expect(both(s.run('local x=1; echo "st=$?"'))).toBe('E:bash: local: can only be used in a function\nst=1\n');
    expect(both(s.run('shift abc; echo "sh=$?"; shift 5; echo "sh=$?"'))).toBe('E:bash: shift: abc: numeric argument required\nsh=1\nsh=1\n');
  });

  it("reads local's, export's and declare's NAME=value unsplit, and gives assignments their substitution's status", () => {
    // Recorded from bash 5.2: `[a b] [p q]`, `a b`, and `x=$(false); echo $?` prints 1.
    const s = new Session();
    s.run('f() { local x=$(echo a b) y="$1"; echo "[$x] [$y]"; }');
    expect(both(s.run('f "p q"'))).toBe('[a b] [p q]\n');
    expect(both(s.run('export A=$(echo a b); declare B=$(echo c d); echo "$A/$B"'))).toBe('a b/c d\n');
    expect(both(s.run('x=$(false); echo $?; y=$(true); echo $?'))).toBe('1\n0\n');
    expect(both(s.run('if ! out=$(kubectl get ns nope 2>&1); then echo "failed: $out"; fi'))).toBe('failed: Error from server (NotFound): namespaces "nope" not found\n');
  });

  it('recurses, keeps break to its own loops, and stops runaway recursion as the line stops loops', () => {
    const s = new Session();
    s.run('r() { if (( $1 > 0 )); then echo $1; r $(( $1 - 1 )); fi; }');
    expect(both(s.run('r 3'))).toBe('3\n2\n1\n');
    // bash 5.2: a function's break does not reach the caller's loop.
    s.run('b() { break; }');
    expect(both(s.run('for i in 1 2; do echo $i; b; done; echo "st=$?"'))).toBe("1\nE:bash: break: only meaningful in a `for', `while', or `until' loop\n2\nE:bash: break: only meaningful in a `for', `while', or `until' loop\nst=0\n");
    const r = s.run('inf() { inf; }; inf; echo after');
    expect(r.exitCode).toBe(1);
    expect(both(r)).toMatch(/^E:bash: inf: maximum function nesting level exceeded \(200\): /);
    // Calls that branch stay shallow but count as the loops' iterations do.
    const tree = s.run('t() { if (( $1 > 0 )); then t $(( $1 - 1 )); t $(( $1 - 1 )); fi; }; t 20; echo after');
    expect([tree.exitCode, both(tree)]).toEqual([1, expect.stringMatching(/^E:bash: loop stopped after 10000 iterations: /)]);
  });

  it('runs kubectl inside a function through the Session, with redirections on the call and on the definition', () => {
    const s = new Session();
    s.run('mk() { kubectl create deployment "$1" --image=nginx --replicas=${2:-1}; }');
    expect(both(s.run('mk web 2 && mk api'))).toBe('deployment.apps/web created\ndeployment.apps/api created\n');
    s.run('names() { kubectl get deploy -o name; } > deploys.txt');
    s.run('names');
    expect(both(s.run('cat deploys.txt'))).toBe('deployment.apps/api\ndeployment.apps/web\n');
    expect(both(s.run('names() { kubectl get deploy "$@" -o name; }; names web | wc -l'))).toBe('1\n');
  });

  it("stamps what a function's commands wrote when they ran, and a Ctrl+C inside a call ends the whole line", () => {
    const s = new Session();
    s.run('poll() { while true; do kubectl get ns default -o name; sleep 5; done; }');
    const start = s.sim.now;
    const cut = s.run('poll; echo after', undefined, { interruptAt: start + 12_000 });
    expect(cut.exitCode).toBe(130);
    expect(cut.output.map((c) => [c.text, c.at])).toEqual([
      ['namespace/default\n', start + 150],
      ['namespace/default\n', start + 5300],
      ['namespace/default\n', start + 10_450],
    ]);
    expect(s.sim.now).toBe(start + 12_000);
  });

  it('keeps functions between lines, in a fork and through a replay of the log; type, declare and unset see them', () => {
    const s = new Session();
    s.run('kc() { kubectl get ns "$@"; }');
    s.run('function two { echo two; }');
    expect(both(s.run('type -t kc two nope; echo $?'))).toBe('function\nfunction\n1\n');
    expect(both(s.run('declare -F; declare -F kc nope; echo "F=$?"'))).toBe('declare -f kc\ndeclare -f two\nkc\nF=1\n');
    // typeset is declare's other name; $FUNCNAME the function running (recorded).
    expect(both(s.run('typeset -F; f() { echo "[$FUNCNAME]"; g; }; g() { echo "[$FUNCNAME]"; }; f; echo "[$FUNCNAME]"'))).toBe('declare -f kc\ndeclare -f two\n[f]\n[g]\n[]\n');
    expect(both(s.fork().run('two'))).toBe('two\n');
    const replay = new Session();
    for (const c of s.log) replay.run(c.line, c.stdin);
    expect(both(replay.run('kc default -o name'))).toBe('namespace/default\n');
    expect(both(s.run('unset -f two; two; echo "st=$?"'))).toMatch(/^E:two: command not found .*\nst=127\n$/);
    // With no variable of that name, plain unset removes the function (bash's rule).
    expect(both(s.run('unset kc; type -t kc; echo $?'))).toBe('1\n');
  });

  it('expands aliases when the function is defined, as bash does (recorded: the listing shows them expanded)', () => {
    const s = new Session();
    s.run('alias kgp="kubectl get pods | grep -v Completed"; alias ll="ls -l"');
    s.run('f() { k get ns default -o name; x=1 k get ns kube-system -o name; echo "$(k version --client 2>/dev/null | head -c 0)"; }');
    s.run('g() { kgp; ll; }');
    expect(out(s.run('type f g'))).toBe(`f is a function
f () \n{ \n    kubectl get ns default -o name;
    x=1 kubectl get ns kube-system -o name;
    echo "$(k version --client 2> /dev/null | head -c 0)"
}
g is a function
g () \n{ \n    kubectl get pods | grep -v Completed;
    ls -l
}
`);
    // Defined with the alias, the function keeps working without it.
    s.run('unalias k');
    expect(out(s.run('f'))).toBe('namespace/default\nnamespace/kube-system\n\n');
    // An alias that names itself (`grep` → `grep -n`) is expanded once.
    s.run('alias grep="grep -n"');
    s.run('h() { echo x | grep x; }');
    expect(out(s.run('type h; h'))).toBe('h is a function\nh () \n{ \n    echo x | grep -n x\n}\n1:x\n');
  });

  it("answers bash's syntax errors for a body that is not a compound command", () => {
    const s = new Session();
    expect(s.run('f() echo hi')).toEqual({ output: [{ stream: 'stderr', text: "bash: syntax error near unexpected token `echo'\n" }], exitCode: 2 });
  });
});

describe('exit at the prompt', () => {
  it('prints exit as bash does at a terminal, ends the line and keeps the session', () => {
    const s = new Session({ interactive: true });
    // Recorded (bash 5.2 under script(1)): `exit` and `exit 4` print `exit`; `exit abc` then complains (status 2).
    const r = s.run('for i in 1 2; do echo $i; exit 3; done; echo no');
    expect(both(r)).toBe('1\nE:exit\n');
    expect(r.exitCode).toBe(3);
    expect(s.run('exit abc').output.map((c) => c.text).join('')).toBe('exit\nbash: exit: abc: numeric argument required\n');
    expect(both(s.run('false; exit; echo no'))).toBe('E:exit\n');
    expect(s.shell.status).toBe(1);
    expect(both(s.run('echo still here'))).toBe('still here\n');
  });

  it('ends only the subshell, the substitution or the function call around it, silently', () => {
    const s = new Session({ interactive: true });
    expect(both(s.run('(exit 4); echo $?; echo "x$(exit 3)x"'))).toBe('4\nxx\n');
    s.run('f() { echo in; exit 5; echo no; }');
    const r = s.run('f; echo no');
    expect(both(r)).toBe('in\nE:exit\n');
    expect(r.exitCode).toBe(5);
  });

  it('prints nothing where no terminal reads it (the runner), and still ends the line', () => {
    const s = new Session();
    expect(s.run('exit 2; echo no')).toEqual({ output: [], exitCode: 2 });
  });
});

