/**
 * kubectl 1.35's help texts (kubectl-help.json, written by scripts/gen-kubectl-help.mjs from the
 * real binary) load on their own chunk (../lazy-chunk.ts), like explain's descriptions, so the
 * page and the worker's boot never wait for them. Until they arrive, `kubectlHelp()` is undefined
 * and every help request prints the root overview (commands/help.ts HELP) as a fallback.
 */
import { lazyChunk } from '../lazy-chunk';

export interface KubectlHelp {
  /** What `kubectl <path> --help` prints, by command path (`rollout status`, `create secret tls`). */
  topics: Record<string, string>;
  /** A path whose help is another's (`create deploy` → `create deployment`). */
  aliases: Record<string, string>;
  /** What `kubectl options` prints. */
  options: string;
  /** What `kubectl completion SHELL` prints, by shell (commands/completion.ts). */
  completion: Record<string, string>;
}

const chunk = lazyChunk(() => import('./kubectl-help.json').then((m) => m.default as KubectlHelp));

export const kubectlHelp = chunk.get;
export const loadKubectlHelp = chunk.load;
