/** The built-in lessons, made at build time by the `reconcile-lessons` Vite plugin (vite.config.ts). */
declare module 'virtual:lessons' {
  import type { LessonBundle } from '../../lesson-runtime/catalog';

  const bundle: LessonBundle;
  export default bundle;
}
