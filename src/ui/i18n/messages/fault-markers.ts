/**
 * The fault markers on the playback bar's timeline (src/ui/instructor/FaultMarkers.tsx): shown at
 * first paint, so they load with the page; the rest of the instructor console's strings
 * (instructor.ts) load with the console.
 */
import type { Translations } from '../plural';

export const en = {
  'ic.markers': 'Faults on the timeline',
  'ic.marker.closed': '{target}: failed at {start}, recovered at {end}',
  'ic.marker.open': '{target}: failed at {start}, still active',
  'ic.marker.beforeClosed': '{target}: active since before the recording, recovered at {end}',
  'ic.marker.beforeOpen': '{target}: active since before the recording',
} as const;

export const zh: Translations<typeof en> = {
  'ic.markers': '时间线上的故障',
  'ic.marker.closed': '{target}：{start} 发生故障，{end} 恢复',
  'ic.marker.open': '{target}：{start} 发生故障，仍在生效',
  'ic.marker.beforeClosed': '{target}：在记录开始前就已生效，{end} 恢复',
  'ic.marker.beforeOpen': '{target}：在记录开始前就已生效',
};
