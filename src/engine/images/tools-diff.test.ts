/**
 * diff against GNU diffutils 3.8 (Debian 12): every row was printed by the real tool under
 * LANG=en_US.UTF-8, in a directory whose files' modification time was 2026-11-30
 * 00:53:20.123 UTC; here files keep no such time and headers show the time diff runs, so the rows
 * run at that instant. `-` reads the row's stdin ("x\nq\n").
 */
import { describe } from 'vitest';
import { DEFAULT_EPOCH_MS } from '../../k8s/time';
import { parity, type Row } from './gnu-parity.testing';

const FILES = {
  ten: 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n',
  ten2: 'a\nB\nc\nd\ne\nf\ng\nh\nJ\nk\n',
  xy: 'x\ny\n',
  'xy-nonl': 'x\ny',
  'xz-nonl': 'x\nz',
  empty: '',
  'web.yaml': 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 2\n',
  'web2.yaml': 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 3\n',
  'dir/.keep': '',
};

const ROWS: Row[] = [
  [["diff", "ten", "ten2"], "x\nq\n", "2c2\n< b\n---\n> B\n9,10c9,10\n< i\n< j\n---\n> J\n> k\n", "", 1],
  [["diff", "-u", "ten", "ten2"], "x\nq\n", "--- ten\t2026-11-30 00:53:20.123000000 +0000\n+++ ten2\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,10 +1,10 @@\n a\n-b\n+B\n c\n d\n e\n f\n g\n h\n-i\n-j\n+J\n+k\n", "", 1],
  [["diff", "-U1", "ten", "ten2"], "x\nq\n", "--- ten\t2026-11-30 00:53:20.123000000 +0000\n+++ ten2\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -8,3 +8,3 @@\n h\n-i\n-j\n+J\n+k\n", "", 1],
  [["diff", "-U", "0", "ten", "ten2"], "x\nq\n", "--- ten\t2026-11-30 00:53:20.123000000 +0000\n+++ ten2\t2026-11-30 00:53:20.123000000 +0000\n@@ -2 +2 @@\n-b\n+B\n@@ -9,2 +9,2 @@\n-i\n-j\n+J\n+k\n", "", 1],
  [["diff", "--unified=1", "ten", "ten2"], "x\nq\n", "--- ten\t2026-11-30 00:53:20.123000000 +0000\n+++ ten2\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -8,3 +8,3 @@\n h\n-i\n-j\n+J\n+k\n", "", 1],
  [["diff"], "x\nq\n", "", "diff: missing operand after 'diff'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff", "xy", "xy-nonl"], "x\nq\n", "2c2\n< y\n---\n> y\n\\ No newline at end of file\n", "", 1],
  [["diff", "-u", "xy", "xy-nonl"], "x\nq\n", "--- xy\t2026-11-30 00:53:20.123000000 +0000\n+++ xy-nonl\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,2 +1,2 @@\n x\n-y\n+y\n\\ No newline at end of file\n", "", 1],
  [["diff", "-u", "xy-nonl", "xz-nonl"], "x\nq\n", "--- xy-nonl\t2026-11-30 00:53:20.123000000 +0000\n+++ xz-nonl\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+z\n\\ No newline at end of file\n", "", 1],
  [["diff", "xy-nonl", "xz-nonl"], "x\nq\n", "2c2\n< y\n\\ No newline at end of file\n---\n> z\n\\ No newline at end of file\n", "", 1],
  [["diff", "empty", "xy"], "x\nq\n", "0a1,2\n> x\n> y\n", "", 1],
  [["diff", "xy", "empty"], "x\nq\n", "1,2d0\n< x\n< y\n", "", 1],
  [["diff", "-u", "empty", "xy"], "x\nq\n", "--- empty\t2026-11-30 00:53:20.123000000 +0000\n+++ xy\t2026-11-30 00:53:20.123000000 +0000\n@@ -0,0 +1,2 @@\n+x\n+y\n", "", 1],
  [["diff", "-u", "xy", "empty"], "x\nq\n", "--- xy\t2026-11-30 00:53:20.123000000 +0000\n+++ empty\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,2 +0,0 @@\n-x\n-y\n", "", 1],
  [["diff", "-q", "ten", "ten2"], "x\nq\n", "Files ten and ten2 differ\n", "", 1],
  [["diff", "--brief", "ten", "ten"], "x\nq\n", "", "", 0],
  [["diff", "-s", "ten", "ten"], "x\nq\n", "Files ten and ten are identical\n", "", 0],
  [["diff", "-s", "-u", "ten", "ten2"], "x\nq\n", "--- ten\t2026-11-30 00:53:20.123000000 +0000\n+++ ten2\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,10 +1,10 @@\n a\n-b\n+B\n c\n d\n e\n f\n g\n h\n-i\n-j\n+J\n+k\n", "", 1],
  [["diff", "-qs", "ten", "ten"], "x\nq\n", "Files ten and ten are identical\n", "", 0],
  [["diff", "ten", "nope"], "x\nq\n", "", "diff: nope: No such file or directory\n", 2],
  [["diff", "nope", "ten"], "x\nq\n", "", "diff: nope: No such file or directory\n", 2],
  [["diff", "ten"], "x\nq\n", "", "diff: missing operand after 'ten'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff"], "x\nq\n", "", "diff: missing operand after 'diff'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff", "a", "b", "c"], "x\nq\n", "", "diff: extra operand 'c'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff", "--foo", "ten", "ten2"], "x\nq\n", "", "diff: unrecognized option '--foo'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff", "ten", "dir"], "x\nq\n", "", "diff: dir/ten: No such file or directory\n", 2],
  [["diff", "web.yaml", "web2.yaml"], "x\nq\n", "4c4\n<   replicas: 2\n---\n>   replicas: 3\n", "", 1],
  [["diff", "-u", "web.yaml", "web2.yaml"], "x\nq\n", "--- web.yaml\t2026-11-30 00:53:20.123000000 +0000\n+++ web2.yaml\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,4 +1,4 @@\n apiVersion: apps/v1\n kind: Deployment\n spec:\n-  replicas: 2\n+  replicas: 3\n", "", 1],
  [["diff", "-", "xy"], "x\nq\n", "2c2\n< q\n---\n> y\n", "", 1],
  // stdin's time is when diff ran (recorded at the wall clock; here the simulated one).
  [["diff", "-u", "xy", "-"], "x\nq\n", "--- xy\t2026-11-30 00:53:20.123000000 +0000\n+++ -\t2026-11-30 00:53:20.123000000 +0000\n@@ -1,2 +1,2 @@\n x\n-y\n+q\n", "", 1],
  [["diff", "ten", "ten"], "x\nq\n", "", "", 0],
  [["diff", "-U", "x", "ten", "ten2"], "x\nq\n", "", "diff: invalid context length 'x'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff", "-N", "nope", "xy"], "x\nq\n", "0a1,2\n> x\n> y\n", "", 1],
  [["diff", "-u", "-N", "xy", "nope"], "x\nq\n", "--- xy\t2026-11-30 00:53:20.123000000 +0000\n+++ nope\t1970-01-01 00:00:00.000000000 +0000\n@@ -1,2 +0,0 @@\n-x\n-y\n", "", 1],
  [["diff", "--new-file", "nope", "nope2"], "x\nq\n", "", "diff: nope: No such file or directory\ndiff: nope2: No such file or directory\n", 2],
  [["diff", "-U"], "x\nq\n", "", "diff: option requires an argument -- 'U'\ndiff: Try 'diff --help' for more information.\n", 2],
  [["diff", "xy", "xy"], "x\nq\n", "", "", 0],
  [["diff", "-s", "xy-nonl", "xy"], "", "2c2\n< y\n\\ No newline at end of file\n---\n> y\n", "", 1],
  [["diff", "-i", "xy", "xy"], "", "", "diff: option '-i' is not supported by this simulator\n", 2],
];

describe('diff (GNU diffutils 3.8)', () => {
  parity(ROWS, { files: FILES, clock: 1796000000123 - DEFAULT_EPOCH_MS });
});
