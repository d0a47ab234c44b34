/**
 * What a mysql client and a mysqld exchange on one connection (the classic protocol reduced to
 * its meaning): the login (user, password, default database) and the statements sent in turn,
 * then the server's handshake facts and each statement's result — rows, an OK packet, or an ERR
 * packet with its code, SQLSTATE and text. Types only; the server is mysql-serve.ts, the client
 * mysql-client.ts.
 */

/** The client's side: its login, then the statements it sends, each as typed (no delimiter). */
export interface MysqlRequest {
  user: string;
  /** Undefined: no password sent (`using password: NO`). */
  password?: string;
  db?: string;
  statements: string[];
  /** A clone's request (xtrabackup-tools.ts ncat): the server sends its databases' files instead. */
  dump?: true;
}

/** An ERR packet: `ERROR code (state): message` as the client prints it. */
export interface MysqlError {
  code: number;
  state: string;
  message: string;
}

/** One cell: text as the server sends it, null for SQL NULL. */
export type MysqlCell = string | null;

export interface MysqlColumn {
  name: string;
  /** A number type: mysql right-aligns it in its tables. */
  numeric: boolean;
  /** NOT NULL: the table column is not widened to `NULL`'s 4. */
  notNull: boolean;
}

export type MysqlResult =
  | { k: 'rows'; columns: MysqlColumn[]; rows: MysqlCell[][]; sec: string }
  /** An OK packet; `info` the server's message (`Records: 2  Duplicates: 0  Warnings: 0`). */
  | { k: 'ok'; affected: number; info?: string; warnings: number; sec: string }
  | { k: 'error'; error: MysqlError };

/** The server's answer to a connection: refused at login, or the session's results in order (the first error ends them). */
export type MysqlReply =
  | { k: 'denied'; error: MysqlError }
  | { k: 'session'; version: string; comment: string; connectionId: number; results: MysqlResult[]; db?: string; files?: { path: string; content: string }[] };

/** What the wire brought back from `host:port`. */
export type MysqlWire = { kind: 'refused' } | { kind: 'timeout' } | { kind: 'not-mysql' } | { kind: 'reply'; reply: MysqlReply };

/** Where a client's connection got: the name did not resolve (`timeout`: no DNS answer), or what the wire brought back. */
export type MysqlDial = MysqlWire | { kind: 'unresolved'; ms: number; timeout?: true };

/** A mysqld's own mutable part (plain data: the container is snapshotted with it). */
export interface MysqlServerState {
  connections: number;
}
