import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCluster, type TestCluster } from './cluster.testing';
import { completionsAt, formatCandidates, tab, type CompletionContext } from './complete';

const manifest = (f: string): string => readFileSync(new URL(`../../../examples/manifests/${f}`, import.meta.url), 'utf8');
const FILES = { 'go-api.yaml': manifest('go-api.yaml'), 'go-api-service.yaml': manifest('go-api-service.yaml') };

/** What the page holds once the worker is ready: its command table, discovery, the objects and the fault targets. */
function contextOf(c: TestCluster, files: readonly string[]): CompletionContext {
  return { commands: c.commands, discovery: c.discovery, objects: c.objects, files, targets: c.targets.map((t) => t.name) };
}

/** kubectl's command words, from its own help (the "supported commands" list of an unknown one). */
function kubectlCommands(c: TestCluster): string[] {
  const m = c.run('kubectl kuberc').stderr.match(/supported commands: (.*)$/m);
  if (!m) throw new Error('kubectl did not list its commands');
  return m[1]!.split(', ').sort();
}

let ctx: CompletionContext;
let goApiPod: string;

let cluster: TestCluster;

beforeAll(() => {
  cluster = testCluster({ seed: 5, files: FILES });
  expect(cluster.run('kubectl apply -f go-api.yaml').exitCode).toBe(0);
  expect(cluster.run('kubectl apply -f go-api-service.yaml').exitCode).toBe(0);
  expect(cluster.run('kubectl create namespace shop').exitCode).toBe(0);
  expect(cluster.run('kubectl rollout status deployment/go-api').exitCode).toBe(0);
  ctx = contextOf(cluster, Object.keys(FILES).sort());
  goApiPod = [...cluster.objects.values()].find((p) => p.metadata.name?.startsWith('go-api-') && p.kind === 'Pod')!.metadata.name!;
});

/** The line after one Tab with the cursor at the end, or the listed candidates. */
function press(line: string): string | string[] {
  const r = tab(line, line.length, ctx);
  switch (r.kind) {
    case 'none':
      return line;
    case 'replace':
      return line.slice(0, r.from) + r.text + line.slice(r.to);
    case 'list':
      return r.candidates;
  }
}

