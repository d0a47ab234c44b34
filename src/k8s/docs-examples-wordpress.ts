/**
 * kubernetes.io's "Example: Deploying WordPress and MySQL with Persistent Volumes"
 * (tutorials/stateful-application/mysql-wordpress-persistent-volume): the two manifests its
 * `curl -LO https://k8s.io/examples/application/wordpress/…` lines download, served beside
 * docs-examples.ts's through its docsExample lookup.
 *
 * Source: github.com/kubernetes/website, content/en/examples/PATH, read at the commit given beside
 * each. Licence: kubernetes/website's content is CC BY 4.0 (© The Kubernetes Authors).
 * Both stored commits are kubernetes/website PR #53389's ("Use Recommended Labels in Examples",
 * open in 2025-11: `app.kubernetes.io/name: wordpress`); main's `app: wordpress` is back in each
 * place, as in the guestbook's files (docs-examples.ts). The result is, byte for byte, the files as
 * copies of the page made from main show them (mysql:8.0 with MYSQL_DATABASE/MYSQL_USER unquoted;
 * wordpress:6.2.1-apache with WORDPRESS_DB_USER). Another stored mysql-deployment.yaml
 * (3c28d3c8…) quotes `"wordpress"`; no copy of the page does, so it is not main's.
 */
import type { DocsExample } from './docs-examples';

/** PATH under content/en/examples/ → the file. */
export const DOCS_EXAMPLES_WORDPRESS: Readonly<Record<string, DocsExample>> = {
  'application/wordpress/mysql-deployment.yaml': {
    commit: 'b6a5c53f437ce75313927a396ea1a595d5992f85',
    restored: true,
    text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: wordpress-mysql\n  labels:\n    app: wordpress\nspec:\n  ports:\n    - port: 3306\n  selector:\n    app: wordpress\n    tier: mysql\n  clusterIP: None\n---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: mysql-pv-claim\n  labels:\n    app: wordpress\nspec:\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 20Gi\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: wordpress-mysql\n  labels:\n    app: wordpress\nspec:\n  selector:\n    matchLabels:\n      app: wordpress\n      tier: mysql\n  strategy:\n    type: Recreate\n  template:\n    metadata:\n      labels:\n        app: wordpress\n        tier: mysql\n    spec:\n      containers:\n      - image: mysql:8.0\n        name: mysql\n        env:\n        - name: MYSQL_ROOT_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: mysql-pass\n              key: password\n        - name: MYSQL_DATABASE\n          value: wordpress\n        - name: MYSQL_USER\n          value: wordpress\n        - name: MYSQL_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: mysql-pass\n              key: password\n        ports:\n        - containerPort: 3306\n          name: mysql\n        volumeMounts:\n        - name: mysql-persistent-storage\n          mountPath: /var/lib/mysql\n      volumes:\n      - name: mysql-persistent-storage\n        persistentVolumeClaim:\n          claimName: mysql-pv-claim\n",
  },
  'application/wordpress/wordpress-deployment.yaml': {
    commit: '0f009758d3cbe9c7568ddb0d9caf7ea4f4d8317a',
    restored: true,
    text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: wordpress\n  labels:\n    app: wordpress\nspec:\n  ports:\n    - port: 80\n  selector:\n    app: wordpress\n    tier: frontend\n  type: LoadBalancer\n---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: wp-pv-claim\n  labels:\n    app: wordpress\nspec:\n  accessModes:\n    - ReadWriteOnce\n  resources:\n    requests:\n      storage: 20Gi\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: wordpress\n  labels:\n    app: wordpress\nspec:\n  selector:\n    matchLabels:\n      app: wordpress\n      tier: frontend\n  strategy:\n    type: Recreate\n  template:\n    metadata:\n      labels:\n        app: wordpress\n        tier: frontend\n    spec:\n      containers:\n      - image: wordpress:6.2.1-apache\n        name: wordpress\n        env:\n        - name: WORDPRESS_DB_HOST\n          value: wordpress-mysql\n        - name: WORDPRESS_DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: mysql-pass\n              key: password\n        - name: WORDPRESS_DB_USER\n          value: wordpress\n        ports:\n        - containerPort: 80\n          name: wordpress\n        volumeMounts:\n        - name: wordpress-persistent-storage\n          mountPath: /var/www/html\n      volumes:\n      - name: wordpress-persistent-storage\n        persistentVolumeClaim:\n          claimName: wp-pv-claim\n",
  },
};
