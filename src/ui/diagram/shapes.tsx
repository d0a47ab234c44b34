/**
 * Icons of the diagram: lucide's for components and states (real SVG, so they render everywhere,
 * unlike the ⏸ ⏻ font glyphs stock Debian Chromium drew as empty boxes), and a small SVG shape per
 * Pod state so the state reads without colour. All decorative: the words beside them say it.
 */
import {
  CalendarClock,
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  Cloud,
  Database,
  HardDrive,
  Hourglass,
  Network,
  PowerOff,
  RefreshCcw,
  SquareTerminal,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentNodeData, NodeCondition } from './data';
import type { PodShape } from './pods';

export const KIND_ICON: Record<ComponentNodeData['kind'], LucideIcon> = {
  user: User,
  kubectl: SquareTerminal,
  'kube-apiserver': Network,
  etcd: Database,
  'kube-scheduler': CalendarClock,
  'kube-controller-manager': RefreshCcw,
  'cloud-controller-manager': Cloud,
  csi: HardDrive,
  kubelet: HardDrive,
  'container-runtime': HardDrive,
  cni: Network,
  'kube-proxy': Network,
};

export const STOPPED_ICON = PowerOff;
export const PENDING_ICON = Hourglass;

export const CONDITION_ICON: Record<NodeCondition, LucideIcon> = { Ready: CircleCheck, NotReady: CircleX, Unknown: CircleQuestionMark };

/** A Pod state's shape: filled circle, half circle, dashed ring, square, down triangle, cross. */
export function PodShapeIcon({ shape }: { shape: PodShape }) {
  const common = { width: 10, height: 10, viewBox: '0 0 10 10', 'aria-hidden': true, focusable: false, className: 'diagram-shape' } as const;
  switch (shape) {
    case 'ok':
      return (
        <svg {...common}>
          <circle cx="5" cy="5" r="4.5" fill="currentColor" />
        </svg>
      );
    case 'notReady':
      return (
        <svg {...common}>
          <circle cx="5" cy="5" r="4" fill="none" stroke="currentColor" strokeWidth="1.2" />
          <path d="M5 1 A4 4 0 0 1 5 9 Z" fill="currentColor" />
        </svg>
      );
    case 'progress':
      return (
        <svg {...common}>
          <circle cx="5" cy="5" r="4" fill="none" stroke="currentColor" strokeWidth="1.4" strokeDasharray="2 1.6" />
        </svg>
      );
    case 'done':
      return (
        <svg {...common}>
          <rect x="1" y="1" width="8" height="8" fill="currentColor" />
        </svg>
      );
    case 'terminating':
      return (
        <svg {...common}>
          <path d="M1 1.5 H9 L5 9 Z" fill="none" stroke="currentColor" strokeWidth="1.3" />
        </svg>
      );
    case 'problem':
      return (
        <svg {...common}>
          <path d="M1.5 1.5 L8.5 8.5 M8.5 1.5 L1.5 8.5" stroke="currentColor" strokeWidth="2" />
        </svg>
      );
    default: {
      const never: never = shape;
      return never;
    }
  }
}
