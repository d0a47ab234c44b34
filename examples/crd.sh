# CustomResourceDefinitions: the apiserver serves a new resource once its CRD is Established,
# validates and prunes custom objects with the CRD's structural schema, and prints them with its
# additionalPrinterColumns. A v1 CRD must carry a schema.
kubectl apply -f manifests/crontab-noschema.yaml
kubectl apply -f manifests/crontab-crd.yaml
kubectl get crd
# The naming and establishing controllers run inside kube-apiserver, not in kube-controller-manager.
kubectl get crd crontabs.stable.example.com -o jsonpath='{range .status.conditions[*]}{.type}={.status} ({.reason}){"\n"}{end}'
kubectl api-resources --api-group=stable.example.com
kubectl explain crontab.spec
kubectl apply -f manifests/crontab.yaml
kubectl get crontabs
kubectl get ct my-new-cron-object -o yaml
# The schema's types, pattern and bounds, with the apiserver's messages.
kubectl apply -f manifests/crontab-bad.yaml
# Fields the schema does not declare: refused by kubectl's strict validation, pruned otherwise.
kubectl apply -f - <<YAML
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: colourful
spec:
  cronSpec: "*/5 * * * *"
  image: cron
  colour: blue
YAML
kubectl apply --validate=false -f - <<YAML
apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: colourful
spec:
  cronSpec: "*/5 * * * *"
  image: cron
  colour: blue
YAML
kubectl get ct colourful -o jsonpath='{.spec}{"\n"}'
# A custom resource takes JSON merge patches; status is written only through its subresource.
kubectl patch ct my-new-cron-object -p '{"spec":{"replicas":5}}'
kubectl patch ct my-new-cron-object --type=merge -p '{"spec":{"replicas":5},"status":{"replicas":9}}'
kubectl patch ct my-new-cron-object --subresource=status --type=merge -p '{"status":{"replicas":2}}'
kubectl get ct my-new-cron-object -o jsonpath='{.spec.replicas} {.status.replicas} {.metadata.generation}{"\n"}'
kubectl get all
kubectl describe ct my-new-cron-object
# Deleting the CRD deletes every CronTab first (the customresourcecleanup finalizer).
kubectl delete crd crontabs.stable.example.com
kubectl get crontabs

# kubernetes/sample-controller: a Foo owns a Deployment. The CRD and the controller's RBAC first;
# a Foo made while no controller runs just sits there.
kubectl apply -f manifests/sample-controller.yaml
kubectl apply -f manifests/example-foo.yaml
sim advance 5s
kubectl get foos,deployments
sim controller start sample
sim advance 15s
kubectl get deployments
kubectl get foo example-foo -o jsonpath='{.status}{"\n"}'
kubectl describe foo example-foo
kubectl patch foo example-foo --type=merge -p '{"spec":{"replicas":3}}'
sim advance 15s
kubectl get deployment example-foo
# Stopped, it misses new Foos; started again, its first sync reconciles them all (level-based).
sim controller stop sample
kubectl create deployment taken --image=nginx
kubectl apply -f - <<YAML
apiVersion: samplecontroller.k8s.io/v1alpha1
kind: Foo
metadata:
  name: second
spec:
  deploymentName: second
  replicas: 2
---
apiVersion: samplecontroller.k8s.io/v1alpha1
kind: Foo
metadata:
  name: thief
spec:
  deploymentName: taken
YAML
sim advance 10s
kubectl get deployments
sim controller start sample
sim advance 15s
kubectl get deployments
kubectl events --for foo/thief
# Deleting the CRD deletes the Foos; the garbage collector then deletes the Deployments they own.
kubectl delete crd foos.samplecontroller.k8s.io
sim advance 5s
kubectl get deployments
