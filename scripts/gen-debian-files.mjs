#!/usr/bin/env node
/**
 * Turns scripts/record-debian-files.sh's listings into the table of
 * src/engine/images/debian-files-data.ts (printed; paste it between the braces).
 * Usage: node scripts/gen-debian-files.mjs bookworm.tsv bookworm-procps.tsv trixie.tsv trixie-procps.tsv
 */
import { readFileSync } from 'node:fs';

/** `-rwsr-xr-x` → 0o4755. @param {string} p */
function modeOf(p) {
  let m = 0;
  const s = p.slice(1);
  for (let i = 0; i < 9; i++) if (s[i] !== '-') m |= 1 << (8 - i);
  if (s[2] === 's') m |= 0o4000;
  if (s[5] === 's') m |= 0o2000;
  return m;
}
/** @type {Record<string, number>} */
const GIDS = { root: 0, shadow: 42 };

/** One release's listing as the table's text. @param {string} file */
function encode(file) {
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => {
    const [path = '', perm = '', own = '', size = '', target = '', hard = ''] = l.split('\t');
    return { path, perm, own, size, target, hard };
  });
  const byPath = new Map(rows.map((r) => [r.path, r]));
  /** @type {Map<string, number>} */
  const nlink = new Map();
  for (const r of rows) if (r.hard) nlink.set(r.hard, (nlink.get(r.hard) ?? 1) + 1);
  /** @type {Map<string, string[]>} */
  const dirs = new Map();
  for (const { path, perm, own, size, target, hard } of rows) {
    const at = path.lastIndexOf('/');
    const dir = path.slice(0, at);
    const name = path.slice(at + 1);
    let line;
    if (perm[0] === 'l') line = `${name}>${target}`;
    else {
      const bytes = hard ? (byPath.get(hard)?.size ?? size) : size;
      const mode = modeOf(perm);
      const gid = GIDS[own.split('/')[1] ?? ''];
      if (gid === undefined) throw new Error(`group of ${path}: ${own}`);
      const links = hard ? (nlink.get(hard) ?? 2) : (nlink.get(path) ?? 1);
      // A hard link names the entry it shares its inode with (`perl5.36.0 … =perl`).
      const same = hard ? ` =${hard.slice(hard.lastIndexOf('/') + 1)}` : '';
      line = `${name} ${bytes}${mode !== 0o755 ? ` m${mode.toString(8)}` : ''}${gid ? ` g${gid}` : ''}${links > 1 ? ` n${links}` : ''}${same}`;
    }
    const lines = dirs.get(dir) ?? [];
    lines.push(line);
    dirs.set(dir, lines);
  }
  return [...dirs].map(([d, lines]) => `${d}\n${lines.join('\n')}`).join('\n');
}

const [bw = '', bwp = '', tx = '', txp = ''] = process.argv.slice(2);
/** @param {string} s */
const out = (s) => '`\n' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '\n`';
process.stdout.write(`  bookworm: { base: ${out(encode(bw))}, procps: ${out(encode(bwp))} },\n  trixie: { base: ${out(encode(tx))}, procps: ${out(encode(txp))} },\n`);
