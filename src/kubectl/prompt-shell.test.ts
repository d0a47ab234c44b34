import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

beforeAll(() => loadKubectlChunks());

describe("bash's state at the terminal's prompt", () => {
  it('runs the CKA setup lines: completion, alias k, export do, then k create … $do > file', () => {
    const s = new Session();
    expect(s.run('source <(kubectl completion bash)')).toEqual({ output: [], exitCode: 0 });
    expect(s.run('complete -o default -F __start_kubectl k')).toEqual({ output: [], exitCode: 0 });
    expect(s.run('alias k=kubectl')).toEqual({ output: [], exitCode: 0 });
    s.run('export do="--dry-run=client -o yaml"');
    s.run('k create deployment web --image=nginx $do > web.yaml');
    expect(out(s.run('head -n 2 web.yaml'))).toBe('apiVersion: apps/v1\nkind: Deployment\n');
    // Quoted, the variable stays one word, which kubectl refuses as one flag.
    expect(out(s.run('k create deployment web2 --image=nginx "$do"'), 'stderr')).toMatch(/^error: /);
    expect(out(s.run('alias'))).toBe("alias k='kubectl'\n");
    expect(out(s.run('export -p'))).toBe('declare -x do="--dry-run=client -o yaml"\n');
  });

  it('keeps a command substitution unsplit in an assignment and splits it unquoted', () => {
    const s = new Session();
    s.run('kubectl create deployment web --image=nginx --replicas=2');
    s.run('sim advance 20s');
    s.run('PODS=$(kubectl get pods -l app=web -o name)');
    expect(out(s.run('echo "$PODS" | wc -l'))).toBe('2\n');
    expect(out(s.run('echo $PODS | wc -l'))).toBe('1\n');
    s.run("POD=$(kubectl get pods -l app=web -o jsonpath='{.items[0].metadata.name}')");
    expect(out(s.run('kubectl get pod $POD -o jsonpath={.status.phase}'))).toBe('Running');
    expect(out(s.run('echo ${MISSING:-default} ${POD:+x}'))).toBe('default x\n');
    expect(out(s.run('echo ${MISSING:-default}'))).toBe('default\n');
  });

  it('reports $? and errors as bash does, and a failing substitution still prints its error', () => {
    const s = new Session();
    s.run('kubectl get deployment nope');
    expect(out(s.run('echo $?'))).toBe('1\n');
    expect(out(s.run('false || echo $?'))).toBe('1\n');
    const r = s.run('X=$(kubectl get deployment nope -o name)');
    expect(out(r, 'stderr')).toBe('Error from server (NotFound): deployments.apps "nope" not found\n');
    expect(out(s.run('echo "[$X]"'))).toBe('[]\n');
    expect(out(s.run('alias zz'), 'stderr')).toBe('bash: alias: zz: not found\n');
    expect(out(s.run('export 1x=3'), 'stderr')).toBe("bash: export: `1x=3': not a valid identifier\n");
    expect(out(s.run('unalias zz'), 'stderr')).toBe('bash: unalias: zz: not found\n');
    expect(out(s.run('echo $((1+2))'))).toBe('3\n');
    expect(out(s.run('pwd'))).toBe('/home/learner\n');
  });

  it('rebuilds variables and aliases by replaying the log, and a fork copies them', () => {
    const s = new Session();
    s.run('alias kgp="kubectl get pods"');
    s.run('export NS=kube-system');
    const replayed = new Session();
    for (const c of s.log) replayed.run(c.line, c.stdin);
    expect(out(replayed.run('kgp -n $NS -o name | grep -c etcd'))).toBe('1\n');
    const fork = s.fork();
    fork.run('unalias kgp');
    expect(s.run('kgp -n $NS -o name | grep -c etcd').exitCode).toBe(0);
  });
});
