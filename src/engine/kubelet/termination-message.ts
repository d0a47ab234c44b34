/**
 * A container's termination message, as kuberuntime_container.go's getPodContainerStatuses reads it
 * for an exited container: getTerminationMessage reads the file the kubelet bind-mounted at the
 * container's terminationMessagePath (tail.ReadAtMost: its last MaxContainerTerminationMessageLength,
 * 4096, bytes); with `terminationMessagePolicy: FallbackToLogsOnError`, a non-zero exit and an empty
 * or missing file, readLastStringFromContainerLogs takes the end of the container's log instead (its
 * last 80 lines, of which the last 2048 bytes). The text is appended to the runtime's own message
 * after `: `. The status manager's normalizeStatus then keeps the first 12 KiB / (containers +
 * initContainers) bytes of each message (podStatusMessage below).
 *
 * Approximate: the log fallback joins the records' text, stdout and stderr as they were written,
 * which is what the CRI log's ReadLogs prints for them.
 */
import { utf8Bytes, utf8Decode, utf8Length } from '../../k8s/utf8';
import type { Pod } from '../../k8s/types';
import { containerFile, processLogs } from '../node/app';
import type { ContainerRecord } from '../node/runtime-state';

/** kubecontainer.MaxContainerTerminationMessageLength. */
const MAX_FILE_BYTES = 4 * 1024;
/** kubecontainer.MaxContainerTerminationMessageLogLength and MaxContainerTerminationMessageLogLines. */
const MAX_LOG_BYTES = 2 * 1024;
const MAX_LOG_LINES = 80;
/** kubecontainer.MaxPodTerminationMessageLogLength. */
const MAX_POD_BYTES = 12 * 1024;

const lastBytes = (s: string, n: number): string => {
  const b = utf8Bytes(s);
  return b.length <= n ? s : utf8Decode(b.slice(b.length - n));
};

/** The message the kubelet reports for `c`, an exited container (the runtime's message first). */
export function terminationMessage(c: ContainerRecord): string | undefined {
  if (c.state !== 'CONTAINER_EXITED' || !c.process) return c.message;
  const path = c.config.terminationMessagePath ?? '';
  const fallback = c.config.terminationMessagePolicy === 'FallbackToLogsOnError' && (c.exitCode ?? 0) !== 0;
  const file = path === '' ? undefined : containerFile(c.process, path);
  let text = file === undefined ? '' : lastBytes(file, MAX_FILE_BYTES);
  if (fallback && text === '') {
    const lines = processLogs(c.process, c.finishedAt ?? 0).slice(-MAX_LOG_LINES);
    text = lastBytes(lines.map((l) => (l.partial ? l.text : `${l.text}\n`)).join(''), MAX_LOG_BYTES);
  }
  if (text === '') return c.message;
  return c.message ? `${c.message}: ${text}` : text;
}

/** normalizeStatus's cut: each message keeps its first 12 KiB / (containers + initContainers) bytes. */
export function podStatusMessage(pod: Pod, message: string): string {
  const n = pod.spec.containers.length + (pod.spec.initContainers?.length ?? 0);
  const budget = n > 0 ? Math.floor(MAX_POD_BYTES / n) : MAX_POD_BYTES;
  return utf8Length(message) > budget ? utf8Decode(utf8Bytes(message).slice(0, budget)) : message;
}
