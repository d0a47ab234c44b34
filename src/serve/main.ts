/**
 * `reconcile serve …` / `npm run serve -- …`: serves a simulated cluster to real kubectls until
 * interrupted, and prints the one line that points a shell's kubectl at it.
 */
import { parseServeArgs, SERVE_USAGE } from './args';
import { startServe } from './start';

async function main(): Promise<number> {
  const args = parseServeArgs(process.argv.slice(2));
  if ('help' in args) {
    process.stdout.write(SERVE_USAGE);
    return 0;
  }
  if ('error' in args) {
    process.stderr.write(`${args.error}\n\n${SERVE_USAGE}`);
    return 2;
  }
  const served = await startServe(args);
  const clock = args.clock === 'real' ? `real time × ${args.speed}` : 'manual (POST /reconcile/v1/sim)';
  process.stderr.write(`Serving a simulated ${args.topology} cluster (seed ${args.seed}, clock ${clock}) at ${served.url}\n`);
  process.stdout.write(`export KUBECONFIG=${served.kubeconfigPath}\n`);
  const app = served.app;
  if (app) {
    if (!app.built) process.stderr.write(`warning: ${args.dist}/index.html is missing, so the app cannot be served: run \`npm run build\` (or pass --dist)\n`);
    if (app.presenterLink) {
      process.stderr.write(`Classroom: you present at ${app.presenterLink}\n`);
      if (app.studentLinks?.length) process.stderr.write(`Students open (same network): ${app.studentLinks.join('  ')}\n`);
      else process.stderr.write('Students: no network address found (is this machine on a network?)\n');
      process.stderr.write(`Attach a page to this cluster: ${app.attachLink}\n`);
    } else process.stderr.write(`Open the app attached to this cluster: ${app.attachLink}\n`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await served.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
