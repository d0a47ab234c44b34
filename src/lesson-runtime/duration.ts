/**
 * A lesson file's simulated durations (`30s`, `2m`, `1h30m`) in milliseconds. Its own module, free
 * of the schema library, so the page's entry can use it without loading the lesson schemas.
 */
import { parseDuration } from '../k8s/time';

/** For text the schema already checked: anything else is a bug, not learner input. */
export function durationMs(text: string): number {
  const ms = parseDuration(text);
  if (ms === undefined) throw new Error(`not a duration: ${text}`);
  return ms;
}
