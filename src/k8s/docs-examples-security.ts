/**
 * kubernetes.io's example manifests for the Pod Security pages (served beside docs-examples.ts's,
 * through its docsExample lookup): security/example-baseline-pod.yaml, which the tutorial "Apply
 * Pod Security Standards at the Namespace Level" (tutorials/security/ns-level-pss) applies in a
 * labelled and an unlabelled namespace.
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * Left out: the page's kind-with-*-pod-security.sh scripts and the podsecurity-*.yaml
 * AdmissionConfigurations of the cluster-level tutorial (they configure a kind cluster's apiserver).
 */
import type { DocsExample } from './docs-examples';

export const DOCS_EXAMPLES_SECURITY: Readonly<Record<string, DocsExample>> = {
  'security/example-baseline-pod.yaml': {
    commit: '2de5c2a339c4adc95f0282fc237d04712e430e43',
    text: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n    - image: nginx\n      name: nginx\n      ports:\n        - containerPort: 80\n',
  },
};
