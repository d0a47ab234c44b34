/**
 * `systemctl is-active|status|stop|start|restart UNIT…` for the node's two services: the kubelet
 * and its container runtime (containerd, or crio on a CRI-O node). stop and start are the same
 * stop and start a fault and its recovery use (the kubelet's journal gets systemd's lines, the
 * node goes NotReady once the node controller's grace period passes); a fault that holds a
 * process down still holds it (dispatch.ts refuses the start), as a node powered off would.
 *
 * `status` prints systemd 255's block (Ubuntu 24.04, kubeadm's deb packages), laid out as
 * recorded from real nodes (`systemctl status kubelet` on kubeadm clusters: the Loaded/Drop-In/
 * Active/Docs/Main PID/CGroup lines, `● … active (running)` and `○ … inactive (dead)` with the
 * stopped process's `Process:` and `Main PID:` exit lines), then the unit's last 10 journal lines.
 * Derived, not recorded: the Tasks, Memory and CPU lines are left out (nothing here measures
 * them), and the runtime's `since` is the cluster's boot.
 */
import { rfc3339 } from '../../k8s/time';
import { agentId, type ComponentId, type SimMillis } from '../core/ids';
import { kubeletPid, journalText } from '../kubelet/journal';
import { factsOf } from '../node/runtime-impl';
import { runtimeOf } from '../node/cri';
import { schedule } from '../runtime';
import { stopProcess } from '../stop-hook';
import type { World } from '../world';
import type { ShellIo } from './io';
import { hostProcesses } from './processes';

interface Unit {
  name: string;
  id: ComponentId;
  description: string;
  docs: string;
  dropIn?: string;
  execStart: string;
  pid: number;
}

function unitOf(w: World, node: string, word: string): Unit | undefined {
  const name = word.replace(/\.service$/, '');
  if (name === 'kubelet') {
    const k = w.components.get(agentId('kubelet', node));
    if (k?.kind !== 'kubelet') return undefined;
    return {
      name,
      id: k.id,
      description: 'kubelet: The Kubernetes Node Agent',
      docs: 'https://kubernetes.io/docs/',
      dropIn: '10-kubeadm.conf',
      execStart: '/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS $KUBELET_CONFIG_ARGS $KUBELET_KUBEADM_ARGS $KUBELET_EXTRA_ARGS',
      pid: kubeletPid(w, k),
    };
  }
  const rt = runtimeOf(w, node);
  const process = factsOf(rt).process;
  if (!rt || name !== process) return undefined;
  return process === 'containerd'
    ? { name, id: agentId('container-runtime', node), description: 'containerd container runtime', docs: 'https://containerd.io', execStart: '/usr/bin/containerd', pid: 412 }
    : { name, id: agentId('container-runtime', node), description: 'Container Runtime Interface for OCI (CRI-O)', docs: 'https://github.com/cri-o/cri-o', execStart: '/usr/bin/crio', pid: 412 };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `Thu 2024-10-24 21:23:48 UTC` (systemd's format_timestamp). */
function stamp(t: number): string {
  const iso = rfc3339(t as SimMillis);
  // Sakamoto's day of the week, from the calendar date itself.
  const [y0, m, d] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
  const y = m < 3 ? y0 - 1 : y0;
  const day = DAYS[(y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4][m - 1]! + d) % 7];
  return `${day} ${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** systemd's format_timestamp_relative: `23s ago`, `4min 5s ago`, `54min ago`, `2h 3min ago`, … */
function ago(ms: number): string {
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const d = Math.floor(h / 24);
  if (d >= 7) return `${Math.floor(d / 7)} weeks ${d % 7} days ago`;
  if (d >= 2) return `${d} days ago`;
  if (h >= 25) return `1 day ${h - 24}h ago`;
  if (h >= 6) return `${h}h ago`;
  if (h >= 1) return `${h}h ${m % 60}min ago`;
  if (m >= 5) return `${m}min ago`;
  if (m >= 1) return `${m}min ${s % 60}s ago`;
  if (s >= 1) return `${s}s ago`;
  return ms > 0 ? `${ms}ms ago` : 'now';
}

function status(w: World, node: string, u: Unit, io: ShellIo): number {
  const c = w.components.get(u.id);
  const active = c?.running === true;
  const k = w.components.get(agentId('kubelet', node));
  const journal = u.name === 'kubelet' && k?.kind === 'kubelet' ? (k.journal?.lines ?? []) : [];
  const lastStop = [...journal].reverse().find((l) => l.ident === 'systemd' && l.text.startsWith('Stopped '))?.at;
  const since = active ? (u.name === 'kubelet' && k?.kind === 'kubelet' ? k.startedAt : w.bootedAt) : (lastStop ?? w.now);
  const lines = [
    `${active ? '●' : '○'} ${u.name}.service - ${u.description}`,
    `     Loaded: loaded (/usr/lib/systemd/system/${u.name}.service; enabled; preset: enabled)`,
    ...(u.dropIn ? [`    Drop-In: /usr/lib/systemd/system/${u.name}.service.d`, `             └─${u.dropIn}`] : []),
    `     Active: ${active ? 'active (running)' : 'inactive (dead)'} since ${stamp(since)}; ${ago(w.now - since)}`,
    `       Docs: ${u.docs}`,
  ];
  if (active) {
    const cmd = hostProcesses(w, node).find((p) => p.pid === u.pid)?.args ?? u.execStart;
    lines.push(`   Main PID: ${u.pid} (${u.name})`, `     CGroup: /system.slice/${u.name}.service`, `             └─${u.pid} ${cmd}`);
  } else {
    lines.push(`    Process: ${u.pid} ExecStart=${u.execStart} (code=exited, status=0/SUCCESS)`, `   Main PID: ${u.pid} (code=exited, status=0/SUCCESS)`);
  }
  const tail = journal.slice(-10).map((l) => journalText(node, l));
  io.out(`${lines.join('\n')}\n${tail.length ? `\n${tail.join('\n')}\n` : ''}`);
  // systemctl status exits 3 for a unit that is not active (LSB's "program is not running").
  return active ? 0 : 3;
}

export function systemctl(w: World, node: string, args: string[], io: ShellIo): number {
  const [verb, ...words] = args;
  if (verb === undefined || !['is-active', 'status', 'stop', 'start', 'restart'].includes(verb) || words.length === 0) {
    io.err('systemctl: only `systemctl is-active|status|stop|start|restart UNIT...` is supported here\n');
    return 1;
  }
  let code = 0;
  for (const word of words) {
    const u = unitOf(w, node, word);
    const full = word.endsWith('.service') ? word : `${word}.service`;
    if (verb === 'is-active') {
      const running = u !== undefined && w.components.get(u.id)?.running === true;
      io.out(`${running ? 'active' : 'inactive'}\n`);
      if (!running) code = 3;
      continue;
    }
    if (!u) {
      // systemd's words for a unit it has no file for (from its sources; this machine runs no systemd to record them).
      if (verb === 'status') io.err(`Unit ${full} could not be found.\n`);
      else io.err(`Failed to ${verb} ${full}: Unit ${full} ${verb === 'stop' ? 'not loaded' : 'not found'}.\n`);
      code = verb === 'status' ? 4 : 5;
      continue;
    }
    if (verb === 'status') {
      code = Math.max(code, status(w, node, u, io));
      continue;
    }
    if (verb === 'stop' || verb === 'restart') stopProcess(w, u.id);
    if (verb === 'start' || verb === 'restart') schedule(w, 0, u.id, { type: 'start' });
  }
  return code;
}
