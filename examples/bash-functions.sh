# The prompt's bash as tutorials and CKA guides use it: functions, here-documents inside loops,
# $RANDOM. Every simple command still runs through the session, so a function's kubectl is real.
# A helper function, defined over several lines and called later with arguments.
mkcm() {
  kubectl create configmap "$1" --from-literal=owner="${2:-nobody}"
}
mkcm settings jane
mkcm defaults
kubectl get configmaps settings defaults -o custom-columns=NAME:.metadata.name,OWNER:.data.owner
# A here-document inside a loop: each iteration applies its own manifest.
for app in web api; do
  cat <<EOF | kubectl apply -f -
apiVersion: v1
kind: Service
metadata:
  name: $app
spec:
  selector:
    app: $app
  ports:
  - port: 80
EOF
done
kubectl get services -o name
# local, return and $? as bash has them.
ready() {
  local phase
  phase=$(kubectl get pod "$1" -o jsonpath='{.status.phase}' 2>/dev/null)
  [ "$phase" = Running ] && return 0
  echo "$1: ${phase:-missing}"
  return 1
}
kubectl run probe --image=nginx
ready probe || echo "not yet ($?)"
sim advance 30s
ready probe && echo "probe is running"
ready nothing-here; echo "status $?"
# bash lists a function as it parsed it.
type ready
declare -F
# $RANDOM is bash 5.2's generator: seeded, it gives bash's numbers.
RANDOM=1; echo $RANDOM $RANDOM $RANDOM
kubectl create configmap "batch-$((RANDOM % 100))" --dry-run=client -o name
