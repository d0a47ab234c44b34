/** The kubelet's journal (journal.ts), as plain data on its state. Types only. */

export interface JournalLine {
  at: number;
  /** The unit's process: `kubelet` (with its PID) or `systemd` (PID 1). */
  pid: number;
  ident: 'kubelet' | 'systemd';
  text: string;
}

export interface KubeletJournal {
  lines: JournalLine[];
  /** The running kubelet's PID (a new one after each restart). */
  pid: number;
  written: number;
  lastAt?: number;
  lastSub?: number;
}
