/**
 * `kubectl cluster-info dump` through the real Session, against what kubectl v1.35.2 printed for
 * the same cluster through `npm run serve` (seed 1): the Nodes, then kube-system's and the
 * context namespace's seven lists, each namespace's container logs framed by START/END lines;
 * the same documents once key order and resourceVersions are set aside (nested keys are the one
 * approximation: cluster-info-dump.ts).
 */
import { describe, expect, it } from 'vitest';
import { Session } from '../session';
import { sessionRunner } from '../testing';

const LISTS = ['EventList', 'ReplicationControllerList', 'ServiceList', 'DaemonSetList', 'DeploymentList', 'ReplicaSetList', 'PodList'];

/** The dump cut into its JSON documents (their kinds) and its other lines. */
function pieces(text: string): { kinds: string[]; docs: Record<string, unknown>[]; lines: string[] } {
  const docs: Record<string, unknown>[] = [];
  const lines: string[] = [];
  let at = 0;
  while (at < text.length) {
    if (text.startsWith('{\n', at)) {
      const end = text.indexOf('\n}\n', at) + 3;
      docs.push(JSON.parse(text.slice(at, end)) as Record<string, unknown>);
      at = end;
    } else {
      const end = text.indexOf('\n', at) + 1;
      lines.push(text.slice(at, end - 1));
      at = end;
    }
  }
  return { kinds: docs.map((d) => d['kind'] as string), docs, lines };
}

describe('kubectl cluster-info dump', () => {
  it('writes the Nodes, then kube-system and default list by list, each followed by its containers’ logs', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const r = run('kubectl cluster-info dump');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const { kinds, docs, lines } = pieces(r.out);
    expect(kinds).toEqual(['NodeList', ...LISTS, ...LISTS]);
    // Typed lists: the list's own resourceVersion, items without TypeMeta, no managedFields.
    const nodes = docs[0] as { apiVersion: string; metadata: { resourceVersion: string }; items: Record<string, unknown>[] };
    expect(nodes.apiVersion).toBe('v1');
    expect(nodes.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(nodes.items.map((n) => (n['metadata'] as { name: string }).name)).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    expect(nodes.items.every((n) => !('kind' in n) && !('apiVersion' in n))).toBe(true);
    expect(r.out).not.toContain('managedFields');
    expect(r.out.startsWith('{\n    "kind": "NodeList",\n    "apiVersion": "v1",\n    "metadata": {\n        "resourceVersion": ')).toBe(true);
    expect(docs[5]).toMatchObject({ kind: 'DeploymentList', apiVersion: 'apps/v1' });
    // kube-system's Pods' logs come between its PodList and default's EventList, one frame per container.
    expect(lines[0]).toMatch(/^==== START logs for container coredns of pod kube-system\/coredns-[a-z0-9]+-[a-z0-9]{5} ====$/);
    expect(lines).toContain('==== START logs for container etcd of pod kube-system/etcd-control-plane ====');
    expect(lines.at(-1)).toBe('==== END logs for container kube-scheduler of pod kube-system/kube-scheduler-control-plane ====');
    expect(lines.filter((l) => l.startsWith('==== START')).length).toBe(lines.filter((l) => l.startsWith('==== END')).length);
  });

  it('frames a waiting container’s refused log request as rest.Result words it, and dumps the namespaces asked for', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    run('kubectl run bad --image=nginx:nope');
    run('kubectl run ok --image=busybox -- sh -c "echo hello; sleep 3600"');
    run('sim advance 20s');
    const r = run('kubectl cluster-info dump --namespaces default');
    const { kinds, lines } = pieces(r.out);
    expect(kinds).toEqual(['NodeList', ...LISTS]);
    expect(lines).toEqual([
      '==== START logs for container bad of pod default/bad ====',
      'Request log error: the server rejected our request for an unknown reason (get pods bad)',
      '==== END logs for container bad of pod default/bad ====',
      '==== START logs for container ok of pod default/ok ====',
      'hello',
      '==== END logs for container ok of pod default/ok ====',
    ]);
  });

  it('builds the directory tree of --output-directory and says where', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    const r = run('kubectl cluster-info dump --output-directory=state');
    expect(r).toEqual({ out: 'Cluster info dumped to state\n', err: '', code: 0 });
    expect(run('ls state state/default').out).toBe('state:\ndefault\nkube-system\nnodes.json\n\nstate/default:\ndaemonsets.json\ndeployments.json\nevents.json\npods.json\nreplicasets.json\nreplication-controllers.json\nservices.json\n');
    expect(run('head -1 state/kube-system/etcd-control-plane/logs.txt').out).toBe('==== START logs for container etcd of pod kube-system/etcd-control-plane ====\n');
    expect(run('kubectl cluster-info dump -o yaml --output-directory=y -A').out).toBe('Cluster info dumped to y\n');
    expect(run('ls y').out).toBe('default\nkube-node-lease\nkube-public\nkube-system\nnodes.yaml\n');
  });

  it('prints the other formats over the list objects, and refuses what cannot print a list', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    expect(run('kubectl cluster-info dump -o yaml').out.startsWith('apiVersion: v1\nitems:\n- metadata:\n')).toBe(true);
    expect(run(`kubectl cluster-info dump --namespaces default -o 'jsonpath={.kind}{"\\n"}'`).out).toBe(`NodeList\n${LISTS.join('\n')}\n`);
    expect(run('kubectl cluster-info dump -o name')).toEqual({ out: '', err: 'error: list types are not supported by name printing: *v1.NodeList\n', code: 1 });
    expect(run('kubectl cluster-info dump -o wide').err).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml\n',
    );
  });

  it('asks no discovery: an unreachable server is one refusal, without memcache.go lines', () => {
    const run = sessionRunner(new Session({ seed: 1 }));
    run('sim fail kube-apiserver');
    expect(run('kubectl cluster-info dump')).toEqual({ out: '', err: 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n', code: 1 });
  });
});
