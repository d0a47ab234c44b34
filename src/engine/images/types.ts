/**
 * The contract between the node agents (kubelet + container runtime) and the applications that
 * run inside containers. The runtime owns one ProcessState per running container and asks this
 * model what the process does; the model is pure data + functions so the World stays cloneable.
 *
 * Owned by src/engine/images (catalog.ts, process.ts, shell.ts); consumed by src/engine/node and
 * src/engine/kubelet.
 *
 * Over 400 lines: declarations only, no code — the whole contract in one place, so both sides
 * read the same file when it changes.
 */
import type { ScreenFrame } from '../../k8s/procps-watch-screen';
import type { MysqlRequest, MysqlWire } from './mysql-wire';
import type { FollowRef } from './follow';
import type { MachineFacts } from './sysinfo';
import type { Probe } from '../../k8s/types';
import type { WorldPace } from './machine';
import type { BaseFs, MountedVolume } from './fs';
import type { NetNs } from './netns-types';
import type { Reply } from './redis-reply';
import type { ZkReply, ZkRequest } from './zookeeper-server';

export interface ImageInfo {
  /** Normalised reference: `docker.io/library/nginx:1.27`, `registry.example.com/go-api:v1.0.0`. */
  ref: string;
  /** False when the registry does not have this image (ErrImagePull). */
  exists: boolean;
  /** The CRI error text for a failed pull (`rpc error: code = NotFound desc = failed to pull and unpack image ...`). */
  pullError?: string;
  sizeBytes: number;
  /** `sha256:<64 hex>`, stable per ref. */
  digest: string;
  /** Size unpacked on the node's disk (sizeBytes is containerd's compressed content size). */
  unpackedSizeBytes?: number;
  /**
   * Set when the kubelet cannot parse the reference (waiting reason InvalidImageName). The
   * kubelet's event reads `Failed to apply default image tag "<image>": <invalidReason>`.
   */
  invalidReason?: string;
}

/**
 * A Pod's user namespace (KEP-127): container ids 0…65535 are host ids hostId…hostId+65535, a
 * range of 65536 the kubelet allocated to the Pod; `inode` is the namespace's (readlink
 * /proc/self/ns/user).
 */
export interface UserNamespace {
  hostId: number;
  inode: number;
}

