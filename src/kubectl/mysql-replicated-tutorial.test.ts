/**
 * kubernetes.io's "Run a Replicated Stateful Application" through the whole engine: the
 * ConfigMap, Services and StatefulSet (k8s/docs-examples-mysql.ts) on mysql:5.7 and
 * gcr.io/google-samples/xtrabackup:1.0 (xtrabackup-image.ts), init-mysql's real bash script, the
 * primary's writes reaching the replicas (mysql-serve.ts: replication as a copy of each write),
 * mysql-read spreading connections, and the page's failure experiments.
 *
 * Expected texts: the page's own (server-id 100 + ordinal, `hello`), ER_OPTION_PREVENTS_STATEMENT
 * (1290) from share/messages_to_clients.txt, the runtime's exec error for a missing program as
 * the exec probes report it elsewhere (probe.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

const URL = 'https://k8s.io/examples/application/mysql';
type Run = ReturnType<typeof sessionRunner>;

describe('Run a Replicated Stateful Application', () => {
  let run: Run;
  let watch: string;
  beforeAll(() => {
    run = sessionRunner(new Session({ seed: 2 }));
    for (const f of ['mysql-configmap', 'mysql-services', 'mysql-statefulset']) expect(run(`kubectl apply -f ${URL}/${f}.yaml`).code).toBe(0);
    watch = run('kubectl get pods -l app=mysql --watch --request-timeout=100s').out;
  });

  it('starts the Pods one at a time, each after the one before is Ready, all 2/2', () => {
    const ready = (pod: string): number => watch.split('\n').findIndex((l) => new RegExp(`^${pod} +2/2 +Running`).test(l));
    const created = (pod: string): number => watch.split('\n').findIndex((l) => l.startsWith(`${pod} `));
    expect(ready('mysql-0')).toBeGreaterThan(0);
    expect(created('mysql-1')).toBeGreaterThan(ready('mysql-0'));
    expect(created('mysql-2')).toBeGreaterThan(ready('mysql-1'));
    expect(watch).toMatch(/^mysql-1 +0\/2 +Init:1\/2 /m);
    expect(run('kubectl get pods -l app=mysql -o jsonpath=\'{range .items[*]}{.metadata.name} {.status.containerStatuses[*].ready}{"\\n"}{end}\'').out).toBe('mysql-0 true true\nmysql-1 true true\nmysql-2 true true\n');
  });

  it('init-mysql writes server-id 100 + ordinal and the primary or replica config; the servers report it', () => {
    expect(run('kubectl logs mysql-1 -c init-mysql').out).toBe("+ [[ mysql-1 =~ -([0-9]+)$ ]]\n+ ordinal=1\n+ echo '[mysqld]'\n+ echo server-id=101\n+ [[ 1 -eq 0 ]]\n+ cp /mnt/config-map/replica.cnf /mnt/conf.d/\n");
    expect(run('kubectl exec mysql-0 -c mysql -- ls /etc/mysql/conf.d').out).toBe('primary.cnf\nserver-id.cnf\n');
    for (const n of [0, 1, 2]) expect(run(`kubectl exec mysql-${n} -c mysql -- mysql -N -e "SELECT @@server_id"`).out).toBe(`${100 + n}\n`);
  });

  it("the page's client: writes on mysql-0.mysql reach every replica; mysql-read answers from any; a replica refuses writes", () => {
    const write = run('kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-0.mysql', "CREATE DATABASE test;\nCREATE TABLE test.messages (message VARCHAR(250));\nINSERT INTO test.messages VALUES ('hello');\n");
    expect(write.code).toBe(0);
    expect(run('kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-read -e "SELECT * FROM test.messages"').out).toBe('message\nhello\npod "mysql-client" deleted from default namespace\n');
    for (const n of [1, 2]) expect(run(`kubectl exec mysql-${n} -c mysql -- mysql -e "SELECT * FROM test.messages"`).out).toBe('message\nhello\n');
    const denied = run('kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-1.mysql -e "INSERT INTO test.messages VALUES (\'x\')"');
    expect(denied.out).toContain('ERROR 1290 (HY000) at line 1: The MySQL server is running with the --super-read-only option so it cannot execute this statement\n');
    const loop = run("kubectl run mysql-client-loop --image=mysql:5.7 -i --rm --restart=Never -- bash -c \"for i in 1 2 3 4 5 6 7 8; do mysql -N -h mysql-read -e 'SELECT @@server_id'; sleep 1; done\"").out;
    expect(new Set(loop.split('\n').filter((l) => /^10\d$/.test(l)))).toEqual(new Set(['100', '101', '102']));
  });

  it('moving /usr/bin/mysql away breaks the readiness probe (1/2), moving it back mends it; a deleted Pod comes back with its data', () => {
    run('kubectl exec mysql-2 -c mysql -- mv /usr/bin/mysql /usr/bin/mysql.off');
    // periodSeconds 2, failureThreshold 3: Not Ready after three failed probes.
    run('sim advance 10s');
    expect(run('kubectl get pod mysql-2').out).toMatch(/^mysql-2 +1\/2 +Running/m);
    expect(run('kubectl describe pod mysql-2').out).toContain('Readiness probe errored: rpc error: code = Unknown desc = failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: exec: "mysql": executable file not found in $PATH: unknown\n');
    run('kubectl exec mysql-2 -c mysql -- mv /usr/bin/mysql.off /usr/bin/mysql');
    run('sim advance 10s');
    expect(run('kubectl get pod mysql-2').out).toMatch(/^mysql-2 +2\/2 +Running/m);
    run('kubectl delete pod mysql-2');
    run('kubectl wait --for=condition=Ready pod/mysql-2 --timeout=2m');
    expect(run('kubectl exec mysql-2 -c mysql -- mysql -e "SELECT @@server_id, message FROM test.messages"').out).toBe('@@server_id\tmessage\n102\thello\n');
  });

  it('scales to 5 (server ids 103, 104), the new replicas cloned from the Pod before them, and back to 3; the claims stay', () => {
    run('kubectl scale statefulset mysql --replicas=5');
    run('kubectl rollout status statefulset/mysql --timeout=5m');
    expect(run('kubectl exec mysql-4 -c mysql -- mysql -N -e "SELECT @@server_id"').out).toBe('104\n');
    expect(run('kubectl logs mysql-3 -c clone-mysql').out).toContain('+ ncat --recv-only mysql-2.mysql 3307\n+ xbstream -x -C /var/lib/mysql\n+ xtrabackup --prepare --target-dir=/var/lib/mysql\n');
    expect(run('kubectl run mysql-client --image=mysql:5.7 -i --rm --restart=Never -- mysql -h mysql-3.mysql -e "SELECT * FROM test.messages"').out).toMatch(/^message\nhello\n/);
    run('kubectl scale statefulset mysql --replicas=3');
    expect(run("kubectl get pvc -l app=mysql -o jsonpath='{.items[*].metadata.name}'").out).toBe('data-mysql-0 data-mysql-1 data-mysql-2 data-mysql-3 data-mysql-4');
  });
});
