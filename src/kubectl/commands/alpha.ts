/**
 * `kubectl alpha` (kubernetes/kubectl pkg/cmd/alpha.go): v1.36 has no alpha subcommands (kuberc
 * left it for the root), so the command is hidden and its help function — what cobra runs for
 * `alpha`, `alpha ANYTHING`, `alpha --help` and `help alpha` alike, once the flags parse — says
 * so on stderr, exit 0 (recorded from kubectl v1.35.2 with its kuberc turned off, KUBECTL_KUBERC=false,
 * which leaves alpha as v1.36 builds it).
 */
import type { Env } from '../env';
import { parseFlags } from '../flags';

export function runAlpha(env: Env, argv: readonly string[]): number {
  parseFlags([...argv].filter((a) => a !== '--help' && a !== '-h'), [], 'kubectl alpha');
  env.out.err('No alpha commands are available in this version of kubectl\n');
  return 0;
}
