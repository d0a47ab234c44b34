/** The classroom: presenter mode and the audience window that follows the presenter. */
export const en = {
  'classroom.label': 'Classroom',
  'classroom.presenter': 'Presenter mode',
  'classroom.presenterHint': 'Large type, high contrast, answers hidden: for projecting in class',
  'classroom.openAudience': 'Open audience window',
  'classroom.openAudienceHint': 'A second window for the projector that follows this one: the same run, the same moment, live',
  'classroom.popupBlocked': 'The browser blocked the new window. Allow pop-ups for this site and try again.',
  'classroom.following': 'Following the presenter — view only',
} as const;

export const zh: Record<keyof typeof en, string> = {
  'classroom.label': '课堂',
  'classroom.presenter': '演示模式',
  'classroom.presenterHint': '大字号、高对比度、隐藏答案：用于课堂投影',
  'classroom.openAudience': '打开观众窗口',
  'classroom.openAudienceHint': '供投影使用的第二个窗口，实时跟随本窗口：同一次运行、同一时刻',
  'classroom.popupBlocked': '浏览器阻止了新窗口。请允许此网站弹出窗口后重试。',
  'classroom.following': '正在跟随演示者——仅供观看',
};
