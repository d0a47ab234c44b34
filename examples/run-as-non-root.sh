# runAsNonRoot: the kubelet refuses to create a container that would run as root. It can only tell
# from the image's configured user (`docker inspect -f '{{.Config.User}}'`): nginx's is "" (root),
# curlimages/curl's the name curl_user, metrics-server's 65534. The Pod is accepted by the API;
# the refusal comes from the node, before CreateContainer: CreateContainerConfigError, retried.
kubectl run nr --image=nginx --overrides='{"spec":{"securityContext":{"runAsNonRoot":true}}}'
sim advance 30s
kubectl get pod nr
kubectl describe pod nr
kubectl get pod nr -o jsonpath='{.status.containerStatuses[0].state}{"\n"}'
# runAsUser: 0 with runAsNonRoot is refused with the kubelet's other message.
kubectl run zero --image=busybox:1.36 --overrides='{"spec":{"securityContext":{"runAsNonRoot":true,"runAsUser":0}}}' -- sleep 3600
# A user that is a name cannot be verified, even one that is not root.
kubectl run curl --image=curlimages/curl:8.17.0 --overrides='{"spec":{"securityContext":{"runAsNonRoot":true}}}' -- sleep 3600
# A numeric non-zero runAsUser passes; the process runs as it (no /etc/passwd entry: bare numbers).
kubectl run ok --image=busybox:1.36 --overrides='{"spec":{"securityContext":{"runAsNonRoot":true,"runAsUser":1000,"runAsGroup":3000,"supplementalGroups":[2000]}}}' -- sleep 3600
sim advance 20s
kubectl get pods
kubectl get events --field-selector reason=Failed -o custom-columns=OBJECT:.involvedObject.name,MESSAGE:.message
kubectl exec ok -- id
kubectl exec ok -- grep -E '^(Uid|Gid|Groups):' /proc/1/status
# Without runAsNonRoot, curlimages/curl runs as its USER, named from its own /etc/passwd.
kubectl run curl2 --image=curlimages/curl:8.17.0 -- sleep 3600
kubectl wait --for=condition=Ready pod/curl2 --timeout=1m
kubectl exec curl2 -- id
kubectl exec curl2 -- sh -c 'whoami; echo $HOME; ls -ld $HOME; tail -n 1 /etc/passwd'
# Alpine's root is in every group its /etc/group lists root in (alpine-baselayout's).
kubectl run al --image=alpine:3.22 -- sleep 3600
kubectl wait --for=condition=Ready pod/al --timeout=1m
kubectl exec al -- id
# The restricted Pod Security level requires runAsNonRoot; it admits this Deployment, whose nginx
# then cannot start: the namespace's policy and the image must agree.
kubectl create namespace locked
kubectl label namespace locked pod-security.kubernetes.io/enforce=restricted
kubectl apply -n locked -f - <<EOF
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
      securityContext:
        runAsNonRoot: true
        seccompProfile:
          type: RuntimeDefault
      containers:
      - name: web
        image: nginx:1.27
        securityContext:
          allowPrivilegeEscalation: false
          capabilities:
            drop: ["ALL"]
EOF
sim advance 30s
kubectl get pods -n locked
kubectl get deployment web -n locked
