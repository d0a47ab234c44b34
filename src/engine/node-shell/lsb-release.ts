/**
 * `lsb_release` as Ubuntu 24.04 ships it (lsb-release 12.0, Gioele Barabucci's POSIX sh script; the
 * same one Debian 12 has on this machine): it sources /etc/os-release and prints ID (capitalised,
 * or NAME when they match), PRETTY_NAME, VERSION_ID and VERSION_CODENAME. Approximate: the
 * `No LSB modules are available.` it writes to stderr when stdout is a terminal is left out.
 */
import { stat } from '../images/fs';
import type { World } from '../world';
import type { NodeDisk, ShellIo } from './io';
import { getopt, messageOf, type GetoptError, type GetoptSpec } from '../../k8s/getopt';

const HELP = `Usage: lsb_release [options]

Options:
  -h, --help         show this help message and exit
  -v, --version      show LSB modules this system supports
  -i, --id           show distributor ID
  -d, --description  show description of this distribution
  -r, --release      show release number of this distribution
  -c, --codename     show code name of this distribution
  -a, --all          show all of the above information
  -s, --short        show requested information in short format
`;

/**
 * The script's `getopt --name lsb_release -o hvidrcas -l help,version,…` (util-linux getopt(1)
 * over glibc's getopt_long): long prefixes, every error reported in turn (recorded: `lsb_release
 * -x --foo -y` names all three), and then the script's `|| exit 2`.
 */
const OPTIONS: GetoptSpec = {
  short: 'hvidrcas',
  long: [['help', 'h', 'none'], ['version', 'v', 'none'], ['id', 'i', 'none'], ['description', 'd', 'none'], ['release', 'r', 'none'], ['codename', 'c', 'none'], ['all', 'a', 'none'], ['short', 's', 'none']],
};

export function lsbRelease(_w: World, _node: string, args: string[], io: ShellIo, disk: NodeDisk): number {
  const set = new Set<string>();
  let failed = false;
  const report = (e: GetoptError): void => {
    failed = true;
    io.err(`lsb_release: ${messageOf('glibc', e)}\n`);
  };
  // The script's loop stops at the first operand getopt(1) moved after `--`; operands are ignored.
  getopt(args, { ...OPTIONS, report }, ({ key }) => {
    set.add(key);
    return undefined;
  });
  if (failed) return 2;
  if (set.has('h')) {
    io.out(HELP);
    return 0;
  }
  const s = stat(disk.layer, disk.base, '/etc/os-release');
  const text = s.kind === 'file' ? s.content : '';
  const field = (k: string): string | undefined => new RegExp(`^${k}="?([^"\\n]*)"?$`, 'm').exec(text)?.[1];
  const rawId = field('ID') ?? '';
  let id = rawId.charAt(0).toUpperCase() + rawId.slice(1);
  const name = field('NAME');
  if (name !== undefined && id.toLowerCase() === name.toLowerCase()) id = name;
  const all = set.has('a');
  const line = (label: string, v: string | undefined): void => io.out(set.has('s') ? `${v || 'n/a'}\n` : `${label}:\t${v || 'n/a'}\n`);
  if (all || set.has('i')) line('Distributor ID', id);
  if (all || set.has('d')) line('Description', field('PRETTY_NAME'));
  if (all || set.has('r')) line('Release', field('VERSION_ID'));
  if (all || set.has('c')) line('Codename', field('VERSION_CODENAME'));
  return 0;
}
