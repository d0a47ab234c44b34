/** One log stream of `kubectl logs`: the pods/log request for one container, and its --prefix. */
import type { Pod } from '../../k8s/types';
import type { LogOptions } from '../../engine/index';
import { CmdError, fatalText } from '../errors';
import type { Env } from '../env';

/** One log stream: what `--prefix` names it by and what the pods/log request asks. */
export interface LogStream {
  pod: Pod;
  container: string;
  /** `[pod/<name>/<container>] ` with --prefix, else empty. */
  prefix: string;
}

export function readLog(env: Env, s: LogStream, opts: LogOptions): string {
  const res = env.client.raw({ verb: 'get', resource: 'pods', subresource: 'log', namespace: s.pod.metadata.namespace, name: s.pod.metadata.name, logOptions: { ...opts, container: s.container } });
  if (!res.ok) throw new CmdError(fatalText(res.error));
  return res.text ?? '';
}

/** prefixingWriter: the prefix goes before every line DefaultConsumeRequest writes. */
export function prefixed(text: string, prefix: string): string {
  if (!prefix || !text) return text;
  return text.replace(/^(?=.)|(?<=\n)(?=.)/gs, prefix);
}
