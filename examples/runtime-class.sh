# RuntimeClasses: which CRI handler runs a Pod's sandbox. containerd here knows one handler, runc.
kubectl get runtimeclass
cat <<YAML | kubectl apply -f -
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: runc-class
handler: runc
overhead:
  podFixed:
    cpu: 100m
    memory: 64Mi
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
YAML
kubectl get runtimeclass
# The RuntimeClass admission plugin refuses a class that does not exist, and copies the overhead.
cat <<YAML | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: nope
spec:
  runtimeClassName: missing
  containers:
  - name: web
    image: nginx:1.29
YAML
cat <<YAML | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  runtimeClassName: runc-class
  containers:
  - name: web
    image: nginx:1.29
YAML
kubectl get pod web -o jsonpath='{.spec.overhead}{"\n"}'
# A handler containerd has no runtime for: the sandbox cannot be created.
cat <<YAML | kubectl apply -f -
apiVersion: v1
kind: Pod
metadata:
  name: sandboxed
spec:
  runtimeClassName: gvisor
  containers:
  - name: web
    image: nginx:1.29
YAML
sim advance 40s
kubectl get pods
kubectl describe pod sandboxed | tail -5
