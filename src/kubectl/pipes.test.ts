import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { splitPipeline } from '../k8s/script';
import { Session } from './session';
import { streamText } from './testing';

const out = streamText;

function withDeployment(): Session {
  const s = new Session();
  s.run('kubectl create deployment web --image=busybox:1.36 --replicas=3 -- sleep 3600');
  s.run('sim advance 20s');
  return s;
}

beforeAll(() => loadKubectlChunks());

describe('pipelines in the command language', () => {
  it('splits at unquoted single pipes only', () => {
    expect(splitPipeline(`kubectl get pods | grep 'a|b' | wc -l`)).toEqual({ ok: true, stages: ['kubectl get pods', "grep 'a|b'", 'wc -l'] });
    expect(splitPipeline('kubectl get pods -o "jsonpath={.a}|x" || true')).toEqual({ ok: true, stages: ['kubectl get pods -o "jsonpath={.a}|x" || true'] });
    expect(splitPipeline('kubectl get pods |')).toEqual({ ok: false, message: "syntax error near unexpected token `|'" });
  });

  it('feeds each stage the stdout of the one before, through the image shell filters', () => {
    const s = withDeployment();
    expect(out(s.run('kubectl get pods -o name | wc -l'))).toBe('3\n');
    expect(out(s.run("kubectl get pods | awk '{print $3}' | sort | uniq"))).toBe('Running\nSTATUS\n');
    expect(out(s.run('kubectl get pods -o name | head -n 1')).trim()).toMatch(/^pod\/web-/);
    const events = s.run('kubectl describe deployment web | grep -A3 Events');
    expect(out(events).split('\n')[0]).toBe('Events:');
    expect(out(events)).toContain('Scaled up replica set');
  });

  it('runs the GNU filters as a Debian terminal does: cut lists, sort -r, head -n, en_US collation, option errors', () => {
    const s = withDeployment();
    const names = out(s.run('kubectl get pods -o name | cut -d/ -f2')).split('\n').filter(Boolean);
    expect(names).toHaveLength(3);
    const sorted = [...names].sort().reverse();
    expect(out(s.run('kubectl get pods -o name | cut -d/ -f2 | sort -r | head -n 2'))).toBe(`${sorted[0]}\n${sorted[1]}\n`);
    expect(out(s.run('kubectl get pods --no-headers | cut -c1-3 | uniq -c'))).toBe('      3 web\n');
    // en_US.UTF-8 collation sorts the header among the rows (api < NAME < web), not first as LC_ALL=C would.
    s.run('kubectl create deployment api --image=busybox:1.36 -- sleep 3600');
    s.run('sim advance 20s');
    const table = out(s.run("kubectl get pods | awk '{print $1}' | sort | cut -c1-4")).split('\n');
    expect(table.indexOf('NAME')).toBe(1);
    expect(out(s.run('kubectl get --raw /api/v1 | head -c 20'))).toBe('{"kind":"APIResource');
    const bad = s.run('kubectl get pods | head -c');
    expect([out(bad, 'stderr'), bad.exitCode]).toEqual(["head: option requires an argument -- 'c'\nTry 'head --help' for more information.\n", 1]);
  });

  it("exits with the last stage's status, and every stage's stderr reaches the terminal", () => {
    const s = withDeployment();
    const none = s.run('kubectl get pods | grep nothing-matches');
    expect([out(none), none.exitCode]).toEqual(['', 1]);
    const missing = s.run('kubectl get pod nope | wc -l');
    expect(missing.exitCode).toBe(0);
    expect(out(missing, 'stderr')).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(out(missing)).toBe('0\n');
    const unknown = s.run('kubectl get pods | less');
    expect(unknown.exitCode).toBe(127);
    expect(out(unknown, 'stderr')).toMatch(/^less: command not found/);
  });

  it('minikube is not here: its not-found says where a NodePort answers instead', () => {
    const r = new Session().run('curl http://"$(minikube ip):30080"');
    expect(out(r, 'stderr')).toContain("minikube: command not found (no minikube here: the cluster is already running; a NodePort answers on every node's InternalIP, which `kubectl get nodes -o wide` lists)\n");
    expect(out(r, 'stderr')).toContain('curl: (3) URL using bad/illegal format or missing URL');
  });

  it('pipes into kubectl: `-f -` reads the previous stage', () => {
    const s = new Session();
    s.run('kubectl create configmap settings --from-literal=mode=fast');
    const r = s.run('kubectl get configmap settings -o yaml | kubectl apply -f -');
    expect(r.exitCode).toBe(0);
    expect(out(r)).toBe('configmap/settings configured\n');
  });

  it('a Ctrl+C stops the pipeline: filters see what the watch wrote, and the status is 130', () => {
    const s = withDeployment();
    const at = s.sim.now + 5000;
    const r = s.run('kubectl get pods -w | grep -c web', undefined, { interruptAt: at });
    expect(r.exitCode).toBe(130);
    expect(out(r)).toBe('3\n');
  });
});

