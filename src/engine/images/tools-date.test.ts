/**
 * date against GNU coreutils 9.1 (Debian 12, tzdata 2024): every row was printed by the real tool
 * under LANG=en_US.UTF-8 (the terminal's locale; built with localedef) unless the row sets LANG
 * or TZ. Rows without `-d` ran as `date -d @1796000000.123 …`: here they run with the simulated
 * clock at that instant, which is what `date` alone must print. Setting the clock was recorded as
 * a user who is not root (the learner's laptop account).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_EPOCH_MS } from '../../k8s/time';
import { runRow } from './gnu-parity.testing';

type DateRow = [argv: string[], stdout: string, stderr: string, status: number, env?: Record<string, string>];

/** 2026-11-30T00:53:20.123Z as simulated ms (the tests run at the default epoch). */
const CLOCK = 1796000000123 - DEFAULT_EPOCH_MS;

const ROWS: DateRow[] = [
  [["date"], "Mon Nov 30 12:53:20 AM UTC 2026\n", "", 0],
  [["date", "-u"], "Mon Nov 30 12:53:20 AM UTC 2026\n", "", 0],
  [["date", "--utc"], "Mon Nov 30 12:53:20 AM UTC 2026\n", "", 0],
  [["date", "+%Y-%m-%dT%H:%M:%SZ"], "2026-11-30T00:53:20Z\n", "", 0],
  [["date", "-u", "+%Y-%m-%dT%H:%M:%SZ"], "2026-11-30T00:53:20Z\n", "", 0],
  [["date", "+%s"], "1796000000\n", "", 0],
  [["date", "+%s%N"], "1796000000123000000\n", "", 0],
  [["date", "+%N"], "123000000\n", "", 0],
  [["date", "+%3N"], "123\n", "", 0],
  [["date", "+%F %T"], "2026-11-30 00:53:20\n", "", 0],
  [["date", "+%D"], "11/30/26\n", "", 0],
  [["date", "+%a %A %b %B %h"], "Mon Monday Nov November Nov\n", "", 0],
  [["date", "+%c"], "Mon 30 Nov 2026 12:53:20 AM UTC\n", "", 0],
  [["date", "+%x"], "11/30/2026\n", "", 0],
  [["date", "+%X"], "12:53:20 AM\n", "", 0],
  [["date", "+%r"], "12:53:20 AM\n", "", 0],
  [["date", "+%R"], "00:53\n", "", 0],
  [["date", "+%p %P"], "AM am\n", "", 0],
  [["date", "+%I %l %k"], "12 12  0\n", "", 0],
  [["date", "+%j %u %w %U %W %V %G %g"], "334 1 1 48 48 49 2026 26\n", "", 0],
  [["date", "+%y %C"], "26 20\n", "", 0],
  [["date", "+%z %:z %::z %:::z"], "+0000 +00:00 +00:00:00 +00\n", "", 0],
  [["date", "+%Z"], "UTC\n", "", 0],
  [["date", "+%e"], "30\n", "", 0],
  [["date", "+%-d %-m %_m %05d %^a %#b %^B %10A|"], "30 11 11 00030 MON NOV NOVEMBER     Monday|\n", "", 0],
  [["date", "+%%"], "%\n", "", 0],
  [["date", "+%n%t|"], "\n\t|\n", "", 0],
  [["date", "+%q"], "4\n", "", 0],
  [["date", "+%"], "%\n", "", 0],
  [["date", "+%Q"], "%Q\n", "", 0],
  [["date", "+%-e|%_H|%-H"], "30| 0|0\n", "", 0],
  [["date", "-I"], "2026-11-30\n", "", 0],
  [["date", "-Iseconds"], "2026-11-30T00:53:20+00:00\n", "", 0],
  [["date", "-Ihours"], "2026-11-30T00+00:00\n", "", 0],
  [["date", "-Iminutes"], "2026-11-30T00:53+00:00\n", "", 0],
  [["date", "-Ins"], "2026-11-30T00:53:20,123000000+00:00\n", "", 0],
  [["date", "--iso-8601=seconds"], "2026-11-30T00:53:20+00:00\n", "", 0],
  [["date", "-Id"], "2026-11-30\n", "", 0],
  [["date", "-Ix"], "", "date: invalid argument ‘x’ for ‘--iso-8601’\nValid arguments are:\n  - ‘hours’\n  - ‘minutes’\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\nTry 'date --help' for more information.\n", 1],
  [["date", "-R"], "Mon, 30 Nov 2026 00:53:20 +0000\n", "", 0],
  [["date", "--rfc-email"], "Mon, 30 Nov 2026 00:53:20 +0000\n", "", 0],
  [["date", "--rfc-3339=seconds"], "2026-11-30 00:53:20+00:00\n", "", 0],
  [["date", "--rfc-3339=ns"], "2026-11-30 00:53:20.123000000+00:00\n", "", 0],
  [["date", "--rfc-3339=date"], "2026-11-30\n", "", 0],
  [["date", "--rfc-3339"], "", "date: option '--rfc-3339' requires an argument\nTry 'date --help' for more information.\n", 1],
  [["date", "--rfc-3339=x"], "", "date: invalid argument ‘x’ for ‘--rfc-3339’\nValid arguments are:\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\nTry 'date --help' for more information.\n", 1],
  [["date", "-R", "+%s"], "", "date: multiple output formats specified\n", 1],
  [["date", "-I", "-R"], "", "date: multiple output formats specified\n", 1],
  [["date", "+%s", "+%Y"], "", "date: extra operand ‘+%Y’\nTry 'date --help' for more information.\n", 1],
  [["date", "-d", "@0"], "Thu Jan  1 12:00:00 AM UTC 1970\n", "", 0],
  [["date", "-u", "-d", "@0"], "Thu Jan  1 12:00:00 AM UTC 1970\n", "", 0],
  [["date", "-d", "@1700000000", "+%F %T"], "2023-11-14 22:13:20\n", "", 0],
  [["date", "-d", "@-1", "+%F %T"], "1969-12-31 23:59:59\n", "", 0],
  [["date", "-d", "@1.5", "+%s.%N"], "1.500000000\n", "", 0],
  [["date", "-d", "2024-01-02"], "Tue Jan  2 12:00:00 AM UTC 2024\n", "", 0],
  [["date", "-d", "2024-01-02T03:04:05Z"], "Tue Jan  2 03:04:05 AM UTC 2024\n", "", 0],
  [["date", "-d", "2024-01-02T03:04:05"], "Tue Jan  2 03:04:05 AM UTC 2024\n", "", 0],
  [["date", "-d", "2024-01-02 03:04:05"], "Tue Jan  2 03:04:05 AM UTC 2024\n", "", 0],
  [["date", "-d", "2024-01-02T03:04:05+02:00", "-u"], "Tue Jan  2 01:04:05 AM UTC 2024\n", "", 0],
  [["date", "-d", "2024-01-02T03:04:05.5Z", "+%N"], "500000000\n", "", 0],
  [["date", "-d", "2024-01-02 03:04", "+%T"], "03:04:00\n", "", 0],
  [["date", "--date=2024-02-29", "+%j"], "060\n", "", 0],
  [["date", "-d", "2024-13-01"], "", "date: invalid date ‘2024-13-01’\n", 1],
  [["date", "-d", "garbage"], "", "date: invalid date ‘garbage’\n", 1],
  [["date", "-d", "2024-02-30"], "", "date: invalid date ‘2024-02-30’\n", 1],
  [["date", "-d"], "", "date: option requires an argument -- 'd'\nTry 'date --help' for more information.\n", 1],
  [["date", "-d", "@x"], "", "date: invalid date ‘@x’\n", 1],
  [["date", "-d", "@1796000000", "+%c"], "Mon Nov 30 00:53:20 2026\n", "", 0, {"LANG": "C"}],
  [["date", "-d", "@1796000000"], "Mon Nov 30 00:53:20 UTC 2026\n", "", 0, {"LANG": "C"}],
  [["date", "-d", "@1796000000", "+%x %X %r %p"], "11/30/26 00:53:20 12:53:20 AM AM\n", "", 0, {"LANG": "C"}],
  [["date", "-d", "@1796000000"], "Sun Nov 29 07:53:20 PM EST 2026\n", "", 0, {"TZ": "America/New_York"}],
  [["date", "-d", "@1780000000"], "Thu May 28 04:26:40 PM EDT 2026\n", "", 0, {"TZ": "America/New_York"}],
  [["date", "-d", "@1780000000", "+%Z %z"], "CEST +0200\n", "", 0, {"TZ": "Europe/Berlin"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "CET +0100\n", "", 0, {"TZ": "Europe/Berlin"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "JST +0900\n", "", 0, {"TZ": "Asia/Tokyo"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "IST +0530\n", "", 0, {"TZ": "Asia/Kolkata"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "GMT +0000\n", "", 0, {"TZ": "Europe/London"}],
  [["date", "-d", "@1780000000", "+%Z %z"], "BST +0100\n", "", 0, {"TZ": "Europe/London"}],
  [["date", "-d", "@1796000000", "-u"], "Mon Nov 30 12:53:20 AM UTC 2026\n", "", 0, {"TZ": "Asia/Tokyo"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "Nowhere +0000\n", "", 0, {"TZ": "Nowhere/Land"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "UTC +0000\n", "", 0, {"TZ": "UTC"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "-05 -0500\n", "", 0, {"TZ": "Etc/GMT+5"}],
  [["date", "-d", "2024-01-02 03:04:05", "+%s"], "1704132245\n", "", 0, {"TZ": "Asia/Tokyo"}],
  [["date", "-r", "nope"], "", "date: nope: No such file or directory\n", 1],
  [["date", "--foo"], "", "date: unrecognized option '--foo'\nTry 'date --help' for more information.\n", 1],
  [["date", "-x"], "", "date: invalid option -- 'x'\nTry 'date --help' for more information.\n", 1],
  [["date", "x"], "", "date: invalid date ‘x’\n", 1],
  [["date", "0101"], "", "date: invalid date ‘0101’\n", 1],
  [["date", "-d", "@1796000000", "-d", "@0", "+%s"], "0\n", "", 0],
  [["date", "-r", "nope", "-d", "@1"], "", "date: the options to specify dates for printing are mutually exclusive\nTry 'date --help' for more information.\n", 1],
  [["date", "-s", "x", "-d", "@1"], "", "date: the options to print and set the time may not be used together\nTry 'date --help' for more information.\n", 1],
  [["date", "-d", "1970-01-01 00:00:00 +0100", "+%s"], "-3600\n", "", 0],
  [["date", "-d", "2024-01-31 +1 month", "+%F"], "2024-03-02\n", "", 0],
  [["date", "-d", "2024-01-02 14:30:00 UTC", "+%s"], "1704205800\n", "", 0],
  [["date", "-u", "-d", "@1796000000", "+%c"], "Mon 30 Nov 2026 12:53:20 AM UTC\n", "", 0],
  [["date", "-d", "@1796000000", "+%_5d|%-5d|%#Z|%^p|%#p|%8N"], "   30|30|utc|AM|am|00000000\n", "", 0],
  [["date", "-d", "@1796000000"], "Mon Nov 30 11:53:20 AM AEDT 2026\n", "", 0, {"TZ": "Australia/Sydney"}],
  [["date", "-d", "@1780000000", "+%Z"], "AEST\n", "", 0, {"TZ": "Australia/Sydney"}],
  [["date", "-d", "@1796000000", "+%Z %z"], "EST -0500\n", "", 0, {"TZ": "EST5"}],
  [["date", "-d", "@1796000000", "-R"], "Mon, 30 Nov 2026 06:23:20 +0530\n", "", 0, {"TZ": "Asia/Kolkata"}],
  [["date", "-d", "@1796000000", "-Iseconds"], "2026-11-30T06:23:20+05:30\n", "", 0, {"TZ": "Asia/Kolkata"}],
  [["date", "-d", "@1796000000", "+%Z %:::z"], "IST +05:30\n", "", 0, {"TZ": "Asia/Kolkata"}],
  [["date", "-d", ""], "Mon Nov 30 12:00:00 AM UTC 2026\n", "", 0],
  [["date", "-d", "now"], "Mon Nov 30 12:53:20 AM UTC 2026\n", "", 0],
  [["date", "-d", "yesterday", "+%F %T"], "2026-11-29 00:53:20\n", "", 0],
  [["date", "-d", "tomorrow", "+%F"], "2026-12-01\n", "", 0],
  [["date", "-d", "1 hour ago", "+%T"], "23:53:20\n", "", 0],
  [["date", "-d", "+2 days", "+%F"], "2026-12-02\n", "", 0],
  [["date", "-d", "-3 weeks", "+%F"], "2026-11-09\n", "", 0],
  [["date", "-d", "14:30", "+%F %T"], "2026-11-30 14:30:00\n", "", 0],
  [["date", "-s", "2024-01-01"], "Mon Jan  1 12:00:00 AM UTC 2024\n", "date: cannot set date: Operation not permitted\n", 1],
  [["date", "010112002024"], "Mon Jan  1 12:00:00 PM UTC 2024\n", "date: cannot set date: Operation not permitted\n", 1],
  [["date", "-r", "f.txt", "+%s"], "1796000000\n", "", 0],
  [["date", "--debug"], "", "date: option '--debug' is not supported by this simulator\n", 1],
];

describe('date (GNU coreutils 9.1) on the simulated clock', () => {
  for (const [argv, stdout, stderr, status, env] of ROWS) {
    const vars = { HOME: '/home/learner', LANG: 'en_US.UTF-8', PWD: '/home/learner', ...env };
    it(`${env ? `${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')} ` : ''}${argv.join(' ')}`, () => {
      expect(runRow([argv, '', '', '', 0], { clock: CLOCK, vars, files: { 'f.txt': 'x\n' } }).result).toEqual({ stdout, stderr, status });
    });
  }

  it('never reads the host clock: the same command at another simulated time prints that time', () => {
    expect(runRow([['date', '-u', '+%F %T'], '', '', '', 0], { clock: 0 }).result?.stdout).toBe('2025-09-01 09:00:00\n');
  });
});
