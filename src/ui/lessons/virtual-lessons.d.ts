/** The built-in lessons and drills, made at build time by the `reconcile-lessons` Vite plugin (vite.config.ts). */
declare module 'virtual:lessons' {
  import type { LessonBundle } from '../../lesson-runtime/catalog';

  const bundle: LessonBundle;
  export default bundle;
}

declare module 'virtual:drills' {
  import type { Drill, MisconceptionCard } from '../../lesson-runtime/drill-schema';

  const bundle: { drills: Drill[]; cards: MisconceptionCard[]; files: Record<string, string> };
  export default bundle;
}
