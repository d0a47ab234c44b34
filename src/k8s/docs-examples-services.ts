/**
 * kubernetes.io's example files for the Services pages (served beside docs-examples.ts's, through
 * its docsExample lookup):
 * - tutorials/stateless-application/expose-external-ip-address: service/load-balancer-example.yaml
 *   (five gcr.io/google-samples/hello-app:2.0 Pods; the page's copies answer `Hello, world!`,
 *   `Version: 2.0.0`, `Hostname: …`);
 * - tasks/access-application-cluster/connecting-frontend-backend: service/access/backend-deployment.yaml,
 *   backend-service.yaml, frontend-deployment.yaml, frontend-service.yaml and frontend-nginx.conf
 *   (the nginx configuration the page shows, baked into hello-frontend).
 * tutorials/services/source-ip uses no example file (its echoserver Deployment comes from
 * `kubectl create deployment`).
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * A file's text is that commit's, verbatim, including a missing last newline (the access/*.yaml
 * files end in YAML's `...` document end marker without one). `restored` marks files whose stored
 * versions are not main's:
 * - backend-deployment.yaml and frontend-deployment.yaml are held only as PR #53389's rewrite
 *   (`app.kubernetes.io/name: hello`, open in 2025-11): main's `app: hello` is back, as the page's
 *   text ("the labels `app: hello` and `tier: backend`") and its `kubectl describe` output show.
 * - backend-service.yaml and frontend-service.yaml are their zh-cn copies,
 *   content/zh-cn/examples/PATH at the commit given (the same bytes with main's `app: hello`).
 * - frontend-nginx.conf is held only at an old commit (`server backend;`, comments at line ends);
 *   main's (`server hello;`, each comment on its own line) is the zh-cn copy's layout with the
 *   English comments every copy of the page shows.
 * load-balancer-example.yaml is main's as stored: its `app.kubernetes.io/name` labels predate
 * PR #53389 (the page's `kubectl describe` shows them).
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file, for the Services pages named in the header. */
export const DOCS_EXAMPLES_SERVICES: Readonly<Record<string, DocsExample>> = {
  'service/load-balancer-example.yaml': {
    commit: '3842a2847339fe9ad1013653ef81c9aa0f77b639',
    text: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  labels:\n    app.kubernetes.io/name: load-balancer-example\n  name: hello-world\nspec:\n  replicas: 5\n  selector:\n    matchLabels:\n      app.kubernetes.io/name: load-balancer-example\n  template:\n    metadata:\n      labels:\n        app.kubernetes.io/name: load-balancer-example\n    spec:\n      containers:\n      - image: gcr.io/google-samples/hello-app:2.0\n        name: hello-world\n        ports:\n        - containerPort: 8080\n",
  },
  'service/access/backend-deployment.yaml': {
    commit: '3389c10e6a8eb36cadbfe89cdb28acd00b020388',
    restored: true,
    text: "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: backend\nspec:\n  selector:\n    matchLabels:\n      app: hello\n      tier: backend\n      track: stable\n  replicas: 3\n  template:\n    metadata:\n      labels:\n        app: hello\n        tier: backend\n        track: stable\n    spec:\n      containers:\n        - name: hello\n          image: \"gcr.io/google-samples/hello-go-gke:1.0\"\n          ports:\n            - name: http\n              containerPort: 80\n...",
  },
  'service/access/backend-service.yaml': {
    commit: '055a3b7e54086cc0fe13820ff835ce00bb16f752',
    restored: true,
    text: "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: hello\nspec:\n  selector:\n    app: hello\n    tier: backend\n  ports:\n  - protocol: TCP\n    port: 80\n    targetPort: http\n...",
  },
  'service/access/frontend-deployment.yaml': {
    commit: '55a786f130dbc992fb9fd18d15aad4ddba195ddf',
    restored: true,
    text: "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: frontend\nspec:\n  selector:\n    matchLabels:\n      app: hello\n      tier: frontend\n      track: stable\n  replicas: 1\n  template:\n    metadata:\n      labels:\n        app: hello\n        tier: frontend\n        track: stable\n    spec:\n      containers:\n        - name: nginx\n          image: \"gcr.io/google-samples/hello-frontend:1.0\"\n          lifecycle:\n            preStop:\n              exec:\n                command: [\"/usr/sbin/nginx\",\"-s\",\"quit\"]\n...",
  },
  'service/access/frontend-service.yaml': {
    commit: '3ae6ca994583ad6d052ec33f60d5f105a90cb481',
    restored: true,
    text: "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: frontend\nspec:\n  selector:\n    app: hello\n    tier: frontend\n  ports:\n  - protocol: \"TCP\"\n    port: 80\n    targetPort: 80\n  type: LoadBalancer\n...",
  },
  'service/access/frontend-nginx.conf': {
    commit: '9fac890f237af449985127e93f2841182b57944d',
    restored: true,
    text: "# The identifier Backend is internal to nginx, and used to name this specific upstream\nupstream Backend {\n    # hello is the internal DNS name used by the backend Service inside Kubernetes\n    server hello;\n}\n\nserver {\n    listen 80;\n\n    location / {\n        # The following statement will proxy traffic to the upstream named Backend\n        proxy_pass http://Backend;\n    }\n}\n",
  },
};
