/**
 * The PHP Guestbook tutorial's images (engine/images/guestbook-*.ts, redis-repl*.ts) through the whole engine: replication between the 2.8
 * leader and the 6.2 followers over the cluster network (redis-repl.ts), READONLY, INFO
 * replication, a lost master, and guestbook.php's set/get round trip through both Services
 * (guestbook-php.ts). Log lines from replication.c of 2.8.19 and 6.2.16.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKubectlChunks } from './chunks';
import { Session } from './session';
import { sessionRunner } from './testing';

beforeAll(() => loadKubectlChunks());

const URL = 'https://k8s.io/examples/application/guestbook';

function guestbook(): ReturnType<typeof sessionRunner> {
  const run = sessionRunner(new Session({ seed: 3 }));
  for (const f of ['redis-leader-deployment', 'redis-leader-service', 'redis-follower-deployment', 'redis-follower-service', 'frontend-deployment', 'frontend-service']) {
    expect(run(`kubectl apply -f ${URL}/${f}.yaml`).code).toBe(0);
  }
  run('sim advance 40s');
  return run;
}

const podOf = (run: ReturnType<typeof sessionRunner>, role: string, i = 0): string => run(`kubectl get pods -l role=${role} -o jsonpath='{.items[${i}].metadata.name}'`).out;
/** What curl printed, without port-forward's `Handling connection` lines from the background job. */
const curl = (r: { out: string }): string => r.out.replace(/^Handling connection for \d+\n/gm, '');
const body = (line: string): string => line.replace(/^\d+:[A-Z] \d\d \w+ \d{4} [\d:.]+ |^\[\d+\] \d\d \w+ [\d:.]+ /, '');

describe('the guestbook tutorial', () => {
  let run: ReturnType<typeof sessionRunner>;
  let leader: string;
  let follower: string;
  beforeAll(() => {
    run = guestbook();
    leader = podOf(run, 'leader');
    follower = podOf(run, 'follower');
  });

  it('each follower dials redis-leader through the Service and full-syncs with the 2.8 leader', () => {
    const f = run(`kubectl logs ${follower}`).out.trim().split('\n').map(body);
    // Applied together, a follower may be up before the leader: it retries every second until it is.
    expect(f.slice(f.lastIndexOf('* Connecting to MASTER redis-leader:6379'))).toEqual([
      '* Connecting to MASTER redis-leader:6379',
      '* MASTER <-> REPLICA sync started',
      '* Non blocking connect for SYNC fired the event.',
      '* Master replied to PING, replication can continue...',
      '* (Non critical) Master does not understand REPLCONF capa: -ERR Unrecognized REPLCONF option: capa',
      '* Partial resynchronization not possible (no cached master)',
      expect.stringMatching(/^\* Full resync from master: [0-9a-f]{40}:[01]$/),
      '* MASTER <-> REPLICA sync: receiving 18 bytes from master to disk',
      '* MASTER <-> REPLICA sync: Flushing old data',
      '* MASTER <-> REPLICA sync: Loading DB in memory',
      '* MASTER <-> REPLICA sync: Finished with success',
    ]);
    const ip = run(`kubectl get pod ${follower} -o jsonpath='{.status.podIP}'`).out;
    const l = run(`kubectl logs ${leader}`).out.split('\n').map(body);
    expect(l).toContain(`* Slave ${ip}:6379 asks for synchronization`);
    expect(l).toContain(`* Synchronization with slave ${ip}:6379 succeeded`);
    expect(run(`kubectl exec ${leader} -- redis-cli info replication`).out).toMatch(/^# Replication\r\nrole:master\r\nconnected_slaves:2\r\nslave0:ip=10\.244\.\d+\.\d+,port=6379,state=online,offset=\d+,lag=0\r\n/);
  });

  it('a write on the leader is on every follower at once; a follower refuses writes', () => {
    expect(run(`kubectl exec ${leader} -- redis-cli set k v1`).out).toBe('OK\n');
    expect(run(`kubectl exec ${follower} -- redis-cli get k`).out).toBe('v1\n');
    expect(run(`kubectl exec ${podOf(run, 'follower', 1)} -- redis-cli get k`).out).toBe('v1\n');
    expect(run(`kubectl exec ${follower} -- redis-cli set k v2`).out).toMatch(/^READONLY You can't write against a read only replica\.\n/);
    const info = run(`kubectl exec ${follower} -- redis-cli info replication`).out;
    expect(info).toMatch(/^# Replication\r\nrole:slave\r\nmaster_host:redis-leader\r\nmaster_port:6379\r\nmaster_link_status:up\r\n/);
  });

  it('guestbook.php writes through redis-leader and reads through redis-follower, from the laptop and from a Pod', () => {
    run('kubectl port-forward svc/frontend 8080:80 &');
    expect(curl(run('curl -s localhost:8080'))).toMatch(/^<html ng-app="redis">\n {2}<head>\n {4}<title>Guestbook<\/title>/);
    expect(curl(run("curl -s 'localhost:8080/guestbook.php?cmd=set&value=hi,there+you'"))).toBe('{"message": "Updated"}');
    expect(curl(run("curl -s 'localhost:8080/guestbook.php?cmd=get'"))).toBe('{"data": "hi,there you"}');
    expect(run(`kubectl exec ${follower} -- redis-cli get guestbook`).out).toBe('hi,there you\n');
    run('kubectl run client --image=busybox:1.36 --restart=Never -- sleep 3600');
    run('kubectl wait --for=condition=Ready pod/client --timeout=1m');
    expect(run("kubectl exec client -- wget -qO- 'http://frontend/guestbook.php?cmd=get'").out).toBe('{"data": "hi,there you"}');
    expect(curl(run('curl -s localhost:8080/nope'))).toContain('<address>Apache/2.4.38 (Debian) Server at localhost Port 8080</address>');
  });

  it('the leader gone, a follower loses the link, reconnects and full-syncs with the new leader', () => {
    run(`kubectl delete pod ${leader}`);
    run('sim advance 30s');
    const f = run(`kubectl logs ${follower}`).out.trim().split('\n').map(body);
    const lost = f.indexOf('# Connection with master lost.');
    expect(lost).toBeGreaterThan(0);
    expect(f[lost + 1]).toBe('* Caching the disconnected master state.');
    expect(f.slice(lost)).toContain('* Discarding previously cached master state.');
    expect(f.slice(lost).some((l) => l.startsWith('* Trying a partial resynchronization (request '))).toBe(true);
    expect(f[f.length - 1]).toBe('* MASTER <-> REPLICA sync: Finished with success');
    // The new leader started empty: the followers now hold what it holds.
    expect(run(`kubectl exec ${follower} -- redis-cli get guestbook`).out).toBe('\n');
  });
});
