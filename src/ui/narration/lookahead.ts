/**
 * How far narration looks ahead of a record (kubectl's next request) to say why it exists. Its
 * own module so the narrator's frame (AriaNarrator.tsx) reads it without loading the sentences.
 */
export const WHY_LOOKAHEAD = 60;
