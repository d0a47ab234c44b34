/** Offline use: the prompt shown when a new version of the app is installed and waiting. */
import type { Translations } from '../plural';
export const en = {
  'offline.update.available': 'A new version is available.',
  'offline.update.reload': 'Reload',
  'offline.update.later': 'Later',
} as const;

export const zh: Translations<typeof en> = {
  'offline.update.available': '有新版本可用。',
  'offline.update.reload': '重新加载',
  'offline.update.later': '稍后',
};
