# kubectl attach without -i: the container's output from the moment kubectl attaches, until the
# container stops (Ctrl+C in the page's terminal stops it sooner). Lines written before are in
# `kubectl logs`, not in the attach stream. A Job is reached through its Pod, as kubectl does; a
# finished Pod cannot be attached to.
kubectl create job count --image=busybox:1.36 -- sh -c 'for i in 1 2 3 4 5 6; do echo line $i; sleep 1; done'
kubectl wait --for=condition=Ready pod -l job-name=count --timeout=1m
sim advance 2s
kubectl attach job/count
kubectl logs job/count
kubectl attach job/count
# -t to a container started without a TTY: kubectl says so and streams without one.
kubectl run ticker --image=busybox:1.36 -- sh -c 'sleep 2; echo tick; sleep 2; echo tock; exit 1'
kubectl wait --for=condition=Ready pod/ticker --timeout=1m
kubectl attach ticker -it
