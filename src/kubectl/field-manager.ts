/**
 * The `?fieldManager=` kubectl sends on a command's writes: each command's default (its
 * `FieldManager` in kubectl's source), or the `--field-manager` flag where one is given. A
 * command without one (scale, rollout undo, cordon, drain, certificate) leaves the server to use
 * kubectl's user agent, whose prefix is `kubectl` (kubernetes/kubectl pkg/cmd, 2026).
 */
const DEFAULTS: Readonly<Record<string, string>> = {
  apply: 'kubectl-client-side-apply',
  annotate: 'kubectl-annotate',
  autoscale: 'kubectl-autoscale',
  create: 'kubectl-create',
  debug: 'kubectl-debug',
  edit: 'kubectl-edit',
  expose: 'kubectl-expose',
  label: 'kubectl-label',
  patch: 'kubectl-patch',
  replace: 'kubectl-replace',
  rollout: 'kubectl-rollout',
  run: 'kubectl-run',
  set: 'kubectl-set',
  taint: 'kubectl-taint',
};

export function fieldManagerFor(command: string | undefined, argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith('--field-manager=')) return a.slice('--field-manager='.length) || undefined;
    if (a === '--field-manager' && i + 1 < argv.length) return argv[i + 1];
  }
  return command !== undefined && Object.hasOwn(DEFAULTS, command) ? DEFAULTS[command] : undefined;
}