describe('tab completion', () => {
  it('completes the command word', () => {
    expect(press('')).toEqual([...['clear', 'help', 'k', 'kubectl', 'sim', 'sleep'], ...ctx.commands!.programs].sort());
    expect(press('ku')).toBe('kubectl ');
    expect(press('s')).toEqual(['sim', 'sleep', ...ctx.commands!.programs.filter((p) => p.startsWith('s'))].sort());
    expect(press('s')).toEqual(expect.arrayContaining(['sort', 'source']));
    expect(press('si')).toBe('sim ');
    expect(press('ca')).toBe('cat ');
    expect(press('nope')).toBe('nope');
  });

  it("completes the workstation's files as a program's operands and after a redirection", () => {
    expect(press('cat go')).toBe('cat go-api');
    expect(press('cat go-api')).toEqual(['go-api-service.yaml', 'go-api.yaml']);
    expect(press('grep -n image go-api.')).toBe('grep -n image go-api.yaml ');
    expect(press('kubectl get deploy go-api -o yaml > go-api-s')).toBe('kubectl get deploy go-api -o yaml > go-api-service.yaml ');
    expect(press('kubectl apply -f - < go-api.y')).toBe('kubectl apply -f - < go-api.yaml ');
    expect(press('cat -')).toBe('cat -');
  });

  it('completes kubectl verbs for kubectl and its alias k', () => {
    expect(press('kubectl ge')).toBe('kubectl get ');
    expect(press('k des')).toBe('k describe ');
    expect(press('kubectl ')).toEqual(kubectlCommands(cluster));
    expect(press('kubectl cor')).toBe('kubectl cordon ');
    expect(press('kubectl c')).toEqual(['certificate', 'cluster-info', 'completion', 'config', 'cordon', 'cp', 'create']);
    // cobra's ValidArgs: the shells, for the first positional only.
    expect(press('kubectl completion ')).toEqual(['bash', 'fish', 'powershell', 'zsh']);
    expect(press('kubectl completion z')).toBe('kubectl completion zsh ');
    expect(press('kubectl completion zsh ')).toBe('kubectl completion zsh ');
    // apply runs itself and has subcommands: each offers its own flags and their values.
    expect(press('kubectl apply ')).toEqual(['edit-last-applied', 'set-last-applied', 'view-last-applied']);
    expect(press('kubectl apply set-last-applied --cr')).toBe('kubectl apply set-last-applied --create-annotation ');
    expect(press('kubectl apply --cr')).toBe('kubectl apply --cr');
    expect(press('kubectl apply view-last-applied -o ')).toEqual(['json', 'yaml']);
  });

  it('completes resource types from discovery, plural and short names', () => {
    expect(press('kubectl get dep')).toBe('kubectl get deploy');
    expect(press('kubectl get deploy')).toEqual(['deploy', 'deployments']);
    expect(press('kubectl get svc')).toBe('kubectl get svc ');
    expect(press('kubectl describe no')).toEqual(['no', 'nodes']);
    expect(press('kubectl get pods,sv')).toBe('kubectl get pods,svc ');
    expect(press('kubectl get a')).toEqual(['all', 'apiservices']);
    expect(press('kubectl get al')).toBe('kubectl get all ');
    expect(press('kubectl describe al')).toBe('kubectl describe al');
  });

  it('completes object names of the typed resource in the right namespace', () => {
    expect(press('kubectl get deployments go')).toBe('kubectl get deployments go-api ');
    expect(press('kubectl get deploy/g')).toBe('kubectl get deploy/go-api ');
    // Three go-api Pods share their ReplicaSet's prefix: Tab extends to it, the next Tab lists them.
    const rsPrefix = goApiPod.slice(0, goApiPod.lastIndexOf('-') + 1);
    expect(press('kubectl describe pod go-')).toBe(`kubectl describe pod ${rsPrefix}`);
    expect(press(`kubectl describe pod ${rsPrefix}`)).toEqual(expect.arrayContaining([goApiPod]));
    // go-api lives in default: not offered in kube-system, and kube-system's Pods are not offered in default.
    expect(press('kubectl get pods -n kube-system go')).toBe('kubectl get pods -n kube-system go');
    expect(press('kubectl get pods cored')).toBe('kubectl get pods cored');
    expect(press('kubectl get pods -n kube-system cored')).toMatch(/^kubectl get pods -n kube-system coredns-\w+-$/);
    expect(press('kubectl --namespace=kube-system get po cored')).toMatch(/^kubectl --namespace=kube-system get po coredns-\w+-$/);
    expect(press('kubectl get pods -A cored')).toMatch(/^kubectl get pods -A coredns-\w+-$/);
    expect(press('kubectl get pods -Aw cored')).toMatch(/^kubectl get pods -Aw coredns-\w+-$/);
    expect(press('kubectl get nodes node-')).toEqual(['node-1', 'node-2', 'node-3']);
    // Names already on the line are not offered again.
    expect(press('kubectl get nodes node-1 node-2 node-')).toBe('kubectl get nodes node-1 node-2 node-3 ');
  });

  it('completes flags and their values', () => {
    expect(press('kubectl get pods --wat')).toBe('kubectl get pods --watch');
    expect(press('kubectl get pods --watch')).toEqual(['--watch', '--watch-only']);
    expect(press('kubectl get pods -o ya')).toBe('kubectl get pods -o yaml ');
    expect(press('kubectl get pods --output=js')).toBe('kubectl get pods --output=json');
    expect(press('kubectl get pods -n sh')).toBe('kubectl get pods -n shop ');
    expect(press('kubectl apply -f go')).toBe('kubectl apply -f go-api');
    expect(press('kubectl apply -f go-api')).toEqual(['go-api-service.yaml', 'go-api.yaml']);
    expect(press('kubectl apply -f go-api.')).toBe('kubectl apply -f go-api.yaml ');
    expect(press('kubectl wait --for=cond')).toBe('kubectl wait --for=condition=');
    expect(press('kubectl delete pod x --cascade=f')).toBe('kubectl delete pod x --cascade=foreground ');
  });

  it('never offers a deprecated flag (cobra hides --record), yet reads it as the bool it is', () => {
    expect(press('kubectl scale deployment go-api --re')).toEqual(['--replicas', '--request-timeout', '--resource-version']);
    expect(press('kubectl scale deployment go-api --rec')).toBe('kubectl scale deployment go-api --rec');
    expect(press('kubectl scale --record deployment go-')).toBe('kubectl scale --record deployment go-api ');
  });

  it('knows logs -f is --follow and completes pods, then containers', () => {
    expect(press(`kubectl logs -f ${goApiPod.slice(0, goApiPod.length - 2)}`)).toContain(goApiPod.slice(0, goApiPod.length - 2));
    expect(press(`kubectl logs ${goApiPod} `)).toBe(`kubectl logs ${goApiPod} api `);
    expect(press(`kubectl logs ${goApiPod} -c `)).toBe(`kubectl logs ${goApiPod} -c api `);
  });

  it('completes subcommands, then the resources they take', () => {
    expect(press('kubectl rollout st')).toBe('kubectl rollout status ');
    expect(press('kubectl rollout status dep')).toBe('kubectl rollout status deploy');
    expect(press('kubectl rollout status deployment/')).toBe('kubectl rollout status deployment/go-api ');
    expect(press('kubectl create d')).toBe('kubectl create deployment ');
    expect(press('kubectl drain ')).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
  });

  it("completes create token's ServiceAccount in the line's namespace, and no other generator's argument", () => {
    for (const line of ['kubectl create serviceaccount builder', 'kubectl create sa bot', 'kubectl create serviceaccount deployer -n shop']) expect(cluster.run(line).exitCode).toBe(0);
    expect(press('kubectl create token ')).toEqual(['bot', 'builder', 'default']);
    expect(press('kubectl create token bu')).toBe('kubectl create token builder ');
    expect(press('kubectl create token -n shop ')).toBe('kubectl create token -n shop de');
    expect(press('kubectl create token -n shop de')).toEqual(['default', 'deployer']);
    expect(press('kubectl -n shop create token dep')).toBe('kubectl -n shop create token deployer ');
    expect(press('kubectl create token --namespace=shop bu')).toBe('kubectl create token --namespace=shop bu');
    expect(press('kubectl create token --duration 10m bu')).toBe('kubectl create token --duration 10m builder ');
    // ResourceNameCompletionFunc completes the first argument only.
    expect(press('kubectl create token builder ')).toBe('kubectl create token builder ');
    // Upstream's other create generators have no ValidArgsFunction.
    expect(press('kubectl create serviceaccount bu')).toBe('kubectl create serviceaccount bu');
  });

  it('completes sim directives and their arguments', () => {
    expect(press('sim ')).toEqual(['advance', 'audit', 'controller', 'curl', 'etcd', 'fail', 'help', 'load', 'recover', 'ssh', 'status', 'topology', 'trace', 'why']);
    expect(press('sim tr')).toBe('sim trace ');
    expect(press('sim topology h')).toBe('sim topology ha ');
    expect(press('sim fail kube-s')).toBe('sim fail kube-scheduler ');
    expect(press('sim fail kubelet/')).toEqual(['kubelet/control-plane', 'kubelet/node-1', 'kubelet/node-2', 'kubelet/node-3']);
    expect(press('sim fail --l')).toBe('sim fail --list ');
    expect(press('sim recover network/node-2')).toBe('sim recover network/node-2 ');
    expect(press('sim recover network/control')).toBe('sim recover network/control');
    expect(press('sim why pod/go')).toBe(`sim why pod/${goApiPod.slice(0, goApiPod.lastIndexOf('-') + 1)}`);
    expect(press('sim fail latency/node-1 --d')).toBe('sim fail latency/node-1 --delay ');
    expect(press('sim curl go')).toBe('sim curl go-api ');
    expect(press('sim curl go-api --from node-3')).toBe('sim curl go-api --from node-3 ');
    expect(press('sim trace --la')).toBe('sim trace --last ');
  });

  it('completes in the middle of a line and leaves quoted words alone', () => {
    const line = 'kubectl get dep -o wide';
    const r = tab(line, 'kubectl get dep'.length, ctx);
    expect(r).toEqual({ kind: 'replace', from: 12, to: 15, text: 'deploy' });
    expect(completionsAt("kubectl get pods -l 'app", 24, ctx).candidates).toEqual([]);
    // No space is added before an existing one.
    expect(tab('kubectl ge pods', 10, ctx)).toEqual({ kind: 'replace', from: 8, to: 10, text: 'get' });
  });

  it('offers every fault target the worker reported, and only those', () => {
    const ha = testCluster({ topology: 'ha' });
    const haCtx = contextOf(ha, []);
    const listed = ha.run('sim fail --list').text.split('\n').slice(1).filter(Boolean).map((l) => l.split(/\s+/)[0]!).sort();
    expect(completionsAt('sim recover ', 12, haCtx).candidates).toEqual(listed);
    expect(completionsAt('sim fail kube-scheduler-', 24, haCtx).candidates).toEqual(['kube-scheduler-1', 'kube-scheduler-2', 'kube-scheduler-3']);
  });

  it('before the worker is ready, offers only the terminal’s own words', () => {
    const early: CompletionContext = { ...ctx, commands: undefined };
    expect(completionsAt('', 0, early).candidates).toEqual(['clear', 'help']);
    expect(completionsAt('kubectl ge', 10, early).candidates).toEqual([]);
  });

  it("completes kubectl cp's first operand as POD: or NAMESPACE/ (cp.go), then files", () => {
    const pods = [...cluster.objects.values()].filter((o) => o.kind === 'Pod' && o.metadata.namespace === 'default').map((o) => `${o.metadata.name!}:`);
    expect(completionsAt('kubectl cp go-api-', 18, ctx).candidates).toEqual(pods.filter((p) => p.startsWith('go-api-')).sort());
    expect(press('kubectl cp sh')).toBe('kubectl cp shop/');
    expect(press(`kubectl cp ${goApiPod}`)).toBe(`kubectl cp ${goApiPod}:`);
    expect(completionsAt('kubectl cp kube-system/etcd', 27, ctx).candidates).toEqual(['kube-system/etcd-control-plane:']);
    expect(press(`kubectl cp ${goApiPod}:/etc/hostname go-api.y`)).toBe(`kubectl cp ${goApiPod}:/etc/hostname go-api.yaml `);
    expect(press('kubectl cp -n kube-system etcd')).toBe('kubectl cp -n kube-system etcd-control-plane:');
    expect(press('kubectl cp ./go')).toBe('kubectl cp ./go');
    expect(press('kubectl cp go-api.y')).toBe('kubectl cp go-api.yaml ');
    expect(press(`kubectl cp ${goApiPod}:/e`)).toBe(`kubectl cp ${goApiPod}:/e`);
  });

  it("completes names in the kubeconfig context's namespace when -n is not given", () => {
    const inSystem: CompletionContext = { ...ctx, namespace: 'kube-system' };
    expect(tab('kubectl logs etcd', 17, inSystem)).toEqual({ kind: 'replace', from: 13, to: 17, text: 'etcd-control-plane ' });
    expect(tab('kubectl logs etcd', 17, ctx)).toEqual({ kind: 'none' });
    // -n still wins.
    const inDefault = completionsAt('kubectl get pods -n default go', 30, inSystem).candidates;
    expect(inDefault).toContain(goApiPod);
    expect(inDefault).toEqual(completionsAt('kubectl get pods go', 19, ctx).candidates);
  });

  it('completes after sleep (sim advance) and the k alias with the same table', () => {
    expect(press('sleep ')).toBe('sleep ');
    expect(press('k get deploy/g')).toBe('k get deploy/go-api ');
  });

  it('lays candidates out in columns', () => {
    expect(formatCandidates(['a', 'bb', 'ccc', 'd'], 12)).toBe('a    ccc\nbb   d\n');
    expect(formatCandidates(['one', 'two'], 3)).toBe('one\ntwo\n');
  });
});
