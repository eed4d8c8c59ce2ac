import type { HookStyle } from '@postwright/contracts';
import type { GenerationProgress } from '../src/modules/generation/generation.types';
import { postAsJsonPieces, postStreamParser } from '../src/modules/generation/providers/post-stream';

const hooks = ['One', 'Two', 'Three', 'Four', 'Five'];

function feed(pieces: string[]): GenerationProgress[] {
  const seen: GenerationProgress[] = [];
  const parser = postStreamParser((p) => seen.push(p));
  for (const piece of pieces) parser.push(piece);
  return seen;
}
const bodyOf = (seen: GenerationProgress[]) => seen.flatMap((p) => (p.type === 'body' ? [p.delta] : [])).join('');
const hooksOf = (seen: GenerationProgress[]) => seen.flatMap((p) => (p.type === 'hook' ? [[p.index, p.text]] : []));

/** The incremental reading of a post answer as a model streams it. */
describe('the post stream parser', () => {
  test('when the answer arrives in pieces of any size, then the body comes as it is written and each hook once it is closed', () => {
    const text = JSON.stringify({ body: 'Line one with “quotes” and \\ a backslash.\n\nAn emoji 😀 and \u00e9.', hooks });
    for (const size of [1, 2, 3, 5, 8, 64]) {
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'gu'))!;

      const seen = feed(pieces);

      expect(bodyOf(seen)).toBe('Line one with “quotes” and \\ a backslash.\n\nAn emoji 😀 and é.');
      expect(hooksOf(seen)).toEqual(hooks.map((h, i) => [i, h]));
      expect(seen.filter((p) => p.type === 'body').length).toBeGreaterThan(size === 64 ? 0 : 3);
    }
  });

  test('when a model wraps its JSON in a code fence after a preamble, then the post is still shown', () => {
    const seen = feed(['Sure! Here it is:\n```json\n', '{"body": "The body.", ', '"hooks": ["**Bold** hook", "2", "3", "4", "5"]}', '\n```']);

    expect(bodyOf(seen)).toBe('The body.');
    // hooks are cleaned as the stored ones are
    expect(hooksOf(seen)[0]).toEqual([0, 'Bold hook']);
  });

  test('when the answer stops being JSON, then progress stops there without an error', () => {
    const seen = feed(['{"body": "Started', ' well", "hooks": [oops', '"late"]}']);

    expect(bodyOf(seen)).toBe('Started well');
    expect(hooksOf(seen)).toEqual([]);
  });

  test('when a whole post is handed over as pieces, then they read back as the same post, paragraph by paragraph, with the hooks\' styles after the hooks', () => {
    const post = { body: 'First "paragraph".\n\nSecond.\n\nThird, with a\nline break.', hooks, hookStyles: ['claim', 'question', 'number', 'story', 'contrast'] as HookStyle[] };

    const seen = feed(postAsJsonPieces(post));

    expect(seen.filter((p) => p.type === 'body').map((p) => (p as { delta: string }).delta)).toEqual(['First "paragraph".\n\n', 'Second.\n\n', 'Third, with a\nline break.']);
    expect(hooksOf(seen)).toEqual(hooks.map((h, i) => [i, h]));
    expect(JSON.parse(postAsJsonPieces(post).join(''))).toEqual(post);
  });
});
