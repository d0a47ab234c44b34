# kubectl exec -it: a shell needs a terminal. In the browser the terminal is one, and the prompt
# becomes the container's (`/ # `) until `exit`. This runner's stdin is not a terminal, so kubectl
# drops the TTY with its notice, and the shell reads an empty input and exits 0.
kubectl run shell-demo --image=busybox:1.36 -- sleep 3600
kubectl wait --for=condition=Ready pod/shell-demo --timeout=1m
kubectl exec -it shell-demo -- sh
sim trace --last 6
# A command that is not a shell runs once, as without -it; -q keeps the notice quiet.
kubectl exec -it -q shell-demo -- ls /
# The shell must exist in the image: busybox has sh, not bash.
kubectl exec -it shell-demo -- bash
