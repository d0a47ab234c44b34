/**
 * The second real-kubectl parity suite: examples/parity-2.sh (events and their sorting, the
 * printers, describe of each kind, the everyday edits, the errors) run headless through our port
 * and with the real kubectl against `reconcile serve --clock manual`, compared line by line as
 * parity.test.ts compares parity.sh. Every line allowed to differ is declared below with its
 * reason; each is also listed in docs/serve.md ("Known byte differences").
 */
import type { KnownDifference } from './parity.testing';
import { describeEventsAge, parityScript } from './parity-suite.testing';

/** The pinned binary is kubectl 1.35; the port is kubectl 1.36, whose describe changed here. */
const V135 = 'the real binary is kubectl 1.35 (the newest the devDependency ships); the port is kubectl 1.36';

/** kubectl 1.36 (b902e43) prints no Events for several objects or a prefix match unless --show-events is given; 1.35 does. */
const multiDescribeEvents = (command: string): KnownDifference => ({
  command,
  stream: 'stdout',
  line: /^(Events:| {2}Type +Reason +Age| {2}---- +------ +----| {2}(Normal|Warning) )/,
  only: 'served',
  reason: `${V135}: 1.36 leaves Events out when describe finds several objects or matches a prefix (kubernetes/kubectl b902e43)`,
});

const KNOWN: KnownDifference[] = [
  ...['kubectl describe pod web', 'kubectl describe replicasets -l app=web', 'kubectl describe pv'].map(multiDescribeEvents),
  {
    command: 'kubectl logs probe -c nope',
    stream: 'stderr',
    line: /^error: container nope is not valid for pod probe/,
    // The served line lacks the list: the mask takes it, or the end of a line without it.
    mask: / out of: .*$|$/,
    reason: `${V135}: 1.36 lists the Pod's containers after a -c that names none (kubernetes/kubectl 67b78e8)`,
  },
  {
    command: 'kubectl exec probe -c nope -- ls',
    stream: 'stderr',
    line: /^error: container nope is not valid for pod probe out of: /,
    reason: `${V135}: 1.36 refuses a -c that names no container itself, listing the Pod's (kubernetes/kubectl 67b78e8); 1.35 prints the apiserver's BadRequest`,
  },
  {
    command: 'kubectl events --for pod/probe',
    stream: 'stdout',
    line: /./,
    mask: /^(LAST SEEN|\S+)\s+/,
    reason: 'LAST SEEN is computed by kubectl from the wall clock (the column widens with it)',
  },
  ...[
    'kubectl describe node node-1',
    'kubectl describe pod probe',
    'kubectl describe pvc data',
    'kubectl describe daemonset agent',
    'kubectl describe statefulset db',
    'kubectl describe job hello',
    'kubectl describe cronjob tick',
    'kubectl describe deployment web',
    'kubectl describe pods -l app=db --show-events',
    'kubectl describe rs -n team-b',
  ].map(describeEventsAge),
  {
    command: 'kubectl describe node node-1',
    stream: 'stdout',
    line: /^ {2}(default|kube-system) /,
    mask: / \S+$/,
    reason: "Non-terminated Pods' Age is computed by kubectl from the wall clock",
  },
  {
    command: 'kubectl describe node node-1',
    stream: 'stdout',
    line: /^ {2}Kube-Proxy Version:/,
    only: 'served',
    reason: `${V135}: 1.36 dropped System Info's Kube-Proxy Version (kubernetes/kubectl 456c00e, DisableNodeKubeProxyVersion locked on)`,
  },
  {
    command: 'kubectl describe cronjob tick',
    stream: 'stdout',
    line: /^Time Zone:/,
    only: 'headless',
    reason: `${V135}: 1.36 prints Time Zone, <unset> without spec.timeZone (kubernetes/kubectl 5c8ce0c)`,
  },
];

await parityScript('parity-2.sh', KNOWN, 180_000);