export interface ProcessInput {
  image: ImageInfo;
  /** The Pod's DNS domain (a subdomain's: `zk-hs.default.svc.cluster.local`): /etc/hosts names `hostname.hostDomain` first. */
  hostDomain?: string;
  command?: string[];
  args?: string[];
  env: Record<string, string>;
  /** Memory limit in bytes, if the container has one. */
  memoryLimitBytes?: number;
  /** CPU limit in millicores, if the container has one: what its served requests may burn (resources.ts chargeRequest). */
  cpuLimitMillicores?: number;
  /** Container ports declared in the spec (name → number) for named probe ports. */
  ports: Record<string, number>;
  /** Simulated ms when the process started. */
  startedAt: number;
  /** How many times this container has been restarted before (some apps behave differently). */
  restartCount: number;
  /** A number drawn from the world's PRNG for this start, so app jitter stays deterministic. */
  seed: number;
  /** The Pod IP (apps print it, e.g. httpd's AH00558); defaults to 127.0.0.1. */
  podIP?: string;
  /** The container's hostname (the Pod name); defaults to env HOSTNAME, then `localhost`. */
  hostname?: string;
  /** The Pod's namespace (for /etc/resolv.conf and the service account namespace file). */
  namespace?: string;
  /** Cluster DNS as the node reaches it when the container starts (setClusterDns updates it). */
  dns?: ClusterDns;
  /** The container's volumeMounts: mountPath → the volume's layer (shared by reference). */
  mounts?: Record<string, MountedVolume>;
  /** The runtime holds the container's stdin open (spec `stdin: true`): a shell reading it waits for input. */
  stdinOpen?: boolean;
  /** The container has a terminal (spec `tty: true`): its PID 1 holds pts/0 (`ps`). */
  tty?: boolean;
  /** The Pod's own user namespace (`hostUsers: false`): /proc/self/uid_map and ns/user show it. */
  userns?: UserNamespace;
  /**
   * In the Pod's shared PID namespace (shareProcessNamespace), what the container's PIDs are
   * shifted by: its process n is PID pidBase + n to every container of the Pod, and to itself.
   */
  pidBase?: number;
  /** securityContext.runAsUser: the uid its processes run as (`ps`), instead of the image's USER. */
  runAsUser?: number;
  /** securityContext.runAsGroup: the primary gid. */
  runAsGroup?: number;
  /** fsGroup and supplementalGroups: added to the process's groups. */
  supplementalGroups?: number[];
  /** What the securityContext asks of the runtime beyond ids: /proc/PID/status's capabilities, NoNewPrivs, Seccomp; Strict groups. */
  security?: ContainerSecurity;
  /** The node's files when the container started, for a hostPath mount of its `/` read by the process itself. */
  hostFiles?: Record<string, string>;
  /**
   * The Pod's network namespace when the container started, for `ip` in the container's own
   * command (`kubectl run -it --image=busybox -- ip addr`); an exec or attach hands in the live one.
   * Set only for images that have `ip`.
   */
  netns?: NetNs;
  /**
   * A container the runtime wakes for its network steps (processNetAt, runWithNetwork): its own
   * `wget http://web` waits for that instead of running ahead without the cluster.
   */
  clusterNet?: true;
  /**
   * The node's resources when the container started (sysinfo.ts): what /proc/meminfo, free, nproc
   * and df show inside it; an exec or attach hands in the live ones (NetworkView.machine).
   */
  machine?: MachineFacts;
  /** resources.requests.cpu in millicores (the cgroup's cpu.weight); unset: none. */
  cpuRequestMillicores?: number;
}

/**
 * `StartError` (exit code 128): the runtime could not exec the entrypoint (`executable file not
 * found in $PATH`); `message` then holds containerd's text for the container status.
 */
export type ExitReason = 'Completed' | 'Error' | 'OOMKilled' | 'StartError';

export interface ProcessExit {
  at: number;
  exitCode: number;
  reason: ExitReason;
  /** Container status message (StartError only). */
  message?: string;
}

/**
 * `errored`: the probe could not be run at all (unknown named port, exec binary missing); the
 * kubelet then records `<Probe> probe errored: <message>` instead of `... probe failed: ...`.
 */
export type ProbeOutcome = { ok: true } | { ok: false; message: string; errored?: boolean };

export interface HttpAnswer {
  status: number;
  body: string;
  /** The app accepted the connection but never answers (deadlock): a client times out. status is 0. */
  hang?: true;
  /** A TCP-only server closed the connection on an HTTP request (`EOF`). status is 0. */
  closed?: true;
  /** The response as the server framed it (status line and headers): unset, a plain HTTP/1.1 app. */
  head?: HttpHead;
  /** A plain app's Content-Type header (`text/html`); unset where `head` carries the headers. */
  contentType?: string;
  /** The TLS handshake failed, so no request was sent (status is 0): what the client saw. */
  tlsFailure?: TlsFailure;
  /** How long the app took to answer (a client with a shorter deadline gives up first). */
  delayMs?: number;
  /** The app answered over TLS after a handshake the client accepted. */
  tls?: true;
  /** A loopback listener bound to 127.0.0.1 alone (a node's kubelet healthz): ::1 is refused. */
  ipv4Only?: true;
}

/** A response's status line and headers, in the order the server wrote them. */
export interface HttpHead {
  /** `HTTP/2` has no reason phrase (curl prints `HTTP/2 403 `). */
  version: 'HTTP/1.0' | 'HTTP/1.1' | 'HTTP/2';
  reason: string;
  headers: [string, string][];
}

