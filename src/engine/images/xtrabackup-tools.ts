/**
 * The replicated MySQL tutorial's helper programs: mysqladmin's `ping` (the mysql container's
 * liveness probe), and in the xtrabackup image nmap's ncat, Percona's xbstream and xtrabackup
 * as the Pod's scripts use them.
 *
 * - `mysqladmin ping`: `mysqld is alive` and status 0 while the container's mysqld accepts
 *   connections; else its connect error (client/mysqladmin.cc) and status 1;
 * - `ncat --listen … PORT -c CMD` (the sidecar's last step): a server on PORT that runs CMD for
 *   each peer — here a TCP listener, what a clone would connect to;
 * - `xbstream -x -C DIR` unpacks what `ncat --recv-only HOST PORT` (ncat-clone.ts) received:
 *   the previous Pod's databases; `xtrabackup --prepare` then succeeds.
 *
 * Approximate: the stream is ncat-clone.ts's text, not xbstream's chunks; the new replica's
 * mysqld still initialises its own system schemas (no `mysql/` is cloned) and gets the
 * primary's writes from then on (mysql-serve.ts's replication as a copy of each statement);
 * mysqladmin's other commands are not simulated.
 */
import type { Outcome, ProgramContext } from './programs';
import { tcpServer } from './catalog-data';
import { listensOn } from './app';
import { readStream } from './ncat-clone';

const MiB = 1024 * 1024;

export function mysqladmin(argv: string[], pc: ProgramContext): Outcome {
  const words = argv.slice(1).filter((a) => !a.startsWith('-'));
  if (words[0] !== 'ping') {
    pc.io.err(`mysqladmin: ${words[0] ?? ''}: not simulated in this classroom\n`);
    return { k: 'done', status: 1 };
  }
  if (pc.apps.some((a) => a.name === 'mysqld' && listensOn(a, 3306, pc.clock))) {
    pc.io.out('mysqld is alive\n');
    return { k: 'done', status: 0, ms: 2 };
  }
  pc.io.err("mysqladmin: connect to server at 'localhost' failed\nerror: 'Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)'\nCheck that mysqld is running and that the socket: '/var/run/mysqld/mysqld.sock' exists!\n");
  return { k: 'done', status: 1, ms: 2 };
}

export function ncat(argv: string[], pc: ProgramContext): Outcome {
  const args = argv.slice(1);
  if (args.includes('--listen') || args.includes('-l')) {
    const port = Number(args.find((a) => /^\d+$/.test(a)) ?? 31337);
    return { k: 'app', start: { name: 'ncat', version: pc.version, argv, style: 'silent', behaviour: { kind: 'serve', server: tcpServer(port, 2 * MiB, 'silent', 5) } } };
  }
  return { k: 'done', status: 0, ms: 20 };
}

/** `xbstream -x -C DIR`: the stream on its stdin unpacked under DIR, as root (ncat-clone.ts's format). */
export function xbstream(argv: string[], pc: ProgramContext): Outcome {
  const c = argv.indexOf('-C');
  const dir = c >= 0 ? (argv[c + 1] ?? '.') : (pc.cwd ?? '/');
  if (!argv.includes('-x')) {
    pc.io.err(`xbstream: ${argv.slice(1).join(' ')}: not simulated in this classroom\n`);
    return { k: 'done', status: 1 };
  }
  for (const f of readStream(pc.io.stdin)) pc.write?.(`${dir}/${f.path}`, f.content, [0, 0]);
  return { k: 'done', status: 0, ms: 5 };
}

export function xtrabackup(argv: string[], pc: ProgramContext): Outcome {
  if (!argv.includes('--prepare')) {
    pc.io.err(`xtrabackup: ${argv.slice(1).join(' ')}: not simulated in this classroom\n`);
    return { k: 'done', status: 1 };
  }
  return { k: 'done', status: 0, ms: 200 };
}
