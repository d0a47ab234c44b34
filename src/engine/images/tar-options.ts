/**
 * GNU tar 1.34's options as its argp table gives them to getopt_long (Debian 12's tar, recorded on
 * this machine): the short optstring and every long name with its key (its short letter, or the
 * name) and argument, in the order getopt_long lists an ambiguous prefix's possibilities. Built
 * from `tar --help` and checked against the real tar for every prefix of every name (1,371
 * words: the same unique, ambiguous and unrecognized answers, possibilities in the same order);
 * argp's hidden --program-name and --HANG are in it. Data only: tools-tar.ts reads it.
 */
import type { LongOption } from '../../k8s/getopt';

export const GNU_TAR_SHORT = 'Acdrtuxg:GnSC:T:X:kUWOmpsf:F:L:Mb:BiH:V:aI:jJzZhK:N:PlRvwo';

export const GNU_TAR_LONG: readonly LongOption[] = [
  ['append', 'r', 'none'], ['atime-preserve', 'atime-preserve', 'optional'], ['acls', 'acls', 'none'], ['auto-compress', 'a', 'none'],
  ['absolute-names', 'P', 'none'], ['after-date', 'N', 'required'], ['add-file', 'add-file', 'required'], ['anchored', 'anchored', 'none'],
  ['blocking-factor', 'b', 'required'], ['bzip2', 'j', 'none'], ['backup', 'backup', 'optional'], ['block-number', 'R', 'none'],
  ['create', 'c', 'none'], ['compare', 'd', 'none'], ['catenate', 'A', 'none'], ['concatenate', 'A', 'none'],
  ['check-device', 'check-device', 'none'], ['clamp-mtime', 'clamp-mtime', 'none'], ['compress', 'Z', 'none'],
  ['checkpoint', 'checkpoint', 'optional'], ['checkpoint-action', 'checkpoint-action', 'required'], ['check-links', 'l', 'none'],
  ['confirmation', 'w', 'none'], ['diff', 'd', 'none'], ['delete', 'delete', 'none'], ['delay-directory-restore', 'delay-directory-restore', 'none'],
  ['dereference', 'h', 'none'], ['directory', 'C', 'required'], ['extract', 'x', 'none'], ['exclude', 'exclude', 'required'],
  ['exclude-from', 'X', 'required'], ['exclude-caches', 'exclude-caches', 'none'], ['exclude-caches-under', 'exclude-caches-under', 'none'],
  ['exclude-caches-all', 'exclude-caches-all', 'none'], ['exclude-tag', 'exclude-tag', 'required'], ['exclude-ignore', 'exclude-ignore', 'required'],
  ['exclude-ignore-recursive', 'exclude-ignore-recursive', 'required'], ['exclude-tag-under', 'exclude-tag-under', 'required'],
  ['exclude-tag-all', 'exclude-tag-all', 'required'], ['exclude-vcs', 'exclude-vcs', 'none'], ['exclude-vcs-ignores', 'exclude-vcs-ignores', 'none'],
  ['exclude-backups', 'exclude-backups', 'none'], ['file', 'f', 'required'], ['force-local', 'force-local', 'none'], ['format', 'H', 'required'],
  ['full-time', 'full-time', 'none'], ['files-from', 'T', 'required'], ['get', 'x', 'none'], ['group', 'group', 'required'],
  ['group-map', 'group-map', 'required'], ['gzip', 'z', 'none'], ['gunzip', 'z', 'none'], ['hole-detection', 'hole-detection', 'required'],
  ['hard-dereference', 'hard-dereference', 'none'], ['help', '?', 'none'], ['incremental', 'G', 'none'],
  ['ignore-failed-read', 'ignore-failed-read', 'none'], ['ignore-command-error', 'ignore-command-error', 'none'], ['info-script', 'F', 'required'],
  ['ignore-zeros', 'i', 'none'], ['index-file', 'index-file', 'required'], ['interactive', 'w', 'none'], ['ignore-case', 'ignore-case', 'none'],
  ['keep-old-files', 'k', 'none'], ['keep-newer-files', 'keep-newer-files', 'none'], ['keep-directory-symlink', 'keep-directory-symlink', 'none'],
  ['list', 't', 'none'], ['listed-incremental', 'g', 'required'], ['level', 'level', 'required'], ['label', 'V', 'required'],
  ['lzip', 'lzip', 'none'], ['lzma', 'lzma', 'none'], ['lzop', 'lzop', 'none'], ['mtime', 'mtime', 'required'], ['mode', 'mode', 'required'],
  ['multi-volume', 'M', 'none'], ['no-seek', 'no-seek', 'none'], ['no-check-device', 'no-check-device', 'none'],
  ['no-overwrite-dir', 'no-overwrite-dir', 'none'], ['no-ignore-command-error', 'no-ignore-command-error', 'none'],
  ['no-same-owner', 'no-same-owner', 'none'], ['numeric-owner', 'numeric-owner', 'none'], ['no-same-permissions', 'no-same-permissions', 'none'],
  ['no-delay-directory-restore', 'no-delay-directory-restore', 'none'], ['no-xattrs', 'no-xattrs', 'none'], ['no-selinux', 'no-selinux', 'none'],
  ['no-acls', 'no-acls', 'none'], ['new-volume-script', 'F', 'required'], ['no-auto-compress', 'no-auto-compress', 'none'],
  ['newer', 'N', 'required'], ['newer-mtime', 'newer-mtime', 'required'], ['no-quote-chars', 'no-quote-chars', 'required'], ['null', 'null', 'none'],
  ['no-null', 'no-null', 'none'], ['no-unquote', 'no-unquote', 'none'], ['no-verbatim-files-from', 'no-verbatim-files-from', 'none'],
  ['no-recursion', 'no-recursion', 'none'], ['no-anchored', 'no-anchored', 'none'], ['no-ignore-case', 'no-ignore-case', 'none'],
  ['no-wildcards', 'no-wildcards', 'none'], ['no-wildcards-match-slash', 'no-wildcards-match-slash', 'none'],
  ['occurrence', 'occurrence', 'optional'], ['overwrite', 'overwrite', 'none'], ['overwrite-dir', 'overwrite-dir', 'none'],
  ['one-top-level', 'one-top-level', 'optional'], ['owner', 'owner', 'required'], ['owner-map', 'owner-map', 'required'],
  ['old-archive', 'old-archive', 'none'], ['one-file-system', 'one-file-system', 'none'], ['preserve-permissions', 'p', 'none'],
  ['preserve-order', 's', 'none'], ['portability', 'portability', 'none'], ['posix', 'posix', 'none'], ['pax-option', 'pax-option', 'required'],
  ['program-name', 'program-name', 'required'], ['quoting-style', 'quoting-style', 'required'], ['quote-chars', 'quote-chars', 'required'],
  ['remove-files', 'remove-files', 'none'], ['recursive-unlink', 'recursive-unlink', 'none'], ['rmt-command', 'rmt-command', 'required'],
  ['rsh-command', 'rsh-command', 'required'], ['record-size', 'record-size', 'required'], ['read-full-records', 'B', 'none'],
  ['restrict', 'restrict', 'none'], ['recursion', 'recursion', 'none'], ['sparse', 'S', 'none'], ['sparse-version', 'sparse-version', 'required'],
  ['seek', 'n', 'none'], ['skip-old-files', 'skip-old-files', 'none'], ['same-owner', 'same-owner', 'none'], ['same-permissions', 'p', 'none'],
  ['same-order', 's', 'none'], ['sort', 'sort', 'required'], ['selinux', 'selinux', 'none'], ['starting-file', 'K', 'required'],
  ['suffix', 'suffix', 'required'], ['strip-components', 'strip-components', 'required'], ['show-defaults', 'show-defaults', 'none'],
  ['show-snapshot-field-ranges', 'show-snapshot-field-ranges', 'none'], ['show-omitted-dirs', 'show-omitted-dirs', 'none'],
  ['show-transformed-names', 'show-transformed-names', 'none'], ['show-stored-names', 'show-stored-names', 'none'],
  ['test-label', 'test-label', 'none'], ['to-stdout', 'O', 'none'], ['to-command', 'to-command', 'required'], ['touch', 'm', 'none'],
  ['tape-length', 'L', 'required'], ['transform', 'transform', 'required'], ['totals', 'totals', 'optional'], ['update', 'u', 'none'],
  ['unlink-first', 'U', 'none'], ['use-compress-program', 'I', 'required'], ['ungzip', 'z', 'none'], ['uncompress', 'Z', 'none'],
  ['utc', 'utc', 'none'], ['unquote', 'unquote', 'none'], ['usage', 'usage', 'none'], ['verify', 'W', 'none'],
  ['volno-file', 'volno-file', 'required'], ['verbose', 'v', 'none'], ['verbatim-files-from', 'verbatim-files-from', 'none'],
  ['version', 'version', 'none'], ['warning', 'warning', 'required'], ['wildcards', 'wildcards', 'none'],
  ['wildcards-match-slash', 'wildcards-match-slash', 'none'], ['xattrs', 'xattrs', 'none'], ['xattrs-include', 'xattrs-include', 'required'],
  ['xattrs-exclude', 'xattrs-exclude', 'required'], ['xz', 'J', 'none'], ['xform', 'xform', 'required'], ['zstd', 'zstd', 'none'],
  ['HANG', 'HANG', 'optional'],
];
