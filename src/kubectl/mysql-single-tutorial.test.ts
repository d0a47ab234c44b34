/**
 * kubernetes.io's "Run a Single-Instance Stateful Application" through the whole engine: the
 * manifests (k8s/docs-examples-mysql.ts), mysql:9 on a hostPath PV, then the page's `kubectl run
 * -it --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h mysql -ppassword` — the mysql
 * client as PID 1 of the Pod, its prompt on the attached terminal (engine/images/mysql-client*.ts),
 * mysqld answering through the headless Service (mysql-serve.ts, mysql-exec.ts).
 *
 * Expected texts: the welcome as a published `mysql -u root -p` on mysql:9.0.1 prints it (the
 * year is 9.4's release, 2025); result tables, `N rows in set`, `Query OK`, `Records:` and
 * `Database changed` as client/mysql.cc prints them; ERROR 1049/1064/1045 from
 * share/messages_to_clients.txt; 2005/2003 from libmysql/errmsg.cc.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { text } from './attach.testing';
import { docsExample } from '../k8s/docs-examples';
import { Simulation } from '../engine/index';

beforeAll(() => loadKubectlChunks());

const URL = 'https://k8s.io/examples/application/mysql';
let booted: Session | undefined;

/** The page's two applies on a one-worker cluster (the PV's hostPath is that node's), the server up. */
function terminal(): Session {
  if (!booted) {
    booted = new Session({ seed: 3 });
    booted.run('sim topology basic --nodes 1');
    booted.run(`kubectl apply -f ${URL}/mysql-pv.yaml`);
    booted.run(`kubectl apply -f ${URL}/mysql-deployment.yaml`);
    booted.run('kubectl rollout status deployment/mysql --timeout=2m');
    booted.run('sim advance 15s');
  }
  return new Session({ seed: 3, interactive: true, simulation: Simulation.fromSnapshot(booted.sim.snapshot()) });
}

const out = (s: Session, line: string): string => s.run(line).output.map((o) => o.text).join('');
const CLIENT = 'kubectl run -it --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h mysql -ppassword';

const WELCOME = [
  'mysql: [Warning] Using a password on the command line interface can be insecure.',
  'Welcome to the MySQL monitor.  Commands end with ; or \\g.',
  'Your MySQL connection id is 8',
  'Server version: 9.4.0 MySQL Community Server - GPL',
  '',
  'Copyright (c) 2000, 2025, Oracle and/or its affiliates.',
  '',
  'Oracle is a registered trademark of Oracle Corporation and/or its',
  'affiliates. Other names may be trademarks of their respective',
  'owners.',
  '',
  "Type 'help;' or '\\h' for help. Type '\\c' to clear the current input statement.",
  '',
  '',
].join('\n');

