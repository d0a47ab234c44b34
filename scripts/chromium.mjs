/**
 * Finds the Chromium the end-to-end tests drive (Playwright cannot download browsers here).
 * Order: $CHROMIUM_PATH, /usr/bin/chromium. When neither exists and we run as root with apt-get,
 * installs Debian's chromium plus CJK fonts (without them Chinese renders as boxes).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const APT_PACKAGES = ['chromium', 'fonts-noto-cjk'];
export const HOW_TO = `Chromium not found: run \`apt-get install -y ${APT_PACKAGES.join(' ')}\` (as root) or set CHROMIUM_PATH to a Chromium binary.`;

/** @returns {{ ok: true, path: string } | { ok: false, message: string }} */
export function ensureChromium(log = (/** @type {string} */ line) => console.log(line)) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    return existsSync(fromEnv) ? { ok: true, path: fromEnv } : { ok: false, message: `CHROMIUM_PATH=${fromEnv} does not exist. ${HOW_TO}` };
  }
  if (existsSync(DEFAULT_CHROMIUM)) return { ok: true, path: DEFAULT_CHROMIUM };

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return { ok: false, message: HOW_TO };

  log(`Installing ${APT_PACKAGES.join(' ')} with apt-get (needed by the end-to-end tests)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...APT_PACKAGES]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) return { ok: false, message: `apt-get ${args[0]} failed (exit ${r.status}). ${HOW_TO}` };
  }
  return existsSync(DEFAULT_CHROMIUM) ? { ok: true, path: DEFAULT_CHROMIUM } : { ok: false, message: HOW_TO };
}
