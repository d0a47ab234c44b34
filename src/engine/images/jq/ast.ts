/** The jq program's syntax tree, as parse.ts builds it and eval.ts walks it. */
import type { Json } from './value';

export type Pattern =
  | { t: 'var'; name: string }
  | { t: 'array'; items: Pattern[] }
  | { t: 'object'; entries: { key: Node; bind?: string; pattern?: Pattern }[] };

export type Node =
  | { t: 'identity' }
  | { t: 'recurse' }
  | { t: 'literal'; value: Json }
  | { t: 'string'; parts: (string | Node)[]; format?: string }
  | { t: 'format'; name: string }
  | { t: 'index'; target: Node; key: Node }
  | { t: 'slice'; target: Node; from?: Node; to?: Node }
  | { t: 'iterate'; target: Node }
  | { t: 'optional'; body: Node }
  | { t: 'array'; body?: Node }
  | { t: 'object'; entries: { key: Node; value: Node; pos?: number }[] }
  | { t: 'neg'; body: Node }
  | { t: 'pipe'; left: Node; right: Node }
  | { t: 'comma'; left: Node; right: Node }
  | { t: 'binop'; op: string; left: Node; right: Node; pos?: number }
  | { t: 'and' | 'or' | 'alt'; left: Node; right: Node }
  | { t: 'assign'; op: string; left: Node; right: Node }
  | { t: 'if'; cond: Node; then: Node; else?: Node }
  | { t: 'try'; body: Node; catch?: Node }
  | { t: 'reduce'; source: Node; pattern: Pattern; init: Node; update: Node }
  | { t: 'foreach'; source: Node; pattern: Pattern; init: Node; update: Node; extract?: Node }
  | { t: 'as'; source: Node; pattern: Pattern; body: Node }
  | { t: 'def'; name: string; params: string[]; body: Node; rest: Node }
  | { t: 'call'; name: string; args: Node[]; pos?: number }
  | { t: 'var'; name: string; pos?: number }
  | { t: 'label'; name: string; body: Node }
  | { t: 'break'; name: string };
