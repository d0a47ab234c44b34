/**
 * Which kubeconfig one invocation reads and writes: the Session's (~/.kube/config), or the file
 * `--kubeconfig PATH` (else the KUBECONFIG variable, one path) names on the workstation — loaded as clientcmd loads it and, for a `kubectl
 * config` command that changed it, written back there (ModifyConfig), so `kubectl config view
 * --minify --raw > mini.yaml` then `kubectl --kubeconfig mini.yaml get pods` works as in the
 * tutorials. Recorded from kubectl v1.35.2: a missing file is `error: stat nope.yaml: no such file
 * or directory` for a command that talks to the cluster and an empty config for `kubectl config`
 * (whose first edit creates it), while a KUBECONFIG file that is not there is always an empty
 * config (`localhost:8080` refused); messages name the file as typed (`deleted context x from new.yaml`).
 */
import { CmdError, plainError } from './errors';
import { normalizePath } from '../k8s/posix-path';
import { globalFlag } from './client-config';
import { kubeconfigFileText, loadErrorText, parseKubeconfigFile } from './kubeconfig-file';
import { KUBECONFIG_PATH, type KubeadmPem, type Kubeconfig } from './kubeconfig';
import type { FileSource } from './types';

export interface LoadedKubeconfig {
  kubeconfig: Kubeconfig;
  /** The file's path as messages name it. */
  path: string;
  /** After the command: writes an edited explicit file back to the workstation. */
  save(): void;
}

export interface LoadContext {
  sessionKubeconfig: Kubeconfig;
  files: FileSource;
  /** Where the prompt is (`cd`), to tell whether a relative --kubeconfig is ~/.kube/config itself. */
  cwd: string;
  pem: (which: KubeadmPem) => string;
  /** Writes a workstation file; absent when there is no workstation (a bare runKubectl). */
  writeFile?: (path: string, text: string) => void;
  /** The prompt's exported KUBECONFIG (or a `KUBECONFIG=… kubectl` assignment), if any. */
  variable?: string;
}

/** Commands that never load a kubeconfig. */
function loadsNothing(argv: readonly string[], words: readonly string[]): boolean {
  return ['help', 'options', 'completion'].includes(words[0] ?? '') || argv.some((a) => a === '--help' || a === '-h');
}

export function loadKubeconfig(ctx: LoadContext, argv: readonly string[], words: readonly string[]): LoadedKubeconfig {
  const flag = globalFlag(argv, 'kubeconfig');
  // KUBECONFIG names files to merge; the simulator reads one.
  if (flag === '' && ctx.variable?.includes(':')) throw plainError(`KUBECONFIG with several files (${ctx.variable}) is not available in this simulator: name one file`);
  const explicit = flag || ctx.variable || '';
  if (explicit === '' || normalizePath(explicit, ctx.cwd) === KUBECONFIG_PATH) {
    // A ~/.kube/config clientcmd cannot load stops every command that reads it.
    const loadError = loadErrorText(ctx.sessionKubeconfig);
    if (loadError && !loadsNothing(argv, words)) throw new CmdError(loadError);
    return { kubeconfig: ctx.sessionKubeconfig, path: KUBECONFIG_PATH, save: () => {} };
  }
  const config = words[0] === 'config';
  const text = ctx.files.readFile(explicit);
  let kubeconfig: Kubeconfig = { currentContext: '', clusters: [], contexts: [], users: [] };
  if (text === undefined) {
    // --kubeconfig must name a file; KUBECONFIG's missing files are skipped (an empty config).
    if (flag !== '' && !config && !loadsNothing(argv, words)) throw plainError(`stat ${explicit}: no such file or directory`);
  } else {
    const parsed = parseKubeconfigFile(text, ctx.pem);
    if (!parsed.ok) throw new CmdError(`error: error loading config file ${JSON.stringify(explicit)}: ${parsed.message}\n`);
    kubeconfig = parsed.config;
  }
  const before = JSON.stringify(kubeconfig);
  const save = (): void => {
    if (!config || !ctx.writeFile || JSON.stringify(kubeconfig) === before) return;
    const written = kubeconfigFileText(kubeconfig, ctx.pem);
    if (written !== undefined) ctx.writeFile(explicit, written);
  };
  return { kubeconfig, path: explicit, save };
}

