# Server-side apply owns fields at the granularity of the API's schema: a Service's ports are
# keyed by port and protocol (53/UDP and 53/TCP are two items), a container port by
# containerPort and protocol (TCP when the manifest leaves it out), a selector and args are one
# field each.
kubectl apply --server-side -f manifests/ssa-dns.yaml
kubectl get service dns -o jsonpath='{.spec.ports[*].name}{"\n"}'
kubectl get service dns -o jsonpath='{.metadata.managedFields[0].fieldsV1}{"\n"}'
kubectl get deployment dns -o jsonpath='{.metadata.managedFields[0].fieldsV1}{"\n"}'
# Another manager naming the TCP port's name differently conflicts on that item's field alone.
kubectl apply --server-side --field-manager=ci -f manifests/ssa-dns-ci.yaml
