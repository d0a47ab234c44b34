# A command that never ends keeps kubectl exec, and the terminal, until something ends it: here
# its container does (its loop ends after 45 s), and the runtime kills the exec'd process with it
# (SIGKILL: exit code 137). What the command writes reaches the terminal as it writes it — in the
# browser at the playback speed: ping a reply a second, `tail -f` each line the container appends
# to its log (BusyBox tail reads once a second). In the browser, Ctrl+C ends it sooner: without -t
# kubectl itself dies ($? 130), with -it the ^C reaches the command (ping prints its statistics;
# tail dies: `command terminated with exit code 130`).
kubectl run short --image=busybox:1.36 --restart=Never -- sh -c 'for i in 1 2 3 4 5 6 7 8 9; do echo "tick $i at $(date +%T)" >> /tmp/app.log; sleep 5; done'
kubectl wait --for=condition=Ready pod/short --timeout=1m
kubectl exec short -- ping -c 3 short
kubectl exec short -- sh -c 'echo "tail -f waits for more"; tail -f /tmp/app.log'
echo "kubectl exited $?"
kubectl get pod short
