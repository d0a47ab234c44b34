/**
 * registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10, the image of kubernetes.io's "Running
 * ZooKeeper, A Distributed System Coordinator" (docs-examples-zookeeper.ts). Built from
 * kow3ns/kubernetes-zookeeper docker/Dockerfile: `FROM ubuntu:16.04`, ENV ZK_USER=zookeeper,
 * ZK_DATA_DIR, ZK_DATA_LOG_DIR, ZK_LOG_DIR, JAVA_HOME; openjdk-8-jre-headless and netcat-openbsd
 * from apt; ZooKeeper 3.4.10 unpacked in /opt/zookeeper-3.4.10 (linked as /opt/zookeeper); its
 * scripts/ (start-zookeeper, zookeeper-ready, zookeeper-metrics) copied to /opt/zookeeper/bin;
 * `useradd zookeeper` (uid and gid 1000, checked by the Dockerfile), which owns the distribution
 * and the data, log and /tmp/zookeeper directories; /usr/etc/zookeeper → /opt/zookeeper/conf/ and
 * every /opt/zookeeper/bin/* linked into /usr/bin. No ENTRYPOINT, ubuntu:16.04's CMD
 * `/bin/bash`: the tutorial's Pod runs `sh -c "start-zookeeper …"`.
 *
 * zookeeper-ready is the script the page prints (`OK=$(echo ruok | nc 127.0.0.1 $1)` …), run by
 * bash through its `#!/usr/bin/env bash`; the programs are zookeeper-programs.ts and zkcli.ts.
 *
 * Approximate: the sizes (derived-size.ts, no manifest to ask); the script's licence header is
 * left out; zookeeper-metrics and the JVM are stand-ins (not simulated); the userland is this
 * project's Debian one (dash, coreutils, procps, bash, apt: Debian 12's files and package lists)
 * with Ubuntu 16.04's netcat-openbsd.
 */
import type { CatalogImage } from './catalog-types';
import { sizesFromName } from './derived-size';

const DIST = '/opt/zookeeper-3.4.10';

/** zookeeper-ready as the tutorial shows it (scripts/zookeeper-ready's code, its header comments left out). */
const ZOOKEEPER_READY = `#!/usr/bin/env bash
OK=$(echo ruok | nc 127.0.0.1 $1)
if [ "$OK" == "imok" ]; then
	exit 0
else
	exit 1
fi
`;

const ZK_UID = 1000;
const owned = { uid: ZK_UID, gid: ZK_UID };

export const ZOOKEEPER_IMAGES: CatalogImage[] = [
  {
    repository: 'registry.k8s.io/kubernetes-zookeeper',
    about: 'The ZooKeeper tutorial\'s image: ZooKeeper 3.4.10 on Ubuntu 16.04, start-zookeeper writes zoo.cfg and myid from the Pod\'s name.',
    tags: { '1.0-3.4.10': { ...sizesFromName('registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10', 110, 130), version: '3.4.10' } },
    userland: { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt', procps: true, net: { nc: 'openbsd' } },
    curl: 'xenial',
    entrypoint: [],
    cmd: ['/bin/bash'],
    env: {
      ZK_USER: 'zookeeper',
      ZK_DATA_DIR: '/var/lib/zookeeper/data',
      ZK_DATA_LOG_DIR: '/var/lib/zookeeper/log',
      ZK_LOG_DIR: '/var/log/zookeeper',
      JAVA_HOME: '/usr/lib/jvm/java-8-openjdk-amd64',
    },
    binaries: {
      [`${DIST}/bin/start-zookeeper`]: { kind: 'program', program: 'start-zookeeper' },
      [`${DIST}/bin/zkServer.sh`]: { kind: 'program', program: 'zkServer.sh' },
      [`${DIST}/bin/zkCli.sh`]: { kind: 'program', program: 'zkCli.sh' },
      [`${DIST}/bin/zookeeper-metrics`]: { kind: 'program', program: 'not-simulated' },
      '/usr/lib/jvm/java-8-openjdk-amd64/bin/java': { kind: 'program', program: 'not-simulated' },
    },
    files: { [`${DIST}/bin/zookeeper-ready`]: ZOOKEEPER_READY },
    links: {
      '/opt/zookeeper': DIST,
      '/usr/etc/zookeeper': '/opt/zookeeper/conf/',
      '/usr/bin/start-zookeeper': '/opt/zookeeper/bin/start-zookeeper',
      '/usr/bin/zkServer.sh': '/opt/zookeeper/bin/zkServer.sh',
      '/usr/bin/zkCli.sh': '/opt/zookeeper/bin/zkCli.sh',
      '/usr/bin/zookeeper-ready': '/opt/zookeeper/bin/zookeeper-ready',
      '/usr/bin/zookeeper-metrics': '/opt/zookeeper/bin/zookeeper-metrics',
    },
    dirs: [`${DIST}/conf`, `${DIST}/lib`, '/var/lib/zookeeper/data', '/var/lib/zookeeper/log', '/var/log/zookeeper', '/tmp/zookeeper', '/usr/share/zookeeper'],
    meta: {
      [DIST]: owned,
      [`${DIST}/bin`]: owned,
      [`${DIST}/conf`]: owned,
      [`${DIST}/lib`]: owned,
      [`${DIST}/bin/zookeeper-ready`]: { ...owned, mode: 0o755 },
      '/var/lib/zookeeper/data': owned,
      '/var/lib/zookeeper/log': owned,
      '/var/log/zookeeper': owned,
      '/tmp/zookeeper': owned,
    },
  },
];
