/**
 * The shape of the image catalog (catalog-data.ts). An image is a repository with tags; running
 * it runs its ENTRYPOINT/CMD, and every executable that matters is listed in `binaries` with what
 * it does when run. What an application does over time is a `Behaviour` — plain data, so a
 * running process can carry its behaviour inside the World.
 */
import type { BaseMeta } from './fs';
import type { EchoLayout } from './echoserver';

/** One HTTP answer. `delayMs` models a slow handler (probes time out when it exceeds timeoutSeconds). */
export interface Route {
  status: number;
  body: string;
  contentType?: string;
  delayMs?: number;
}

export type ListenProtocol = 'http' | 'https' | 'tcp' | 'grpc';

export interface ListenPort {
  port: number;
  /** `http` ports also accept plain TCP connects; `https` ones are HTTP behind TLS; `grpc` ports implement grpc.health.v1. */
  protocol: ListenProtocol;
}

/** Which startup/access log lines the program prints (see app-logs.ts). */
/**
 * `serve-hostname`: Go's log package, one `HTTP request from <ip>:<port>` line per request, no banner.
 * `hello-go`: udacity/ud615's hello service (services-images.ts): its three start-up lines from Go's log package.
 * `hello-app`: the GKE sample's Go log lines, `Server listening on port N` and one `Serving request: PATH` per request.
 * `bootcamp`: the Kubernetes Basics tutorial's server.js (node 6's console.log): a start line and a
 * blank line, then one `Running On: … | Total Requests: N | …` line per request.
 * `nginx-combined`: nginx built from source with its stock nginx.conf (nginx-slim): the `combined`
 * access log and error_log at its default `error` level, so no notices.
 */
export type LogStyle = 'nginx' | 'nginx-combined' | 'httpd' | 'apache2' | 'python-http' | 'redis' | 'go-slog' | 'agnhost' | 'serve-hostname' | 'hello-go' | 'hello-app' | 'bootcamp' | 'etcd' | 'coredns' | 'kube-proxy' | 'generic' | 'silent';

/** CPU use in millicores: `idleMillicores + millicoresPerRps × requests per second`. */
export interface LoadCurve {
  idleMillicores: number;
  millicoresPerRps: number;
}

export interface ServerSpec {
  /** `declared`: listen on whatever containerPorts the Pod declares (unknown images). */
  listen: ListenPort[] | 'declared';
  /** From exec to accepting connections. */
  startupMs: number;
  /** Exact-path routes; any other path gets `notFound`. */
  routes: Record<string, Route>;
  notFound: Route;
  logStyle: LogStyle;
  /** Resident memory once started. */
  memoryBytes: number;
  /** CPU it burns: an idle baseline plus a cost per request/s it serves (`sim load`); LOAD_DEFAULT when unset. */
  load?: LoadCurve;
  /**
   * Paths that answer 503 until `readyAfterMs` after start (warming caches). Connections are
   * accepted from `startupMs` on, so liveness passes while readiness does not.
   */
  warmup?: { paths: string[]; readyAfterMs: number; body: string };
  /**
   * What a docroot server answers for an existing directory that has no index file: nginx's 403
   * (`directory index of "…" is forbidden`, autoindex being off). Unset: `notFound`.
   */
  dirWithoutIndex?: Route;
  /**
   * How it frames a response head (`curl -i`, `curl -v`). `node`: Node.js's http module for a
   * handler that sets Content-Type and writes its body without a length — Content-Type, Date,
   * Connection: keep-alive, Transfer-Encoding: chunked (none on a HEAD, which has no body).
   * Unset: Content-Type and Content-Length.
   */
  framing?: 'node';
  /**
   * An `apache2` server's product tokens, as its Server header and AH00163 start-up line name
   * them (apache2-logs.ts). Unset: the guestbook's php:7.4-apache (Apache/2.4.38, PHP/7.4.33).
   */
  apache?: { server: string; php: string };
  /** Every request on its ports is answered from the request itself (dynamic-http.ts), not `routes`. */
  dynamic?: DynamicHandler;
}

/**
 * `echoserver`: registry.k8s.io/echoserver's page of the request it received, in its version's
 * layout (echoserver.ts). `proxy`: nginx's `location / { proxy_pass http://<upstream>; }` with
 * the upstream's one `server <host>:<port>` (a Service name the Pod's resolver looks up).
 */