/**
 * One request a client in a container sends (curl, wget): what reaches the server beyond the
 * address. `tls` is set for an `https://` URL: the client's handshake settings.
 */
export interface HttpRequest {
  method: string;
  /** The request target: path and query. */
  path: string;
  headers: [string, string][];
  body?: string;
  tls?: TlsClient;
  /**
   * The client dials `localhost` at ::1 first (curl 8.5 and later: hostip.c get_localhost puts
   * ::1 before 127.0.0.1), and the servers modelled listen there too: the server sees ::1.
   */
  loopbackIpv6?: true;
}

export interface TlsClient {
  /** The name the certificate must carry (the URL's host): a DNS name or an IPv4 address. */
  serverName: string;
  /** `-k`/`--insecure`, or a client that checks nothing (BusyBox wget). */
  insecure: boolean;
  /** `--cacert`: the CA bundle's PEM text, which replaces the system store; unset: the system store. */
  caBundle?: string;
  /** ALPN offers h2 (curl does unless `--http1.1`): a Go server then answers over HTTP/2. */
  h2?: boolean;
  /** A client certificate the cluster CA signed (kube-apiserver's apiserver-kubelet-client): its subject. */
  certificate?: { commonName: string; organizations: string[] };
  /** `curl --cert FILE`: the client certificate's PEM as the file holds it (the server decides whom it names). */
  certificatePem?: string;
}

/**
 * Why a handshake failed, as the client learns it: the server spoke no TLS (`not-tls`), its
 * certificate chains to no trusted CA (the chain it sent ends in a self-signed CA, or not), or
 * names another host.
 */
export type TlsFailure = { kind: 'not-tls' } | { kind: 'unknown-issuer' } | { kind: 'self-signed-in-chain' } | { kind: 'name-mismatch'; ipv4: boolean; detail?: string };

export interface LogLine {
  at: number;
  stream: 'stdout' | 'stderr';
  text: string;
  /** A P record of the CRI log (src/k8s/cri-log.ts): printed without a newline. */
  partial?: true;
}

export interface ExecChunk {
  stream: 'stdout' | 'stderr';
  text: string;
  /**
   * The simulated moment the process wrote it (absent: when the command returned). A client
   * shows it then: a command printing a line a second shows a line a second.
   */
  at?: number;
  /** A full-screen program's screen on the terminal (a node's `watch`), `text` empty: the whole screen from `at`. */
  screen?: ScreenFrame;
}

export interface ExecResult {
  exitCode: number;
  /** Combined stdout+stderr, as an exec probe's failure message quotes it. */
  output: string;
  /** The same output as written, chunk by chunk, with the stream of each (kubectl cp reads a tar archive from stdout alone). */
  streams?: ExecChunk[];
  /**
   * The runtime could not start the command at all (`executable file not found in $PATH`, container
   * stopped): `output` is the OCI error, exitCode 126. kubectl reports it as an error, not an exit code.
   */
  notStarted?: true;
  /** How long the command ran (simulated ms; Infinity when it never returns). */
  durationMs?: number;
  /**
   * The command had not ended when the exec returned: it waits on something that never comes
   * (`sleep infinity`, `tail -f`, a read from a terminal) or spins. `exitCode` (137) and
   * `durationMs` (Infinity) then only say so to an exec probe (it times out); an exec's client
   * keeps the stream open instead (kubelet/server-api.ts ExecOutcome `running`).
   */
  running?: true;
  /** The command's `tail -f` writes to the stream: the file it follows, read on with readFollowed (follow.ts). */
  follow?: FollowRef;
  /** A line typed at an interactive shell (ExecSession.shell): its PID, its directory now, and whether the line ended it. */
  shell?: TtyShellState;
  /** `vi` on the exec's terminal opened the page's editor (`open`), or the editor's save came back (`saved`): tools-vi.ts. */
  editor?: ViOutcome;
}

