/**
 * The contract between the node agents (kubelet + container runtime) and the applications that
 * run inside containers. The runtime owns one ProcessState per running container and asks this
 * model what the process does; the model is pure data + functions so the World stays cloneable.
 *
 * Owned by src/engine/images (catalog.ts, process.ts, shell.ts); consumed by src/engine/node and
 * src/engine/kubelet.
 */
import type { Probe } from '../api/types';

export interface ImageInfo {
  /** Normalised reference: `docker.io/library/nginx:1.27`, `registry.example.com/go-api:v1.0.0`. */
  ref: string;
  /** False when the registry does not have this image (ErrImagePull). */
  exists: boolean;
  /** The CRI error text for a failed pull (`rpc error: code = NotFound desc = failed to pull and unpack image ...`). */
  pullError?: string;
  sizeBytes: number;
  /** `sha256:<64 hex>`, stable per ref. */
  digest: string;
}

export interface ProcessInput {
  image: ImageInfo;
  command?: string[];
  args?: string[];
  env: Record<string, string>;
  /** Memory limit in bytes, if the container has one. */
  memoryLimitBytes?: number;
  /** Container ports declared in the spec (name → number) for named probe ports. */
  ports: Record<string, number>;
  /** Simulated ms when the process started. */
  startedAt: number;
  /** How many times this container has been restarted before (some apps behave differently). */
  restartCount: number;
  /** A number drawn from the world's PRNG for this start, so app jitter stays deterministic. */
  seed: number;
}

export type ExitReason = 'Completed' | 'Error' | 'OOMKilled';

export interface ProcessExit {
  at: number;
  exitCode: number;
  reason: ExitReason;
}

export type ProbeOutcome = { ok: true } | { ok: false; message: string };

export interface HttpAnswer {
  status: number;
  body: string;
}

export interface LogLine {
  at: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface ExecResult {
  exitCode: number;
  /** Combined stdout+stderr, as an exec probe's failure message quotes it. */
  output: string;
}

export type { Probe };