export type DynamicHandler = { kind: 'echoserver'; layout: EchoLayout } | { kind: 'proxy'; upstream: string; host: string; port: number };

/**
 * What an application does. Every variant except `missing` is a running process; variants with a
 * `server` answer HTTP/TCP/gRPC on its ports once `server.startupMs` has passed.
 */
export type Behaviour =
  /** A healthy server: 200 on its routes, 404 elsewhere, runs until killed. */
  | { kind: 'serve'; server: ServerSpec }
  /** `agnhost webhook`: admission handlers behind TLS with the certificate in `certFile` (agnhost-webhook.ts). */
  | { kind: 'admission-webhook'; server: ServerSpec; certFile: string; sidecarImage: string }
  /** `path` answers 503 forever: Running, never Ready. */
  | { kind: 'never-ready'; server: ServerSpec; path: string; body: string }
  /** `path` answers 200 until `afterMs`, then 500 (agnhost `liveness`: `error: <seconds>`). */
  | { kind: 'liveness-failure'; server: ServerSpec; path: string; afterMs: number; failBody: 'agnhost-seconds' | string }
  /** After `afterMs` the server deadlocks: TCP connects succeed, HTTP requests never get an answer. */
  | { kind: 'hang'; server: ServerSpec; afterMs: number; logLine?: string }
  /** Memory grows linearly; the kernel OOM-kills the container when it reaches its limit. */
  | { kind: 'memory-leak'; server: ServerSpec; bytesPerSecond: number; logEveryMs: number; maxBytes?: number }
  /** Probe paths pass, everything else answers `answer` (users see errors while the Pod is Ready). */
  | { kind: 'wrong-answers'; server: ServerSpec; healthyPaths: string[]; answer: Route }
  /** Its dependency is down: `failingPaths` answer 503 and it logs a retry every `retryEveryMs`. */
  | {
      kind: 'external-dependency';
      server: ServerSpec;
      dependency: string;
      error: string;
      failingPaths: string[];
      retryEveryMs: number;
    }
  /**
   * Exits with `exitCode` `afterMs` after start, printing `stdout` at start and `stderr` just before
   * it dies. With `untilRestart`, only the first N starts crash (a flaky app that recovers).
   */
  | {
      kind: 'crash';
      afterMs: number;
      exitCode: number;
      stdout: string[];
      stderr: string[];
      server?: ServerSpec;
      untilRestart?: number;
    }
  /** Runs to completion: prints `output` over `durationMs`, then exits with `exitCode`. */
  | { kind: 'job'; durationMs: number; exitCode: number; output: string[]; memoryBytes: number }
  /** Blocks forever without listening (pause, `sleep infinity`). */
  | { kind: 'sleep-forever'; memoryBytes: number; logs: string[] }
  /** Not in the registry (documentation only: resolveImage reports `exists: false`). */
  | { kind: 'missing' };

export type BehaviourKind = Behaviour['kind'];

/** Executables whose behaviour depends on their arguments; modelled in programs.ts. */
export type ProgramName =
  | 'nginx'
  | 'httpd'
  | 'redis-server'
  | 'redis-cli'
  | 'agnhost'
  | 'perl'
  | 'stress'
  | 'stress-ng'
  | 'postgres'
  | 'mysqld'
  /** The mysql client (mysql-client.ts): a network tool when it runs. */
  | 'mysql'
  /** The replicated MySQL tutorial's helpers (xtrabackup-tools.ts). */
  | 'mysqladmin'
  | 'ncat'
  | 'xbstream'
  | 'xtrabackup'
  /** The wordpress image's docker-entrypoint.sh (wordpress-entrypoint.ts): its first-start copy, then exec. */
  | 'wordpress-entrypoint'
  | 'etcd'
  | 'etcdctl'
  | 'curl'
  | 'wget'
  | 'http-echo'
  | 'python3'
  /** The language images' own tools (lang-tools.ts): their version commands, nothing else. */
  | 'pip'
  | 'node'
  | 'npm'
  | 'go'
  | 'ruby'
  /** Installed in the image but not simulated (buildpack-deps' git, GNU wget, gcc …): says so, exits 126. */
  | 'not-simulated'
  /** kubernetes-zookeeper's scripts (zookeeper-programs.ts) and ZooKeeper's CLI (zkcli.ts). */
  | 'start-zookeeper'
  | 'zkServer.sh'
  | 'zkCli.sh';

