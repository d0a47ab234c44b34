/**
 * Malformed manifests a learner plausibly writes, for src/k8s/go-yaml-errors.corpus.json.
 * scripts/record-yaml-errors.mjs runs each through a real kubectl and records what it prints.
 */
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n';
const CONTAINERS = 'spec:\n  containers:\n  - name: web\n    image: nginx\n';
const DEPLOY_HEAD = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n';

/** @type {[string, string][]} */
export const CASES = [
  // The two the brief found.
  ['unclosed-flow-seq-kind', 'apiVersion: v1\nkind: [\nmetadata:\n  name: x\n'],
  ['key-one-space-left-after-map', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n spec: {}\n'],
  // Tabs.
  ['tab-indent-key', `${POD}spec:\n\tcontainers:\n\t- name: web\n`],
  ['tab-indent-nested', `${POD}spec:\n  containers:\n  - name: web\n\t  image: nginx\n`],
  ['tab-after-colon', 'apiVersion: v1\nkind:\tPod\nmetadata:\n  name: web\n'],
  ['tab-before-dash', `${POD}spec:\n  containers:\n\t- name: web\n    image: nginx\n`],
  ['tab-then-spaces', `${POD}spec:\n \t containers: []\n`],
  ['tab-in-value', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: "x\ty"\n  b: x\ty\n'],
  ['tab-first-line', '\tapiVersion: v1\nkind: Pod\n'],
  ['tab-in-block-scalar', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  f: |\n\thello\n'],
  // Misindented keys.
  ['key-one-space-right', `apiVersion: v1\nkind: Pod\n metadata:\n  name: web\n`],
  ['key-one-space-right-in-map', `${POD}   labels:\n    app: web\n`],
  ['key-one-space-left-in-nested', `${POD}spec:\n  containers:\n  - name: web\n   image: nginx\n`],
  ['key-one-space-right-in-item', `${POD}spec:\n  containers:\n  - name: web\n     image: nginx\n`],
  ['key-deeper-after-scalar', `${POD}  labels: {}\n    app: web\n`],
  ['value-on-next-line-over-indented', `apiVersion: v1\nkind: Pod\nmetadata:\n  name:\n      web\n   namespace: x\n`],
  ['first-key-indented', '  apiVersion: v1\nkind: Pod\n'],
  ['deployment-template-misindent', `${DEPLOY_HEAD}     spec:\n      containers:\n      - name: web\n        image: nginx\n`],
  ['deployment-labels-under-indented', `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n     app: web\n   template: {}\n`],
  // Lists.
  ['list-item-under-indented', `${POD}spec:\n  containers:\n - name: web\n   image: nginx\n`],
  ['list-item-over-indented-second', `${POD}spec:\n  containers:\n  - name: web\n    image: nginx\n    - name: side\n      image: busybox\n`],
  ['list-item-second-under', `${POD}spec:\n  containers:\n    - name: web\n      image: nginx\n  - name: side\n    image: busybox\n`],
  ['list-item-second-under-by-one', `${POD}spec:\n  containers:\n    - name: web\n      image: nginx\n   - name: side\n`],
  ['sequence-at-map-level', `${POD}spec:\n  containers:\n  - name: web\n    image: nginx\n  ports:\n  - containerPort: 80\n- name: x\n`],
  ['dash-without-space', `${POD}spec:\n  containers:\n  -name: web\n   image: nginx\n`],
  ['stray-dash', `${POD}-\nspec: {}\n`],
  ['stray-dash-in-map', `${POD}spec:\n  containers:\n  - name: web\n    -\n    image: nginx\n`],
  ['list-item-key-then-sibling-dash', `${POD}spec:\n  containers:\n  - name: web\n  image: nginx\n`],
  ['containers-broken-middle', `${POD}spec:\n  containers:\n  - name: web\n    image: nginx\n    ports:\n    - containerPort: 80\n   - name: side\n    image: busybox\n`],
  ['args-list-mixed', `${POD}spec:\n  containers:\n  - name: web\n    image: busybox\n    args:\n    - sleep\n    3600\n`],
  ['env-misindent', `${POD}spec:\n  containers:\n  - name: web\n    image: nginx\n    env:\n    - name: A\n    value: "1"\n`],
  ['env-value-deeper', `${POD}spec:\n  containers:\n  - name: web\n    image: nginx\n    env:\n    - name: A\n        value: "1"\n`],
  // Missing ': ' and friends.
  ['missing-colon', 'apiVersion: v1\nkind Pod\nmetadata:\n  name: web\n'],
  ['missing-colon-last', 'apiVersion: v1\nkind: Pod\nmetadata\n'],
  ['missing-colon-nested', `apiVersion: v1\nkind: Pod\nmetadata:\n  name web\n  namespace: x\n`],
  ['key-value-no-space', 'apiVersion: v1\nkind:Pod\nmetadata:\n  name: web\n'],
  ['key-value-no-space-nested', `${POD}spec:\n  containers:\n  - name:web\n    image: nginx\n`],
  ['key-value-no-space-only-key', 'apiVersion:v1\n'],
  ['colon-in-value', `${POD}spec:\n  containers:\n  - name: web\n    image: nginx\n    command: echo a: b\n`],
  ['two-colons', 'apiVersion: v1\nkind: Pod: x\n'],
  ['value-then-child', `apiVersion: v1\nkind: Pod\nmetadata: web\n  name: web\n`],
  // Flow collections and quotes.
  ['unclosed-bracket-eof', `${POD}spec:\n  containers: [\n`],
  ['unclosed-bracket-items', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels: [a, b\n'],
  ['unclosed-brace', 'apiVersion: v1\nkind: Pod\nmetadata: {name: web\nspec: {}\n'],
  ['unclosed-brace-eof', 'apiVersion: v1\nkind: Pod\nmetadata: {name: web\n'],
  ['extra-close-bracket', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web]\n'],
  ['extra-close-brace', 'apiVersion: v1\nkind: Pod}\n'],
  ['flow-missing-comma', 'apiVersion: v1\nkind: Pod\nmetadata: {name: web labels: {}}\n'],
  ['flow-seq-block-inside', `${POD}spec:\n  containers: [\n  - name: web\n  ]\n`],
  ['unclosed-double-quote', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "web\n'],
  ['unclosed-double-quote-more', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "web\n  namespace: default\n'],
  ['unclosed-single-quote', "apiVersion: v1\nkind: Pod\nmetadata:\n  name: 'web\n"],
  ['unclosed-single-quote-more', "apiVersion: v1\nkind: Pod\nmetadata:\n  name: 'web\nspec: {}\n"],
  ['quote-then-text', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "web"x\n'],
  ['bad-escape', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  path: "C:\\dir"\n'],
  ['bad-hex-escape', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: "\\xZZ"\n'],
  // Duplicate keys.
  ['duplicate-key', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  name: web2\n'],
  ['duplicate-top-key', `${POD}${CONTAINERS}spec: {}\n`],
  // Documents.
  ['second-doc-error', `${POD}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n spec: {}\n`],
  ['third-doc-error-after-comment-separator', `${POD}--- # svc\napiVersion: v1\nkind: Service\n---\napiVersion: v1\nkind: [\n`],
  ['separator-with-text', `${POD}--- apiVersion: v1\nkind: Service\n`],
  ['separator-no-newline-text', `${POD}---apiVersion: v1\nkind: Service\n`],
  ['separator-indented', `${POD} ---\napiVersion: v1\n`],
  ['document-end-marker', `${POD}...\nkind: [\n`],
  ['two-separators-empty-doc', `${POD}---\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  x\n`],
  ['second-doc-tab', `${POD}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: x\n`],
  ['second-doc-first-line-error', `${POD}---\n  apiVersion: v1\nkind: Service\n`],
  ['crlf-second-doc', `${POD.replace(/\n/g, '\r\n')}---\r\napiVersion: v1\r\nkind: [\r\n`],
  ['directive-yaml-12', `%YAML 1.2\n---\n${POD}`],
  ['separator-then-error-first-line', `---\n\tapiVersion: v1\n`],
  // Anchors and aliases.
  ['unknown-alias', `${POD}  labels: *labels\n`],
  ['anchor-without-name', 'apiVersion: v1\nkind: Pod\nmetadata: &\n  name: web\n'],
  ['alias-bad-char', 'apiVersion: v1\nkind: Pod\nmetadata:\n  labels: *lab.els\n'],
  ['alias-with-key-after', 'apiVersion: v1\nkind: Pod\nx: &a {a: 1}\nmetadata: *a\n  name: web\n'],
  // Block scalars.
  ['block-scalar-under-indented', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  nginx.conf: |\n    server {\n  listen 80;\n    }\n'],
  ['block-scalar-text-after-indicator', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: | hello\n'],
  ['block-scalar-indicator-zero', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: |0\n    x\n'],
  ['block-scalar-less-then-key', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: |\n      line1\n    line2\n'],
  // Encoding and line endings.
  ['crlf-misindent', 'apiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: x\r\n spec: {}\r\n'],
  ['crlf-unclosed', 'apiVersion: v1\r\nkind: [\r\nmetadata:\r\n  name: x\r\n'],
  ['bom-then-error', '\uFEFFapiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n spec: {}\n'],
  ['bom-then-tab', '\uFEFF\tapiVersion: v1\n'],
  ['control-character', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: w\u0007eb\n'],
  ['nbsp-indent', 'apiVersion: v1\nkind: Pod\nmetadata:\n\u00A0 name: web\n'],
  ['long-key-line', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  ${'k'.repeat(1100)}: v\n`],
  ['long-value-line-then-misindent', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: ${'v'.repeat(2000)}\n b: 1\n`],
  // Misc.
  ['at-sign-start', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: @web\n'],
  ['backtick-start', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: `web`\n'],
  ['percent-start-value', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: %x\n'],
  ['question-key', 'apiVersion: v1\nkind: Pod\n? metadata\n  name: x\n'],
  ['comment-no-space-hash', 'apiVersion: v1 #c\nkind: Pod#c\nmetadata:\n  name: web\n #c\n  x\n'],
  ['tag-unknown-handle', 'apiVersion: v1\nkind: !foo!bar Pod\n'],
  ['only-scalar-then-map', 'hello\nkind: Pod\n'],
  // Valid syntax, refused while decoding: a collection or a null as a key.
  ['flow-map-as-key', 'apiVersion: v1\nkind: Pod\nmetadata:\n  {name: web}: x\n'],
  ['question-seq-key', 'apiVersion: v1\nkind: Pod\n? [a, 1, 1.5, 1e6, true, ~, "q\\n"]\n: x\n'],
  ['nested-map-key-sorted', 'apiVersion: v1\nkind: Pod\n? {b: 2, a: {c: null}, 10: x, 9: y}\n: x\n'],
  ['null-key', 'apiVersion: v1\nkind: Pod\n: v1\n'],
  ['null-key-nested-map-value', 'apiVersion: v1\nkind: Pod\nmetadata:\n  ~:\n    a: 1\n'],
  ['null-key-no-value', 'apiVersion: v1\nkind: Pod\nmetadata:\n  :\n'],
];
