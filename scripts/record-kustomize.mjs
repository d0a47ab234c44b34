#!/usr/bin/env node
/**
 * Re-records src/kubectl/kustomize/recorded/*.json against the real kubectl: for each row
 * (`name`, `files`, `args`), writes the files under a scratch directory named /…/home/learner
 * (the simulator's home, so the absolute paths kustomize prints read the same), runs
 * `kubectl <args>` there with an empty environment, and stores stdout, stderr and the exit
 * code. To add a case, append a row with `stdout: "", stderr: "", code: 0` and run this.
 *
 * The committed rows came from kubectl v1.35.2 (Kustomize v5.7.1), the binary the serve tests
 * unpack into node_modules/.cache/reconcile-kubectl.
 *
 * Usage: node scripts/record-kustomize.mjs [--kubectl <path>] [file.json ...]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'src/kubectl/kustomize/recorded');
const args = process.argv.slice(2);
const at = args.indexOf('--kubectl');
const kubectl = (at >= 0 ? args.splice(at, 2)[1] : undefined) ?? join(ROOT, 'node_modules/.cache/reconcile-kubectl/kubectl');
const files = args.length ? args : readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => join(DIR, f));

const scratch = mkdtempSync(join(tmpdir(), 'kustomize-'));
const home = join(scratch, 'home/learner');
/** @param {string} s */
const unscratch = (s) => s.replaceAll(home, '/home/learner');
try {
  for (const file of files) {
    const rows = JSON.parse(readFileSync(file, 'utf8'));
    for (const row of rows) {
      rmSync(home, { recursive: true, force: true });
      mkdirSync(home, { recursive: true });
      for (const [p, text] of Object.entries(row.files)) {
        mkdirSync(dirname(join(home, p)), { recursive: true });
        writeFileSync(join(home, p), text);
      }
      const r = spawnSync(kubectl, row.args.split(' '), { cwd: home, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: scratch } });
      Object.assign(row, { stdout: unscratch(r.stdout), stderr: unscratch(r.stderr), code: r.status });
    }
    writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
    console.log(`${file}: ${rows.length} rows`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
