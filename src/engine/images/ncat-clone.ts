/**
 * nmap's ncat as clone-mysql runs it: `ncat --recv-only mysql-N.mysql 3307 | xbstream -x -C
 * /var/lib/mysql` copies the previous Pod's databases into the new replica's empty volume.
 * `--recv-only HOST PORT` prints what the peer sends; the peer's sidecar would run `xtrabackup
 * --backup --stream=xbstream` for it. `--listen` is the sidecar's server (xtrabackup-tools.ts).
 *
 * Approximate: the stream is not xbstream's binary chunks but `XBSTCK01 PATH LENGTH` headers
 * before each file's text, read from the peer's mysqld (its databases' directories and table
 * files, mysql-serve.ts dumpFiles) rather than produced by xtrabackup on 3307; no
 * xtrabackup_binlog_info is sent (the sidecar then starts no replication: the primary's later
 * writes reach the replica by mysql-serve.ts's copy). Ncat's errors are its usual two lines.
 */
import type { NetTool } from './net-tools';
import type { ToolResult } from './tool-types';

/** The chunk header xbstream's format starts each chunk with (XBSTCK01), here before each file. */
export const XBSTREAM_MAGIC = 'XBSTCK01';

export const ncatTool: NetTool = (args, env, net): ToolResult => {
  const words = args.filter((a) => !a.startsWith('-'));
  const host = words[0];
  if (!args.includes('--recv-only') || host === undefined) {
    env.io.err(`ncat: ${args.join(' ')}: not simulated in this classroom\n`);
    return { status: 2 };
  }
  const wire = net.mysql ? net.mysql(host, 3306, { user: 'root', statements: [], dump: true }) : { kind: 'refused' as const };
  switch (wire.kind) {
    case 'unresolved':
      env.io.err(`Ncat: Could not resolve hostname "${host}": Name or service not known. QUITTING.\n`);
      return { status: 2, ms: wire.ms };
    case 'refused':
    case 'not-mysql':
      env.io.err('Ncat: Connection refused.\n');
      return { status: 1, ms: 1 };
    case 'timeout':
      env.io.err('Ncat: TIMEOUT.\n');
      return { status: 1, ms: 10_000 };
    case 'reply': {
      const files = wire.reply.k === 'session' ? (wire.reply.files ?? []) : [];
      env.io.out(files.map((f) => `${XBSTREAM_MAGIC} ${f.path} ${f.content.length}\n${f.content}`).join(''));
      return { status: 0, ms: 50 };
    }
  }
};

/** xbstream -x's reading of such a stream: each file's path (a trailing `/`: a directory) and text. */
export function readStream(text: string): { path: string; content?: string }[] {
  const out: { path: string; content?: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    if (nl < 0) break;
    const m = new RegExp(`^${XBSTREAM_MAGIC} (\\S+) (\\d+)$`).exec(text.slice(i, nl));
    if (!m) break;
    const len = Number(m[2]);
    const content = text.slice(nl + 1, nl + 1 + len);
    out.push(m[1]!.endsWith('/') ? { path: m[1]!.slice(0, -1) } : { path: m[1]!, content });
    i = nl + 1 + len;
  }
  return out;
}
