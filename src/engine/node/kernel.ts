/**
 * The machine every simulated node is: Ubuntu 24.04 LTS on its GA kernel. One source for what the
 * kubelet reports (node.status.nodeInfo.osImage / kernelVersion, `kubectl get nodes -o wide`) and
 * what `uname` prints on the node and in its containers (they share the node's kernel), so the two
 * never disagree. The build string is the one `uname -v` printed on a 6.8.0-71-generic machine.
 */
export const OS_IMAGE = 'Ubuntu 24.04.3 LTS';
export const KERNEL_RELEASE = '6.8.0-71-generic';
export const KERNEL_BUILD = '#71-Ubuntu SMP PREEMPT_DYNAMIC Tue Jul 22 16:52:38 UTC 2025';