/** The file `vi` opened in a container, as init_text_buffer read it (tools-vi.ts). */
export interface ViOpen {
  /** FILE as typed (what vi's status lines name); absent for `vi` alone. */
  file?: string;
  /** Its full path in the container. */
  path?: string;
  /** The buffer: the file's text, or one empty line for a file that is not there. */
  text: string;
  exists: boolean;
  /** `-R`, or a file access(W_OK) refuses (a read-only mount): `[Readonly]`, and ZZ refuses to write. */
  readOnly: boolean;
  /** The bottom line vi shows: `- FILE 1/3 33%`, or a message (`'/tmp' is not a regular file`). */
  status: string;
}

/** The page editor's Save of a file `vi` opened: the buffer, sent back over the exec stream (ExecSession.viSave). */
export interface ViSave {
  open: ViOpen;
  buffer: string;
}

/** What vi did with a save: wrote it (or had nothing to write), or refused with the status line it shows. */
export interface ViSaved {
  written: boolean;
  status?: string;
}

export type ViOutcome = { k: 'open'; open: ViOpen } | { k: 'saved'; saved: ViSaved };

/** An interactive shell after a line typed at it (tty-shell.ts). */
export interface TtyShellState {
  pid: number;
  cwd: string;
  ended: boolean;
  /** Its PS1 as it prints it before the next line (src/k8s/shell-prompt.ts); absent once it ended. */
  prompt?: string;
  /**
   * A program of the line reads the terminal with its own line editor (redis-cli at its prompt,
   * tool-types.ts LineReader): the terminal is in raw mode, `prompt` is that program's, and the
   * next line is its input — sent as typed, Ctrl+C and Ctrl+D as their bytes (`\x03`, `\x04`).
   */
  raw?: true;
}

export type { Probe };

/**
 * What one kube-dns endpoint does with a query the node's rule DNATs to it: a CoreDNS listens on
 * 53 there (`serving`); a ready sandbox holds the address but nothing listens on 53/UDP, so that
 * Pod's kernel answers ICMP port unreachable (`closed`: the client's socket gets ECONNREFUSED);
 * or no sandbox holds the address any more (`gone`: a stale rule, the packet goes nowhere).
 */
export type DnsEndpointState = 'serving' | 'closed' | 'gone';

/**
 * Where a query to the resolv.conf nameserver goes after the node's kube-proxy rules: DNAT'ed to
 * one of `endpoints` (the rule's random pick); REJECTed at once because kube-dns has no ready
 * endpoint (KUBE-SERVICES' "has no endpoints" rule: ICMP port unreachable, ECONNREFUSED); or, with
 * no rule for the address at all, out of the default route where nothing answers.
 */
export type DnsRoute = { kind: 'dnat'; endpoints: DnsEndpointState[] } | { kind: 'reject' } | { kind: 'unrouted' };

/**
 * Cluster DNS as a Pod's resolver reaches it, published by its node (setClusterDns): where a
 * query to the resolv.conf nameserver lands after the node's kube-proxy rules, and what CoreDNS
 * answers there. Plain data, so it lives in the process state.
 */
export interface ClusterDns {
  /** resolv.conf's `nameserver`: kube-dns's ClusterIP, the kubelet's clusterDNS. */
  nameserver: string;
  route: DnsRoute;
  /**
   * What CoreDNS's kubernetes plugin serves: FQDN → A records (a Service's ClusterIP, a headless
   * Service's ready endpoint IPs). Other cluster.local names are NXDOMAIN.
   */
  records: Record<string, string[]>;
}

/** An ICMP echo reply as ping reads it: the round trip (ms, fractional) and the IP TTL it arrived with. */
export interface EchoReply {
  rttMs: number;
  ttl: number;
}

/**
 * What `kubectl exec` commands can reach over the Pod network (optional; supplied by whoever runs
 * the exec). Without it, in-cluster names do not resolve and only the container's own ports and a
 * few public test hosts (info.cern.ch, example.com) answer.
 */
