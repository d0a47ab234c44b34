/**
 * `--version` of the GNU programs in a Debian image — coreutils' (`ls --version`) and bash's —
 * as the image's Debian release builds them (debian-release.ts). coreutils' text is
 * version_etc's (gnulib lib/version-etc.c): `NAME (GNU coreutils) V`, Debian's `Packaged by
 * Debian (V)` line when the build names a packager (trixie's 9.7-3 does, bookworm's 9.1-1 does
 * not), the copyright, the licence lines, a blank line and the program's authors, wrapped as
 * version_etc_arn wraps them. The authors were recorded from each program's `--version` on this
 * machine (9.1) and with trixie's 9.7 (the same in the C locale; 9.7 writes Torbjörn's name with
 * its umlaut only in a UTF-8 locale, which containers do not set); nohup's, stat's and timeout's
 * from 9.1 only.
 * Approximate: Ubuntu images are left to the programs' own option handling (their builds were not
 * recorded); a UTF-8 LANG does not change the authors' spelling.
 */
import type { Userland } from './catalog-types';
import { debianRelease, type DebianRelease } from './debian-release';
import { stat, type BaseFs, type FsLayer } from './fs';
import { releaseFrom } from './os-release';

/** Each modelled coreutils program's author lines, after `Written by `. */
const AUTHORS: Readonly<Record<string, string>> = {
  base64: 'Simon Josefsson.',
  basename: 'David MacKenzie.',
  cat: 'Torbjorn Granlund and Richard M. Stallman.',
  chmod: 'David MacKenzie and Jim Meyering.',
  chown: 'David MacKenzie and Jim Meyering.',
  cp: 'Torbjorn Granlund, David MacKenzie, and Jim Meyering.',
  cut: 'David M. Ihnat, David MacKenzie, and Jim Meyering.',
  date: 'David MacKenzie.',
  df: 'Torbjorn Granlund, David MacKenzie, and Paul Eggert.',
  dirname: 'David MacKenzie and Jim Meyering.',
  du: 'Torbjorn Granlund, David MacKenzie, Paul Eggert,\nand Jim Meyering.',
  env: 'Richard Mlynarik, David MacKenzie, and Assaf Gordon.',
  head: 'David MacKenzie and Jim Meyering.',
  id: 'Arnold Robbins and David MacKenzie.',
  ls: 'Richard M. Stallman and David MacKenzie.',
  mkdir: 'David MacKenzie.',
  mv: 'Mike Parker, David MacKenzie, and Jim Meyering.',
  nohup: 'Jim Meyering.',
  nproc: 'Giuseppe Scrivano.',
  printenv: 'David MacKenzie and Richard Mlynarik.',
  readlink: 'Dmitry V. Levin.',
  rm: 'Paul Rubin, David MacKenzie, Richard M. Stallman,\nand Jim Meyering.',
  rmdir: 'David MacKenzie.',
  seq: 'Ulrich Drepper.',
  sleep: 'Jim Meyering and Paul Eggert.',
  sort: 'Mike Haertel and Paul Eggert.',
  stat: 'Michael Meskes.',
  sync: 'Jim Meyering and Giuseppe Scrivano.',
  tail: 'Paul Rubin, David MacKenzie, Ian Lance Taylor,\nand Jim Meyering.',
  tee: 'Mike Parker, Richard M. Stallman, and David MacKenzie.',
  timeout: 'Padraig Brady.',
  touch: 'Paul Rubin, Arnold Robbins, Jim Kingdon,\nDavid MacKenzie, and Randy Smith.',
  tr: 'Jim Meyering.',
  tty: 'David MacKenzie.',
  uname: 'David MacKenzie.',
  uniq: 'Richard M. Stallman and David MacKenzie.',
  wc: 'Paul Rubin and David MacKenzie.',
  whoami: 'Richard Mlynarik.',
};

/** The coreutils program answers `--version` (the shell builtins echo, printf, test, true… are not here). */
export function isCoreutilsProgram(name: string): boolean {
  return Object.hasOwn(AUTHORS, name);
}

/**
 * GNU getopt_long sees `--version` anywhere before `--` (env stops at its command, its optstring
 * starts with `+`); the first of --help/--version decides. Approximate: an invalid option before
 * it is not reported first.
 */
export function asksVersion(name: string, args: readonly string[]): boolean {
  for (const a of args) {
    if (a === '--' || a === '--help') return false;
    if (a === '--version') return true;
    // env, nohup and timeout stop reading options at their command (optstring `+…`).
    if ((name === 'env' || name === 'nohup' || name === 'timeout') && !a.startsWith('-')) return false;
  }
  return false;
}

/**
 * The Debian release whose GNU programs a container runs: the one its /etc/os-release names, or
 * Debian 12 in an apt image without one (nginx before 1.25.1, httpd, redis); undefined for
 * anything else (Ubuntu, BusyBox, the generic images).
 */
export function debianUserland(fs: FsLayer, base: BaseFs, userland: Userland): DebianRelease | undefined {
  if (userland.tools !== 'coreutils') return undefined;
  const f = stat(fs, base, '/etc/os-release');
  if (f.kind !== 'file') return userland.pkg === 'apt' ? debianRelease('bookworm') : undefined;
  const d = releaseFrom(f.content, 'alpine');
  return d.id === 'debian' ? debianRelease(d.codename) : undefined;
}

export function coreutilsVersion(name: string, r: DebianRelease): string {
  const c = r.coreutils;
  return (
    `${name} (GNU coreutils) ${c.version}\n${c.packaged ? `Packaged by Debian (${c.packaged})\n` : ''}Copyright (C) ${c.year} Free Software Foundation, Inc.\n` +
    'License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\nThis is free software: you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n\n' +
    `Written by ${AUTHORS[name] ?? ''}\n`
  );
}

/** bash's show_shell_version(1) (version.c): the long form `bash --version` prints. */
export function bashVersion(r: DebianRelease): string {
  return `GNU bash, version ${r.bash.version} (x86_64-pc-linux-gnu)\nCopyright (C) ${r.bash.year} Free Software Foundation, Inc.\nLicense GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\nThis is free software; you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n`;
}
