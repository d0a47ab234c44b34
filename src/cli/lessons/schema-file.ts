/**
 * The JSON Schema editors use to complete and check lesson files
 * (`# yaml-language-server: $schema=../lesson.schema.json`), generated from the zod schema so the
 * two can never disagree. Draft-7: what the YAML language server reads.
 */
import { z } from 'zod';
import { DrillSchema, MisconceptionCardSchema } from '../../lesson-runtime/drill-schema';
import { LessonSchema } from '../../lesson-runtime/schema';

export function lessonJsonSchema(): string {
  const schema = z.toJSONSchema(LessonSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ ...schema, title: 'Reconcile lesson', description: 'lessons/<NN-slug>/lesson.yaml: a guided lesson, checked against the simulator by npm run lessons:check.' }, null, 2)}\n`;
}

function jsonSchema(schema: z.ZodType, title: string, description: string): string {
  return `${JSON.stringify({ ...z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }), title, description }, null, 2)}\n`;
}

export function drillJsonSchema(): string {
  return jsonSchema(DrillSchema, 'Reconcile interview drill', 'lessons/interview/qNN-slug.yaml: an interview question with a live demonstration, checked by npm run lessons:check.');
}

export function misconceptionJsonSchema(): string {
  return jsonSchema(MisconceptionCardSchema, 'Reconcile misconception card', 'lessons/interview/mN-slug.yaml: a misconception to judge, with a live counter-demonstration.');
}