/**
 * One redis-cli connection's commands sent to a server (AUTH and SELECT first when it sends
 * them): the replies in order, or what came back instead — `not-redis` when something else
 * listens there (`first`: the first byte it answered, '' when it closed the connection).
 */
export type RedisWire = { kind: 'replies'; replies: Reply[] } | { kind: 'not-redis'; first: string } | { kind: 'refused' } | { kind: 'timeout' };

/** The Pod's other containers, on the network namespace they share with this one. */
export interface PodLoopback {
  /**
   * A request to `localhost:port`: the first of them listening there answers; undefined = refused.
   * `ip`: the address dialled (127.0.0.1, ::1 or the namespace's own), for a listener bound to one.
   */
  http(port: number, req: HttpRequest, ip?: string): HttpAnswer | 'hang' | undefined;
  /** redis-cli's commands to `localhost:port` (a redis sidecar). */
  redis?(port: number, commands: string[][]): RedisWire;
  /** A mysql client's connection to `localhost:port` (mysqld in a sibling container). */
  mysql?(port: number, req: MysqlRequest): MysqlWire;
  /** Whether one of them accepts connections on `port` (dialled at `ip`, as for `http`). */
  connect(port: number, ip?: string): boolean;
}

export interface NetworkView {
  /** Cluster DNS as the Pod resolves `name` (search path applied); undefined = NXDOMAIN. */
  resolve?(name: string): { fqdn: string; ips: string[] } | undefined;
  /**
   * One HTTP request from this Pod; undefined = connection refused, 'timeout' = the SYN went
   * unanswered, 'hang' = connected and no reply. `req` carries the method, headers and TLS
   * settings (unset: a plain GET of `path`).
   */
  http?(ip: string, port: number, path: string, req?: HttpRequest): HttpAnswer | 'timeout' | 'hang' | undefined;
  /**
   * A TCP handshake alone from this Pod (`nc -z`, telnet): 'open', 'refused' (a RST, or kube-proxy's
   * REJECT for a Service without endpoints) or 'timeout' (nothing answers the SYN). No request is sent.
   */
  connect?(ip: string, port: number): 'open' | 'refused' | 'timeout';
  /** redis-cli's commands on one connection to `ip:port`, through the same path as `http`. */
  redis?(ip: string, port: number, commands: string[][]): RedisWire;
  /** A mysql client's connection to `ip:port` (mysql-serve.ts), through the same path as `http`. */
  mysql?(ip: string, port: number, req: MysqlRequest): MysqlWire;
  /** One connection to a ZooKeeper server at `ip:port` (zookeeper-server.ts), through the same path as `http`. */
  zk?(ip: string, port: number, req: ZkRequest): ZkReply;
  /** What the Pod's other containers answer on its shared loopback (node/pod-loopback.ts). */
  loopback?: PodLoopback;
  /** One ICMP echo request from this Pod: the reply's round trip and TTL, or undefined when none comes back. */
  ping?(ip: string, seq: number): EchoReply | undefined;
  /** Whether the Pod's NetworkPolicy egress rules let a packet out to `ip:port` (absent: always). */
  egress?(ip: string, port: number, protocol: 'TCP' | 'UDP' | 'ICMP'): boolean;
  /** Whether a DNS query pinned to the `endpoint`-th kube-dns endpoint passes the policy rules. */
  dnsReachable?(endpoint: number): boolean;
  /** A DNS query went to the `endpoint`-th kube-dns endpoint through the node's DNAT (conntrack's UDP entry), answered or not. */
  dnsSent?(endpoint: number, replied: boolean): void;
  /** The etcd cluster's client port, for `etcdctl` in the etcd static Pod (etcd/client-view.ts). */
  etcd?: EtcdClientView;
  /** The node the Pod runs on, as an exec or attach reaches it (hostPath mounts, `chroot`). */
  host?: HostView;
  /** The Pod's network namespace as `ip` reads it (node/netns.ts), built when asked. */
  netns?(): NetNs;
  /** The node's resources now (node/machine-facts.ts), for /proc/meminfo, free and df. */
  machine?: MachineFacts;
}