export type Binary =
  /** The image's own application: argv does not change what it does. */
  | { kind: 'app'; behaviour: Behaviour }
  /** An argument-sensitive program (nginx -g, agnhost liveness, perl -e …). */
  | { kind: 'program'; program: ProgramName }
  /**
   * A docker-entrypoint.sh: prints `lines` when the first argument is in `announceFor`, inserts
   * `prependIfFlag` when the first argument starts with `-`, then execs its arguments.
   */
  | { kind: 'entrypoint'; announceFor: string[]; lines: string[]; prependIfFlag?: string };

/** Which userland the image ships: decides the shell dialect and the error texts of tools. */
export interface Userland {
  /** `/bin/sh` flavour; null = no shell (distroless, scratch, pause). */
  shell: 'ash' | 'dash' | null;
  /** `busybox` applets (cat: can't open 'x') or GNU coreutils (cat: x: No such file or directory). */
  tools: 'busybox' | 'coreutils' | 'none';
  /** bash is installed (`bash -c` works). */
  bash: boolean;
  /**
   * zsh is installed (netshoot's CMD). Approximate: it is not modelled, its scripts run in the
   * bash interpreter (so its error texts are bash's).
   */
  zsh?: boolean;
  /** Its package manager (tools-apk.ts, tools-apt.ts): Alpine's apk, or Debian/Ubuntu's apt-get and apt. */
  pkg?: 'apk' | 'apt';
  /** procps is installed (buildpack-deps' scm layer): `ps`, `free`, `uptime`, `pgrep` are procps'. */
  procps?: boolean;
  /** Tools of its userland the image does not ship (mysql's Oracle Linux slim base has no tar). */
  without?: readonly string[];
  /**
   * Where `ip` comes from (tools-ip.ts): iproute2 installed over BusyBox's applet (agnhost's `apk
   * add … iproute2`). Unset: a busybox userland has BusyBox's applet (built against `libc`: musl's
   * prints `state`); other userlands have no `ip`.
   */
  ip?: 'iproute2';
  /**
   * The C library its programs are built against. Unset: glibc (Debian, and the busybox image's
   * default variant, docker-library/busybox's first: glibc); `musl`: Alpine, and busybox's musl
   * variant. getopt's messages are the libc's (k8s/getopt.ts messageOf).
   */
  libc?: 'musl';
  /**
   * Network tools beside or over the userland's own. Unset: a BusyBox userland has BusyBox's nc,
   * ping and telnet (the busybox image builds defconfig) — Alpine's busybox package leaves telnet
   * to busybox-extras (aports main/busybox/busyboxconfig: `# CONFIG_TELNET is not set`).
   */
  net?: NetTools;
}

export interface NetTools {
  /** BusyBox's telnet applet is there (false: Alpine without busybox-extras). */
  telnet?: boolean;
  /** bind-tools: `dig`, `host` and BIND's `nslookup` over BusyBox's (tools-dig.ts, tools-host.ts). */
  bind?: boolean;
  /** netcat-openbsd's `nc` over BusyBox's. */
  nc?: 'openbsd';
  /** iputils' `ping` over BusyBox's. */
  ping?: 'iputils';
}

export interface TagInfo {
  /** Content size containerd reports (compressed layers) — the kubelet's `Image size: N bytes`. */
  sizeBytes: number;
  /** Unpacked size on the node's disk. */
  unpackedBytes: number;
  /** Application version shown in logs and headers (`nginx/1.27.5`). */
  version?: string;
  /** Replaces the behaviour of the image's `main` binary for this tag only. */
  behaviour?: Behaviour;
  /** The registry does not have this tag. */
  missing?: true;
  /** The manifest digest the registry answers (`Image ID`), when recorded; unset: a stable made-up one. */
  digest?: string;
  /** Replaces the image ENTRYPOINT for this tag (nginx < 1.19 had no docker-entrypoint.sh). */
  entrypoint?: string[];
  /** Files this tag ships over the image's `files` (nginx before 1.21.2: the older welcome page). */
  files?: Record<string, string>;
  /** The curl this tag ships over the image's `curl`; `none`: its /usr/bin/curl is not there (nginx before 1.17.10). */
  curl?: CurlBuildName | 'none';
  /**
   * The Debian release the tag is built on (debian-release.ts): its /etc/os-release, curl and apt
   * lists. Unset: no release files, and Debian 12's curl and lists.
   */
  debian?: DebianCodename;
  /** The Alpine release (`3.22`) an image not named alpine is built on: its /etc/os-release, /etc/alpine-release, apk's repositories. */
  alpine?: string;
  /** The image's ENV for this tag, in the Dockerfile's order (replaces the image's `env`). */
  env?: Record<string, string>;
  /**
   * What this tag's variant changes in the image (lang-images.ts: `-slim` is debian-slim with the
   * runtime alone, `-alpine` BusyBox): resolveTag lays it over the repository's definition.
   */
  variant?: Partial<Pick<CatalogImage, 'userland' | 'binaries' | 'entrypoint' | 'cmd' | 'workingDir' | 'user'>>;
}

