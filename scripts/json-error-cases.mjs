/**
 * Manifests that are JSON, or start like JSON, for src/k8s/go-json-stream.corpus.json:
 * apimachinery's YAMLOrJSONDecoder reads a stream whose first non-space character is `{` with
 * encoding/json. Most objects here lack `kind`, so kubectl (recorded without a cluster, with
 * --validate=false) reports each one it read (`Object 'Kind' is missing in '…'`) without asking
 * a server: the transcript shows exactly which values the decoder returned, and in what words it
 * stopped. scripts/record-yaml-errors.mjs json records them.
 */
const POD = '{\n  "apiVersion": "v1",\n  "kind": "Pod",\n  "metadata": {"name": "web"},\n  "spec": {"containers": [{"name": "web", "image": "nginx"}]}\n}\n';

/** @type {[string, string][]} */
export const CASES = [
  // One object with a syntax error that YAML cannot read either: encoding/json's words, with the offset.
  ['trailing-double-comma', '{"apiVersion": "v1",, }'],
  ['missing-comma-between-members', '{"apiVersion": "v1", "kind": "Pod" "metadata": {"name": "web"}}'],
  ['missing-comma-multiline', '{\n  "apiVersion": "v1"\n  "kind": "Pod"\n}\n'],
  ['missing-colon', '{"apiVersion" "v1"}'],
  ['unclosed-object', '{"apiVersion": "v1", "kind": "Pod"'],
  ['unclosed-object-newline', '{\n  "apiVersion": "v1",\n  "kind": "Pod",\n  "metadata": {"name": "web"}\n'],
  ['unclosed-string', '{"apiVersion": "v1, "kind": "Pod"}\n'],
  ['unclosed-array', '{"items": [1, 2}\n'],
  ['comment-line', '{\n  // a pod\n  "kind": "Pod"\n}\n'],
  ['bad-escape', '{"a": "x\\qy"}\n'],
  ['bad-number', '{"a": 01x}\n'],
  ['bad-literal', '{"a": tru}\n'],
  ['non-ascii-before-error', '{"a": "héllo",, }\n'],
  ['nbsp-before-brace', '\u00a0{"a": 1,, }\n'],
  ['extra-closing-brace', '{"a":1}}'],
  ['extra-closing-brace-newline', '{"a":1}}\n'],
  // One object that is not JSON but is YAML: the decoder goes on with the YAML reader.
  ['trailing-comma-is-yaml', '{"apiVersion": "v1", }'],
  ['unquoted-keys-are-yaml', '{apiVersion: v1, metadata: {name: web}}\n'],
  ['single-quotes-are-yaml', "{'apiVersion': 'v1', 'metadata': {'name': 'web'}}\n"],
  ['tab-in-string-is-yaml', '{"a": "x\ty"}\n'],
  // Valid JSON.
  ['one-object-spaced', '{"a": 1,\n "b": [1, 2]}\n'],
  ['empty-object', '{}'],
  ['null-then-object', '{"a":1}\nnull\n{"b":2}\n'],
  ['leading-whitespace', '  \n\t{"a":1}\n'],
  ['bom', '\ufeff{"a": 1}'],
  ['bom-bad', '\ufeff{"a": 1,, }'],
  ['crlf', '{"a": 1,\r\n "b": 2}\r\n'],
  ['concatenated', '{"a":1}{"b":2}'],
  ['concatenated-lines', '{"a":1}\n{"b":2}\n{"c":3}\n'],
  ['html-and-unicode-kept', '{"a": "<x> & \\u00e9 é"}\n'],
  ['escaped-key-order-kept', '{"b": 1, "a": 2}\n'],
  ['list', '{"apiVersion": "v1", "kind": "List", "items": [{"b": 1, "a": "<x>"}, {"c": 3}]}\n'],
  ['pod', POD],
  ['pod-then-garbage-object', `${POD}{"a": }\n`],
  // After one value: a failure sends the rest to the YAML reader (the JSON error wins if that fails too).
  ['then-yaml-separator', '{"a":1}\n---\n{"b":2}\n'],
  ['then-yaml-mapping', '{"a":1}\nb: 2\n'],
  ['then-yaml-error', '{"a":1}\nb: [\n'],
  ['then-separator-yaml-error', '{"a":1}\n---\nb: [\n'],
  ['then-bad-separator', '{"a":1}\n--- x\nb: 2\n'],
  ['then-word-same-line', '{"a":1} garbage'],
  ['then-three-bytes', '{"a":1}\nab'],
  ['then-four-bytes', '{"a":1}\nabc'],
  ['then-scalars', '{"a":1}\n5\n'],
  ['then-second-yaml-doc-error', '{"a":1}\nb: 2\n---\nc: [\n'],
  ['then-unclosed', '{"a":1}\n{"b": 2\n'],
  // After two values the stream is JSON for good: the decoder's error, without the offset.
  ['two-then-error', '{"a":1}{"b":2}{"c": }'],
  ['two-then-yaml', '{"a":1}\n{"b":2}\nfoo: bar\n'],
  ['two-then-unclosed', '{"a":1}\n{"b":2}\n{"c": 3\n'],
  ['values-of-every-type', '{"a":1}{"b":2}\n5\ntrue\n"s"\nnull\n[1]\n'],
  // Not `{` first: YAML, whatever it looks like.
  ['array-first', '[{"a": 1}]\n'],
  ['array-first-bad', '[{"a": 1},, ]\n'],
  ['number-first', '5\n'],
  ['yaml-then-json', 'a: 1\n---\n{"b": 2,, }\n'],
];
