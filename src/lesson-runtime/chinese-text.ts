/**
 * Spaces in Chinese text where Chinese typography has none: between two Chinese characters, and
 * beside full-width punctuation. They come from templates that put a space around every
 * placeholder (right beside a Latin name, wrong between Chinese words) and from YAML's folded
 * blocks, which join a paragraph's lines with a space (`…东西：\n一个…` → `东西： 一个`). A space
 * between a Chinese character and a Latin word stays.
 */
const CJK = '\\u3000-\\u303f\\u3400-\\u4dbf\\u4e00-\\u9fff';
const FULLWIDTH = '\\uff01-\\uff0f\\uff1a-\\uff1f';
const CJK_GAP = new RegExp(`([${CJK}${FULLWIDTH}])\\s+(?=[${CJK}${FULLWIDTH}])|\\s+(?=[${FULLWIDTH}])|(?<=[${FULLWIDTH}])\\s+`, 'gu');

export function closeChineseGaps(text: string): string {
  return text.replace(CJK_GAP, '$1');
}
