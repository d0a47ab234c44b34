/**
 * sed against GNU sed 4.9 (Debian 12): every row was printed by the real tool under
 * LANG=en_US.UTF-8, given the row's stdin through a pipe, in a directory holding FILES. Then the
 * in-place edits, which change the files rather than print.
 *
 * Over 400 lines on purpose: almost all of it is the recorded table.
 */
import { describe, expect, it } from 'vitest';
import { parity, runRow, type Row } from './gnu-parity.testing';

const FILES = {
  'dep.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - image: nginx:1.14\n        name: nginx\n',
  'script.sed': 's/nginx/httpd/g\n# comment\n/name:/d\n',
  'a.txt': 'one\ntwo\nthree\n',
  'b.txt': 'four\nfive\n',
  'dir/.keep': '',
};

const ROWS: Row[] = [
  [["sed", "s/o/0/"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "0ne\ntw0\nthree\nf0ur\nfive\nsix\nseven\n", "", 0],
  [["sed", "s/o/0/g"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "0ne\ntw0\nthree\nf0ur\nfive\nsix\nseven\n", "", 0],
  [["sed", "s/e/E/2"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthreE\nfour\nfive\nsix\nsevEn\n", "", 0],
  [["sed", "s/e/E/2g"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthreE\nfour\nfive\nsix\nsevEn\n", "", 0],
  [["sed", "-n", "s/o/0/p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "0ne\ntw0\nf0ur\n", "", 0],
  [["sed", "s/O/0/gI"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "0ne\ntw0\nthree\nf0ur\nfive\nsix\nseven\n", "", 0],
  [["sed", "s|/|:|g"], "a/b/c\n", "a:b:c\n", "", 0],
  [["sed", "s#e#[&]#g"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "on[e]\ntwo\nthr[e][e]\nfour\nfiv[e]\nsix\ns[e]v[e]n\n", "", 0],
  [["sed", "s/\\(.*\\)-\\(.*\\)/\\2-\\1/"], "web-1\napi-2\n", "1-web\n2-api\n", "", 0],
  [["sed", "-E", "s/(.*)-(.*)/\\2-\\1/"], "web-1\napi-2\n", "1-web\n2-api\n", "", 0],
  [["sed", "-r", "s/([a-z]+)/<\\1>/g"], "web-1 Running\napi-2 Pending\nweb-10 Running\nfoo(bar) a|b\n", "<web>-1 R<unning>\n<api>-2 P<ending>\n<web>-10 R<unning>\n<foo>(<bar>) <a>|<b>\n", "", 0],
  [["sed", "s/[0-9]\\+/N/"], "web-1 Running\napi-2 Pending\nweb-10 Running\nfoo(bar) a|b\n", "web-N Running\napi-N Pending\nweb-N Running\nfoo(bar) a|b\n", "", 0],
  [["sed", "s/a|b/X/"], "web-1 Running\napi-2 Pending\nweb-10 Running\nfoo(bar) a|b\n", "web-1 Running\napi-2 Pending\nweb-10 Running\nfoo(bar) X\n", "", 0],
  [["sed", "-E", "s/a|b/X/g"], "web-1 Running\napi-2 Pending\nweb-10 Running\nfoo(bar) a|b\n", "weX-1 Running\nXpi-2 Pending\nweX-10 Running\nfoo(XXr) X|X\n", "", 0],
  [["sed", "-E", "s/a|ab/X/"], "ab\n", "X\n", "", 0],
  [["sed", "s/x*/-/g"], "abc\n", "-a-b-c-\n", "", 0],
  [["sed", "s/a*/x/g"], "baaac\n", "xbxcx\n", "", 0],
  [["sed", "s/b*/x/2"], "abc\n", "axc\n", "", 0],
  [["sed", "s/$/;/"], "a\nb\n", "a;\nb;\n", "", 0],
  [["sed", "s/^/> /"], "a\nb\n", "> a\n> b\n", "", 0],
  [["sed", "s/.*/\\U&/"], "hello world\n", "HELLO WORLD\n", "", 0],
  [["sed", "s/\\w\\+/\\u&/g"], "hello world\n", "Hello World\n", "", 0],
  [["sed", "s/\\(.\\)\\(.*\\)/\\2\\1/"], "abc\n", "bca\n", "", 0],
  [["sed", "s/b/\\n/"], "abc\n", "a\nc\n", "", 0],
  [["sed", "s/b/\\t/"], "abc\n", "a\tc\n", "", 0],
  [["sed", "s/ /\\\n/g"], "a b c\n", "a\nb\nc\n", "", 0],
  [["sed", "-n", "1,3p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthree\n", "", 0],
  [["sed", "-n", "3,$p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "three\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "-n", "$p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "seven\n", "", 0],
  [["sed", "2d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\nthree\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "2,4d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\nfive\nsix\nseven\n", "", 0],
  [["sed", "/t/d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "/two/,/four/d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\nfive\nsix\nseven\n", "", 0],
  [["sed", "-n", "/t/!p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "1~2d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "two\nfour\nsix\n", "", 0],
  [["sed", "0~3d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nfour\nfive\nseven\n", "", 0],
  [["sed", "-n", "2,+2p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "two\nthree\nfour\n", "", 0],
  [["sed", "-n", "2,~4p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "two\nthree\nfour\n", "", 0],
  [["sed", "0,/o/d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "two\nthree\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "1,/o/d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "three\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "-n", "/f/,$p"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "four\nfive\nsix\nseven\n", "", 0],
  [["sed", "4,2d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthree\nfive\nsix\nseven\n", "", 0],
  [["sed", "5q"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthree\nfour\nfive\n", "", 0],
  [["sed", "3q7"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthree\n", "", 7],
  [["sed", "3Q"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\n", "", 0],
  [["sed", "/four/Q 3"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\nthree\n", "", 3],
  [["sed", "="], "a\nb\n", "1\na\n2\nb\n", "", 0],
  [["sed", "-n", "$="], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "7\n", "", 0],
  [["sed", "y/abc/xyz/"], "aabbcc\n", "xxyyzz\n", "", 0],
  [["sed", "2i\\inserted"], "a\nb\n", "a\ninserted\nb\n", "", 0],
  [["sed", "2a appended"], "a\nb\n", "a\nb\nappended\n", "", 0],
  [["sed", "$a\\\nlast line"], "a\nb\n", "a\nb\nlast line\n", "", 0],
  [["sed", "2c\\changed"], "a\nb\nc\n", "a\nchanged\nc\n", "", 0],
  [["sed", "2,3c changed"], "a\nb\nc\nd\n", "a\nchanged\nd\n", "", 0],
  [["sed", "1i\\  indented"], "a\n", "  indented\na\n", "", 0],
  [["sed", "a foo\\tbar"], "a\n", "a\nfoo\tbar\n", "", 0],
  [["sed", "-n", "h;n;G;p"], "a\nb\nc\nd\n", "b\na\nd\nc\n", "", 0],
  [["sed", "$!N;s/\\n/ /"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one two\nthree four\nfive six\nseven\n", "", 0],
  [["sed", "N;P;D"], "a\nb\nc\n", "a\nb\nc\n", "", 0],
  [["sed", "-n", "$!{h;d};x;G;p"], "a\nb\nc\n", "b\nc\n", "", 0],
  [["sed", "1!G;h;$!d"], "a\nb\nc\n", "c\nb\na\n", "", 0],
  [["sed", "n;d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\nthree\nfive\nseven\n", "", 0],
  [["sed", "-n", "l"], "a\tb\\c\n", "a\\tb\\\\c$\n", "", 0],
  [["sed", "=;p"], "x", "1\nx\nx", "", 0],
  [["sed", "p"], "x", "x\nx", "", 0],
  [["sed", "$a end"], "x\ny", "x\ny\nend\n", "", 0],
  [["sed", "-n", "/two/{p;q}"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "two\n", "", 0],
  [["sed", "/two/{s/two/2/;s/$/!/}"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\n2!\nthree\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "2{p}; 3{p}"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one\ntwo\ntwo\nthree\nthree\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", ":a;N;$!ba;s/\\n/,/g"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "one,two,three,four,five,six,seven\n", "", 0],
  [["sed", "-e", "s/one/1/", "-e", "s/two/2/"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "1\n2\nthree\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "-e", "1d;2d"], "one\ntwo\nthree\nfour\nfive\nsix\nseven\n", "three\nfour\nfive\nsix\nseven\n", "", 0],
  [["sed", "-s", "-n", "$p", "a.txt", "b.txt"], "", "three\nfive\n", "", 0],
  [["sed", "-n", "$p", "a.txt", "b.txt"], "", "five\n", "", 0],
  [["sed", "-n", "1p", "a.txt", "-"], "stdin\n", "one\n", "", 0],
  [["sed", "F"], "a\n", "-\na\n", "", 0],
  [["sed", "-f", "script.sed", "dep.yaml"], "", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - image: httpd:1.14\n", "", 0],
  [["sed", "s/replicas: 2/replicas: 3/", "dep.yaml"], "", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - image: nginx:1.14\n        name: nginx\n", "", 0],
  [["sed", "-n", "/image:/s/.*image: //p", "dep.yaml"], "", "nginx:1.14\n", "", 0],
  [["sed", "s/a/b"], "a\n", "", "sed: -e expression #1, char 5: unterminated `s' command\n", 1],
  [["sed", "s/a"], "a\n", "", "sed: -e expression #1, char 3: unterminated `s' command\n", 1],
  [["sed", "s/a/b/x"], "a\n", "", "sed: -e expression #1, char 7: unknown option to `s'\n", 1],
  [["sed", "k"], "a\n", "", "sed: -e expression #1, char 1: unknown command: `k'\n", 1],
  [["sed", "1,2=x"], "a\n", "", "sed: -e expression #1, char 5: extra characters after command\n", 1],
  [["sed", "{p"], "a\n", "", "sed: -e expression #1, char 0: unmatched `{'\n", 1],
  [["sed", "p}"], "a\n", "", "sed: -e expression #1, char 2: unexpected `}'\n", 1],
  [["sed", "1,"], "a\n", "", "sed: -e expression #1, char 2: unexpected `,'\n", 1],
  [["sed", "0p"], "a\n", "", "sed: -e expression #1, char 2: invalid usage of line address 0\n", 1],
  [["sed", "/a"], "a\n", "", "sed: -e expression #1, char 2: unterminated address regex\n", 1],
  [["sed", "y/ab/c/"], "a\n", "", "sed: -e expression #1, char 7: strings for `y' command are different lengths\n", 1],
  [["sed", "s/\\(a/b/"], "a\n", "", "sed: -e expression #1, char 8: Unmatched ( or \\(\n", 1],
  [["sed", "s/a/\\1/"], "a\n", "", "sed: -e expression #1, char 7: invalid reference \\1 on `s' command's RHS\n", 1],
  [["sed", "a"], "a\n", "", "sed: -e expression #1, char 1: expected \\ after `a', `c' or `i'\n", 1],
  [["sed", "2!!p"], "a\n", "", "sed: -e expression #1, char 3: multiple `!'s\n", 1],
  [["sed", "1#c"], "a\n", "", "sed: -e expression #1, char 2: comments don't accept any addresses\n", 1],
  [["sed", "b foo"], "a\n", "", "sed: can't find label for jump to `foo'\n", 4],
  [["sed", "s/a/b/gg"], "a\n", "", "sed: -e expression #1, char 8: multiple `g' options to `s' command\n", 1],
  [["sed", "s/a/b/0"], "a\n", "", "sed: -e expression #1, char 7: number option to `s' command may not be zero\n", 1],
  [["sed", "-E", "s/(a/b/"], "a\n", "", "sed: -e expression #1, char 7: Unmatched ( or \\(\n", 1],
  [["sed", "s/[/x/"], "a\n", "", "sed: -e expression #1, char 6: unterminated `s' command\n", 1],
  [["sed", "s//x/"], "a\n", "", "sed: -e expression #1, char 0: no previous regular expression\n", 1],
  [["sed", "1q5x"], "a\n", "", "sed: -e expression #1, char 4: extra characters after command\n", 1],
  [["sed", "-e", "p", "-e", "k"], "a\n", "", "sed: -e expression #2, char 1: unknown command: `k'\n", 1],
  [["sed", "-f", "nope.sed"], "a\n", "", "sed: couldn't open file nope.sed: No such file or directory\n", 4],
  [["sed", "p", "nope"], "a\n", "", "sed: can't read nope: No such file or directory\n", 2],
  [["sed", "p", "nope", "a.txt"], "", "one\none\ntwo\ntwo\nthree\nthree\n", "sed: can't read nope: No such file or directory\n", 2],
  [["sed", "-n", "p", "dir"], "", "", "sed: read error on dir: Is a directory\n", 4],
  [["sed", "-n"], "a\n", "", "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n\n  -n, --quiet, --silent\n                 suppress automatic printing of pattern space\n      --debug\n                 annotate program execution\n  -e script, --expression=script\n                 add the script to the commands to be executed\n  -f script-file, --file=script-file\n                 add the contents of script-file to the commands to be executed\n  --follow-symlinks\n                 follow symlinks when processing in place\n  -i[SUFFIX], --in-place[=SUFFIX]\n                 edit files in place (makes backup if SUFFIX supplied)\n  -l N, --line-length=N\n                 specify the desired line-wrap length for the `l' command\n  --posix\n                 disable all GNU extensions.\n  -E, -r, --regexp-extended\n                 use extended regular expressions in the script\n                 (for portability use POSIX -E).\n  -s, --separate\n                 consider files as separate rather than as a single,\n                 continuous long stream.\n      --sandbox\n                 operate in sandbox mode (disable e/r/w commands).\n  -u, --unbuffered\n                 load minimal amounts of data from the input files and flush\n                 the output buffers more often\n  -z, --null-data\n                 separate lines by NUL characters\n      --help     display this help and exit\n      --version  output version information and exit\n\nIf no -e, --expression, -f, or --file option is given, then the first\nnon-option argument is taken as the sed script to interpret.  All\nremaining arguments are names of input files; if no input files are\nspecified, then the standard input is read.\n\nGNU sed home page: <https://www.gnu.org/software/sed/>.\nGeneral help using GNU software: <https://www.gnu.org/gethelp/>.\n", 1],
  [["sed", "s/a/b/ "], "a\n", "b\n", "", 0],
  [["sed", "s/a/b/;p"], "a\n", "b\nb\n", "", 0],
  [["sed", "v 4.2"], "a\n", "a\n", "", 0],
  [["sed", "-x", "p"], "a\n", "", "sed: invalid option -- 'x'\nUsage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n\n  -n, --quiet, --silent\n                 suppress automatic printing of pattern space\n      --debug\n                 annotate program execution\n  -e script, --expression=script\n                 add the script to the commands to be executed\n  -f script-file, --file=script-file\n                 add the contents of script-file to the commands to be executed\n  --follow-symlinks\n                 follow symlinks when processing in place\n  -i[SUFFIX], --in-place[=SUFFIX]\n                 edit files in place (makes backup if SUFFIX supplied)\n  -l N, --line-length=N\n                 specify the desired line-wrap length for the `l' command\n  --posix\n                 disable all GNU extensions.\n  -E, -r, --regexp-extended\n                 use extended regular expressions in the script\n                 (for portability use POSIX -E).\n  -s, --separate\n                 consider files as separate rather than as a single,\n                 continuous long stream.\n      --sandbox\n                 operate in sandbox mode (disable e/r/w commands).\n  -u, --unbuffered\n                 load minimal amounts of data from the input files and flush\n                 the output buffers more often\n  -z, --null-data\n                 separate lines by NUL characters\n      --help     display this help and exit\n      --version  output version information and exit\n\nIf no -e, --expression, -f, or --file option is given, then the first\nnon-option argument is taken as the sed script to interpret.  All\nremaining arguments are names of input files; if no input files are\nspecified, then the standard input is read.\n\nGNU sed home page: <https://www.gnu.org/software/sed/>.\nGeneral help using GNU software: <https://www.gnu.org/gethelp/>.\n", 1],
  [["sed", "y/a\\/b/xyz/"], "a/b\n", "xyz\n", "", 0],
  [["sed", "s/a\\|b/X/g"], "abc\n", "XXc\n", "", 0],
  [["sed", "/x/I,/y/Mp"], "x\n", "x\nx\n", "", 0],
  [["sed", "s.a\\.b.X."], "a.b\n", "X\n", "", 0],
  [["sed", "s/[/]/X/"], "a/b\n", "aXb\n", "", 0],
  [["sed", "-E", "s/(a)|b/[\\1]/g"], "ab\n", "[a][]\n", "", 0],
  [["sed", "s/\\<./\\u&/g"], "hello big world\n", "Hello Big World\n", "", 0],
  [["sed", "-n", "/[[:digit:]]\\{2\\}/p"], "web-1 Running\napi-2 Pending\nweb-10 Running\nfoo(bar) a|b\n", "web-10 Running\n", "", 0],
  [["sed", "s/.$//"], "a\r\nb\r\n", "a\nb\n", "", 0],
];

describe('sed (GNU sed 4.9)', () => {
  parity(ROWS, { files: FILES });
});

/** In-place edits, recorded from GNU sed 4.9: argv, stdout, stderr, status, and the files that changed (their new text). */
const IN_PLACE: [argv: string[], stdout: string, stderr: string, status: number, changed: Record<string, string>][] = [
  [["sed", "-i", "s/replicas: 2/replicas: 3/", "dep.yaml"], "", "", 0, {"dep.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - image: nginx:1.14\n        name: nginx\n"}],
  [["sed", "-i.bak", "s/one/1/", "a.txt"], "", "", 0, {"a.txt.bak": "one\ntwo\nthree\n", "a.txt": "1\ntwo\nthree\n"}],
  [["sed", "--in-place=.orig", "-e", "2d", "a.txt", "b.txt"], "", "", 0, {"b.txt": "four\n", "b.txt.orig": "four\nfive\n", "a.txt.orig": "one\ntwo\nthree\n", "a.txt": "one\nthree\n"}],
  [["sed", "-i", "-n", "$p", "a.txt", "b.txt"], "", "", 0, {"b.txt": "five\n", "a.txt": "three\n"}],
  [["sed", "-i", "2q", "a.txt"], "", "", 0, {"a.txt": "one\ntwo\n"}],
  [["sed", "-i", "1d", "nope", "a.txt"], "", "sed: can't read nope: No such file or directory\n", 2, {"a.txt": "two\nthree\n"}],
  [["sed", "-i", "s/a/b/"], "", "sed: no input files\n", 4, {}],
  [["sed", "-i", "p", "dir"], "", "sed: couldn't edit dir: not a regular file\n", 4, {}],
  [["sed", "-i", "s/o/0/w changes.txt", "a.txt"], "", "", 0, {"changes.txt": "0ne\ntw0\n", "a.txt": "0ne\ntw0\nthree\n"}],
  [["sed", "-i", "-e", "1i\\# header", "dep.yaml"], "", "", 0, {"dep.yaml": "# header\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - image: nginx:1.14\n        name: nginx\n"}],
  [["sed", "-si", "1d", "a.txt"], "", "", 0, {"a.txt": "two\nthree\n"}],
  [["sed", "-i", "=", "b.txt"], "", "", 0, {"b.txt": "1\nfour\n2\nfive\n"}],
  [["sed", "-i", "-e", "$a\\", "-e", "tail", "b.txt"], "", "", 0, {"b.txt": "four\nfive\ntail\n"}],
  [["sed", "-i.bak", "s/x/y/", "b.txt"], "", "", 0, {"b.txt.bak": "four\nfive\n"}],
];

describe('sed -i (GNU sed 4.9) writes through the filesystem', () => {
  for (const [argv, stdout, stderr, status, changed] of IN_PLACE) {
    it(argv.join(' '), () => {
      const { result, ws } = runRow([argv, '', '', '', 0], { files: FILES });
      expect(result).toEqual({ stdout, stderr, status });
      const given: Record<string, string> = FILES;
      expect(Object.fromEntries(Object.entries(ws.written()).filter(([name, text]) => given[name] !== text))).toEqual(changed);
    });
  }
});