describe('Run a Single-Instance Stateful Application', () => {
  it('serves the two manifests byte for byte; the PV, claim and Deployment come up as the page shows', () => {
    const s = terminal();
    expect(out(s, `curl -sL ${URL}/mysql-pv.yaml`)).toBe(docsExample('application/mysql/mysql-pv.yaml'));
    expect(out(s, `curl -sL ${URL}/mysql-deployment.yaml`)).toBe(docsExample('application/mysql/mysql-deployment.yaml'));
    const describe = out(s, 'kubectl describe deployment mysql');
    expect(describe).toContain('StrategyType:       Recreate\n');
    expect(describe).toMatch(/ {4}Image: +mysql:9\n/);
    expect(describe).toMatch(/MYSQL_ROOT_PASSWORD: +password\n/);
    expect(out(s, 'kubectl get pods -l app=mysql')).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nmysql-[a-z0-9]+-[a-z0-9]{5} +1\/1 +Running +0 +/);
    const pvc = out(s, 'kubectl describe pvc mysql-pv-claim');
    expect(pvc).toContain('Status:        Bound\nVolume:        mysql-pv-volume\n');
    expect(pvc).toContain('Capacity:      20Gi\nAccess Modes:  RWO\n');
  });

  it("kubectl run -it … mysql -h mysql -ppassword: the client's welcome and its prompt on the terminal; SQL as mysql prints it; exit says Bye and --rm deletes the Pod", () => {
    const s = terminal();
    const start = s.run(CLIENT);
    expect(text(start)).toBe(`All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n${WELCOME}`);
    expect(start.attached).toMatchObject({ prompt: 'mysql> ', raw: true });
    expect(text(s.run('SHOW DATABASES;'))).toBe('+--------------------+\n| Database           |\n+--------------------+\n| information_schema |\n| mysql              |\n| performance_schema |\n| sys                |\n+--------------------+\n4 rows in set (0.00 sec)\n\n');
    expect(text(s.run('CREATE DATABASE test;'))).toBe('Query OK, 1 row affected (0.01 sec)\n\n');
    expect(text(s.run('USE test'))).toBe('Database changed\n');
    // An unfinished statement: the continuation prompt until its `;`.
    expect(s.run('CREATE TABLE messages (id INT AUTO_INCREMENT PRIMARY KEY,').attached?.prompt).toBe('    -> ');
    expect(text(s.run('message VARCHAR(250));'))).toBe('Query OK, 0 rows affected (0.02 sec)\n\n');
    expect(text(s.run("INSERT INTO messages (message) VALUES ('hello'), ('world');"))).toBe('Query OK, 2 rows affected (0.01 sec)\nRecords: 2  Duplicates: 0  Warnings: 0\n\n');
    expect(text(s.run('SELECT * FROM messages;'))).toBe('+----+---------+\n| id | message |\n+----+---------+\n|  1 | hello   |\n|  2 | world   |\n+----+---------+\n2 rows in set (0.00 sec)\n\n');
    expect(text(s.run("SELECT message FROM messages WHERE id = 2;"))).toBe('+---------+\n| message |\n+---------+\n| world   |\n+---------+\n1 row in set (0.00 sec)\n\n');
    expect(text(s.run('SELECT COUNT(*), @@server_id, VERSION() FROM messages;'))).toBe('+----------+-------------+-----------+\n| COUNT(*) | @@server_id | VERSION() |\n+----------+-------------+-----------+\n|        2 |           1 | 9.4.0     |\n+----------+-------------+-----------+\n1 row in set (0.00 sec)\n\n');
    expect(text(s.run("SELECT * FROM messages WHERE message = 'nobody';"))).toBe('Empty set (0.00 sec)\n\n');
    expect(text(s.run('USE nope'))).toBe("ERROR 1049 (42000): Unknown database 'nope'\n");
    expect(text(s.run('SELEC 1;'))).toBe("ERROR 1064 (42000): You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'SELEC 1' at line 1\n");
    expect(text(s.run('SELECT nope FROM messages;'))).toBe("ERROR 1054 (42S22): Unknown column 'nope' in 'field list'\n");
    expect(text(s.run('CREATE DATABASE test;'))).toBe("ERROR 1007 (HY000): Can't create database 'test'; database exists\n");
    const exit = s.run('exit');
    expect(text(exit)).toBe("Bye\nSession ended, resume using 'kubectl attach mysql-client -c mysql-client -n default -i -t' command\npod \"mysql-client\" deleted from default namespace\n");
    expect(exit.attached).toBeUndefined();
    expect(exit.exitCode).toBe(0);
    // The database is the server's: its directory and table file on the volume, mysql's.
    expect(out(s, 'kubectl exec deploy/mysql -- ls -ln /var/lib/mysql/test')).toMatch(/^total \d+\n-rw-r--r-- 1 999 999 +\d+ .* messages\.ibd\n$/);
  });

  it('-e runs in batch mode: tab-separated without a terminal, a table with one; the data outlives the Pod on the same volume', () => {
    const s = terminal();
    s.run('kubectl exec deploy/mysql -- mysql -ppassword -e "CREATE DATABASE shop; CREATE TABLE shop.items (name VARCHAR(20), qty INT); INSERT INTO shop.items VALUES (\'pen\', 3)"');
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -ppassword -e "SELECT * FROM shop.items"')).toBe('mysql: [Warning] Using a password on the command line interface can be insecure.\nname\tqty\npen\t3\n');
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -ppassword -N -e "SELECT qty FROM shop.items"')).toBe('mysql: [Warning] Using a password on the command line interface can be insecure.\n3\n');
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -ppassword -t -e "SELECT * FROM shop.items"')).toBe('mysql: [Warning] Using a password on the command line interface can be insecure.\n+------+------+\n| name | qty  |\n+------+------+\n| pen  |    3 |\n+------+------+\n');
    expect(s.run('kubectl exec deploy/mysql -- mysql -ppassword -e "SELECT * FROM shop.nothing"')).toMatchObject({ exitCode: 1 });
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -ppassword -e "SELECT * FROM shop.nothing"')).toContain("ERROR 1146 (42S02) at line 1: Table 'shop.nothing' doesn't exist\n");
    s.run('kubectl delete pod -l app=mysql');
    s.run('kubectl rollout status deployment/mysql --timeout=2m');
    s.run('sim advance 5s');
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -ppassword -e "SELECT * FROM shop.items"')).toBe('mysql: [Warning] Using a password on the command line interface can be insecure.\nname\tqty\npen\t3\n');
  });

  it("a client that cannot get in: an unknown host, a wrong password, no server on the port", () => {
    const s = terminal();
    const unknown = s.run('kubectl run -it --rm --image=mysql:9 --restart=Never mysql-client -- mysql -h nope -ppassword');
    expect(text(unknown)).toContain("mysql: [Warning] Using a password on the command line interface can be insecure.\nERROR 2005 (HY000): Unknown MySQL server host 'nope' (-2)\n");
    expect(unknown.exitCode).toBe(1);
    expect(unknown.attached).toBeUndefined();
    const ip = out(s, "kubectl get pods -l app=mysql -o jsonpath='{.items[0].status.podIP}'");
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -h mysql -pwrong -e "SELECT 1"')).toBe(`mysql: [Warning] Using a password on the command line interface can be insecure.\nERROR 1045 (28000): Access denied for user 'root'@'${ip}' (using password: YES)\ncommand terminated with exit code 1\n`);
    expect(out(s, 'kubectl exec deploy/mysql -- mysql -h 127.0.0.1 -P 3307 -e "SELECT 1"')).toBe("ERROR 2003 (HY000): Can't connect to MySQL server on '127.0.0.1:3307' (111)\ncommand terminated with exit code 1\n");
  });

  it("the page's delete steps remove the Deployment, Service, claim and volume", () => {
    const s = terminal();
    expect(out(s, 'kubectl delete deployment,svc mysql')).toBe('deployment.apps "mysql" deleted from default namespace\nservice "mysql" deleted from default namespace\n');
    expect(out(s, 'kubectl delete pvc mysql-pv-claim')).toBe('persistentvolumeclaim "mysql-pv-claim" deleted from default namespace\n');
    expect(out(s, 'kubectl delete pv mysql-pv-volume')).toBe('persistentvolume "mysql-pv-volume" deleted\n');
  });
});
