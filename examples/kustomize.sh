# Kustomize, as kubectl builds it: a base and a dev overlay written at the prompt, printed with
# `kubectl kustomize`, applied with `-k`, then changed so the generated ConfigMap's hash moves
# and the Deployment follows it.
mkdir -p base overlays/dev
cat > base/deployment.yaml <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        envFrom:
        - configMapRef:
            name: web-config
EOF
cat > base/kustomization.yaml <<EOF
resources:
- deployment.yaml
configMapGenerator:
- name: web-config
  literals:
  - GREETING=hello
EOF
cat > overlays/dev/kustomization.yaml <<EOF
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: dev
namePrefix: dev-
labels:
- pairs:
    env: dev
  includeSelectors: true
resources:
- ../../base
- namespace.yaml
images:
- name: nginx
  newTag: "1.27"
replicas:
- name: web
  count: 2
patches:
- target:
    kind: Deployment
  patch: |-
    - op: add
      path: /spec/template/spec/containers/0/resources
      value:
        limits:
          memory: 128Mi
EOF
cat > overlays/dev/namespace.yaml <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: dev
EOF
kubectl kustomize overlays/dev
kubectl apply -k overlays/dev
kubectl rollout status deployment/dev-web -n dev --timeout=1m
kubectl get -k overlays/dev
# A new literal: a new ConfigMap name, so the Deployment rolls out to read it.
sed -i 's/GREETING=hello/GREETING=bonjour/' base/kustomization.yaml
kubectl diff -k overlays/dev | grep '^[-+] '
kubectl apply -k overlays/dev
kubectl get configmaps -n dev
# -f and -k name the objects two ways; kubectl takes one.
kubectl get -f overlays/dev/namespace.yaml -k overlays/dev
# commonLabels still works, with its deprecation warning first.
cat > overlays/dev/kustomization.yaml <<EOF
resources:
- ../../base
commonLabels:
  team: web
EOF
kubectl kustomize overlays/dev | grep -B1 -A1 team
kubectl delete -k overlays/dev --dry-run=client