describe('kubectl create deployment NAME -- COMMAND', () => {
  it('takes the words after -- as the container command (NameFromCommandArgs counts only those before)', () => {
    const s = new Session();
    expect(out(s.run('kubectl create deployment web --image=busybox -- sleep 3600'))).toBe('deployment.apps/web created\n');
    expect(out(s.run('kubectl get deployment web -o jsonpath={.spec.template.spec.containers[0].command}'))).toBe('["sleep","3600"]');
    const two = s.run('kubectl create deployment w2 --image=a --image=b -- sleep 1');
    expect([out(two, 'stderr'), two.exitCode]).toEqual(['error: cannot specify multiple --image options and command\n', 1]);
    expect(out(s.run('kubectl create deployment w3 extra --image=a'), 'stderr')).toMatch(/^error: exactly one NAME is required, got 2\n/);
  });
});

describe('kubectl create secret and the RBAC generators', () => {
  it('base64-encodes literal, file and docker-registry values client-side', () => {
    const s = new Session({ files: { 'app.env': '# settings\nMODE=fast\n\nLEVEL=3\n' } });
    expect(out(s.run("kubectl create secret generic db --from-literal=user=admin --from-literal=password='s3cr=t'"))).toBe('secret/db created\n');
    expect(out(s.run('kubectl get secret db -o jsonpath={.data}'))).toBe('{"password":"czNjcj10","user":"YWRtaW4="}');
    expect(out(s.run('kubectl create secret generic envs --from-env-file=app.env -o jsonpath={.data}'))).toBe('{"LEVEL":"Mw==","MODE":"ZmFzdA=="}');
    // The bytes the real kubectl v1.32 writes for the same flags.
    s.run('kubectl create secret docker-registry regcred --docker-username=jane --docker-password=pw --docker-email=j@example.com');
    expect(out(s.run('kubectl get secret regcred -o jsonpath={.type}'))).toBe('kubernetes.io/dockerconfigjson');
    expect(out(s.run("kubectl get secret regcred -o jsonpath='{.data.\\.dockerconfigjson}'"))).toBe(
      'eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJqYW5lIiwicGFzc3dvcmQiOiJwdyIsImVtYWlsIjoiakBleGFtcGxlLmNvbSIsImF1dGgiOiJhbUZ1WlRwd2R3PT0ifX19',
    );
  });

  it("answers kubectl's validation errors and wraps a failed Create", () => {
    const s = new Session();
    const err = (line: string): string => out(s.run(line), 'stderr');
    s.run('kubectl create secret generic db --from-literal=a=b');
    expect(err('kubectl create secret generic db --from-literal=a=c')).toBe('error: failed to create secret secrets "db" already exists\n');
    expect(err('kubectl create secret generic x --from-literal=a=1 --from-literal=a=2')).toBe('error: cannot add key a, another key by that name already exists\n');
    expect(err('kubectl create secret generic x --from-env-file=a --from-literal=a=1')).toBe('error: from-env-file cannot be combined with from-file or from-literal\n');
    expect(err('kubectl create secret tls t')).toBe('error: key and cert must be specified\n');
    expect(err('kubectl create secret opaque x')).toBe('error: unknown command "opaque x"\nSee \'kubectl create secret -h\' for help and examples\n');
    expect(err('kubectl create secret')).toMatch(/^Create a secret with specified type\.\n/);
    // Global flags before the type, as cobra reads them.
    expect(out(s.run('kubectl -n kube-system create secret generic g --from-literal=k=v'))).toBe('secret/g created\n');
  });

  it('validates the RBAC generators, then creates the objects', () => {
    const s = new Session();
    const r = s.run('kubectl create role pod-reader --verb=get --resource=pods');
    expect([out(r, 'stdout'), r.exitCode]).toEqual(['role.rbac.authorization.k8s.io/pod-reader created\n', 0]);
    expect(out(s.run('kubectl create role pod-reader --resource=pods'), 'stderr')).toBe('error: at least one verb must be specified\n');
    expect(out(s.run('kubectl create role x --verb=frob --resource=pods --dry-run=client'), 'stderr')).toBe("Warning: 'frob' is not a standard resource verb\n");
    expect(out(s.run('kubectl create role x --verb=bind --resource=pods'), 'stderr')).toBe("error: can not perform 'bind' on 'pods' in group ''\n");
    expect(out(s.run('kubectl create rolebinding b --user=jane'), 'stderr')).toBe('error: exactly one of clusterrole or role must be specified\n');
    expect(out(s.run('kubectl create rolebinding b --role=r --serviceaccount=robot'), 'stderr')).toBe('error: serviceaccount must be <namespace>:<name>\n');
    // cluster-admin may `bind` anything, so the role is not looked up (jane's 404 is in rbac.test.ts).
    expect(out(s.run('kubectl create rolebinding dangling --role=missing --user=jane'), 'stdout')).toBe('rolebinding.rbac.authorization.k8s.io/dangling created\n');
    const yaml = out(s.run('kubectl create rolebinding b --clusterrole=view --user=jane --group=devs --serviceaccount=default:robot -n default --dry-run=client -o yaml'), 'stdout');
    expect(yaml).toBe(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: b\n  namespace: default\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: view\nsubjects:\n- apiGroup: rbac.authorization.k8s.io\n  kind: User\n  name: jane\n- apiGroup: rbac.authorization.k8s.io\n  kind: Group\n  name: devs\n- kind: ServiceAccount\n  name: robot\n  namespace: default\n',
    );
    expect(out(s.run('kubectl create clusterrolebinding b --clusterrole=view --user=jane'), 'stdout')).toBe('clusterrolebinding.rbac.authorization.k8s.io/b created\n');
  });
});