/**
 * The node under a container: its files (what a hostPath mount shows beneath what Pods wrote) and
 * its own shell, which `chroot` into a mount of the node's `/` runs (node-shell/host-view.ts).
 */
export interface HostView {
  root: BaseFs;
  /**
   * The node's program `argv` (its `/bin/sh -c LINE`, or PROG) with the caller's environment and
   * stdin, started in the node's `/` (chroot changes to the new root) at simulated `at`: what it
   * wrote, each chunk when, and how long it ran (`running`: it had not ended). `pace`: the
   * caller's line waits for the World, and so do the program's steps.
   */
  run(argv: string[], env: Record<string, string>, stdin: string, at: number, pace?: WorldPace): { exitCode: number; output: ExecChunk[]; durationMs?: number; running?: true };
  /** Whether the node has the program (a tool of its shell's PATH, or a path to one). */
  has(program: string): boolean;
}

/** One member as the Cluster.MemberList RPC returns it; `id` in hex. */
export interface EtcdMemberView {
  id: string;
  name: string;
  peerURLs: string[];
  clientURLs: string[];
  isLearner: boolean;
}

/** A member's Maintenance.Status answer. Sizes in bytes; `leader` is the leader's id (hex, '0' for none). */
export interface EtcdStatusView {
  id: string;
  version: string;
  storageVersion: string;
  dbSize: number;
  dbSizeInUse: number;
  quota: number;
  leader: string;
  isLearner: boolean;
  raftTerm: number;
  raftIndex: number;
  raftAppliedIndex: number;
  errors: string[];
}

export interface EtcdKeyValue {
  key: string;
  /** The stored bytes as text (see client-view.ts for the encoding). */
  value: string;
  modRevision: number;
}

/**
 * What an etcd client reaches from inside the etcd static Pod (host network): each member's
 * client URL. Methods that take a member id answer as that member would; the caller first asks
 * `memberAt` whether anything serves an address.
 */
export interface EtcdClientView {
  /** The member serving `host:port` (`127.0.0.1:2379` is the Pod's own), or undefined: connection refused. */
  memberAt(hostPort: string): string | undefined;
  clusterId: string;
  memberList(): EtcdMemberView[];
  status(memberId: string): EtcdStatusView;
  /**
   * How long a linearizable request takes at that member (µs), or undefined when it cannot
   * complete (no leader: it waits out the command timeout).
   */
  linearizableMicros(memberId: string): number | undefined;
  /** A range read: the exact key, or every key starting with it. */
  range(memberId: string, key: string, prefix: boolean): { revision: number; kvs: EtcdKeyValue[] };
  /** Streams a snapshot that etcdctl writes at `path`. */
  snapshot(memberId: string, path: string): { bytes: number; tookMicros: number; version: string };
}

/**
 * A container's securityContext as CRI's LinuxContainerSecurityContext carries it to the runtime
 * (the kubelet's determineEffectiveSecurityContext): what /proc/PID/status shows and whom the
 * image's /etc/group may add to the process's groups.
 */
export interface ContainerSecurity {
  /** The Pod's supplementalGroupsPolicy: Strict: the image's /etc/group memberships are not merged. */
  strictGroups?: true;
  /** capabilities.add and .drop as written (`NET_ADMIN`, `CAP_SYS_TIME`, `ALL`). */
  capAdd?: readonly string[];
  capDrop?: readonly string[];
  /** privileged: every capability. */
  privileged?: true;
  /** allowPrivilegeEscalation: false (and not privileged nor CAP_SYS_ADMIN): no_new_privs. */
  noNewPrivs?: true;
  /** seccompProfile.type RuntimeDefault or Localhost (the container's over the Pod's): a filter. */
  seccomp?: true;
}
