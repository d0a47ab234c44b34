/**
 * gcr.io/google-samples/xtrabackup:1.0, the sidecar and clone image of kubernetes.io's "Run a
 * Replicated Stateful Application" (docs-examples-mysql.ts): a Debian userland with bash, Percona
 * XtraBackup 2.4 (xtrabackup, xbstream), nmap's ncat and a mysql client, no ENTRYPOINT (the
 * tutorial's containers run `bash -c` scripts).
 *
 * Approximate: the sizes (derived-size.ts, no manifest to ask); the userland is this project's
 * Debian one; the programs are xtrabackup-tools.ts's models.
 */
import type { CatalogImage } from './catalog-types';
import { sizesFromName } from './derived-size';

export const XTRABACKUP_IMAGES: CatalogImage[] = [
  {
    repository: 'gcr.io/google-samples/xtrabackup',
    about: "The replicated MySQL tutorial's sidecar: bash, ncat, xbstream, xtrabackup and the mysql client.",
    tags: { '1.0': { ...sizesFromName('gcr.io/google-samples/xtrabackup:1.0', 90, 120), version: '2.4.4' } },
    userland: { shell: 'dash', tools: 'coreutils', bash: true, pkg: 'apt' },
    entrypoint: [],
    cmd: ['/bin/bash'],
    binaries: {
      '/usr/bin/ncat': { kind: 'program', program: 'ncat' },
      '/usr/bin/xbstream': { kind: 'program', program: 'xbstream' },
      '/usr/bin/xtrabackup': { kind: 'program', program: 'xtrabackup' },
      '/usr/bin/mysql': { kind: 'program', program: 'mysql' },
    },
  },
];