/** The Debian releases debian-release.ts describes. */
export type DebianCodename = 'bookworm' | 'trixie';

/** The curl builds curl-builds.ts knows, by the distribution (or image) that ships them. */
export type CurlBuildName = 'bookworm' | 'trixie' | 'noble' | 'xenial' | 'alpine' | 'curlimages';

/** A process's account as `id` reports it (tool-types.ts RunUser). */
export interface ImageUser {
  name: string;
  uid: number;
  group: string;
  gid: number;
  home: string;
}

export interface CatalogImage {
  /** Normalised repository: `docker.io/library/nginx`. */
  repository: string;
  /** One line for people browsing the catalog. */
  about: string;
  tags: Record<string, TagInfo>;
  /**
   * Tags not listed but existing upstream (regex source). They behave like `patternTag`. Tags matching
   * neither are `not found`, so `nginx:1.27-doesnotexist` fails like it does on Docker Hub.
   */
  tagPattern?: string;
  patternTag?: string;
  /**
   * An unlisted tag the repository has, built from its name (lang-images.ts: `3.12.4-slim-bookworm`
   * is 3.12.4's slim variant on Debian 12); undefined when the name is no tag. Checked before
   * `tagPattern`.
   */
  tagOf?: (tag: string) => TagInfo | undefined;
  /** The Debian release of a tag matched by `tagPattern` (unset: `patternTag`'s). */
  debianOf?: (tag: string, version: string | undefined) => DebianCodename | undefined;
  userland: Userland;
  /** Which curl its /usr/bin/curl is (curl-builds.ts); unset: Alpine's for a BusyBox userland, else Debian 12's. */
  curl?: CurlBuildName;
  /** The version its BIND tools name in dig's banner (its package's, tools-dig.ts); unset: Alpine bind-tools' upstream release. */
  bindVersion?: string;
  entrypoint: string[];
  cmd: string[];
  workingDir?: string;
  /**
   * The image config's User, as `docker inspect -f '{{.Config.User}}'` shows it: `name`, `uid`,
   * `uid:gid` or `name:group` (image-user.ts). Unset: "" (root). The runtime resolves it against
   * the image's /etc/passwd and /etc/group; the kubelet's runAsNonRoot check reads it through
   * CRI ImageStatus (a uid when numeric, else a username).
   */
  user?: string;
  env?: Record<string, string>;
  /** Path of the image's application binary (what `TagInfo.behaviour` replaces). */
  main?: string;
  /** Absolute path → what it does. Looked up by full path, or by name on $PATH. */
  binaries: Record<string, Binary>;
  /** Files present in the image (`/usr/share/nginx/html/index.html`). */
  files?: Record<string, string>;
  /** Symbolic links in the image: path → target as `ln -s` was given it (`/var/log/nginx/access.log` → `/dev/stdout`). */
  links?: Record<string, string>;
  /** Directories the image has beyond its files' parents (an empty `/var/cache/nginx`). */
  dirs?: readonly string[];
  /** Its top-level directories when they are not the usual Debian/Alpine ones (busybox has no /opt). */
  rootDirs?: readonly string[];
  /** What `ls -l` shows beyond content: permission bits and on-disk sizes of stand-in binaries (file-meta.ts has the defaults). */
  meta?: Record<string, BaseMeta>;
  /**
   * When the image's files were written (RFC 3339), the time `ls -l` shows for them. Approximate:
   * one time for every file of every tag (a real image's layers were written at different times).
   */
  built?: string;
}
