import { JSONParser } from '@streamparser/json';
import { HOOK_COUNT } from '@postwright/contracts';
import type { ContentGenerator, GeneratedPost, GenerationProgress } from '../generation.types';
import { cleanHook } from './post-output';

/**
 * Turns the text of a post answer (`{"body": "...", "hooks": ["...", ...], "hookStyles": [...]}`), as it arrives in
 * pieces, into progress: body text as it is written and each hook once its string is closed.
 * Every writer streams through it, the model (its tokens) and the offline writer (its
 * paragraphs), so a streaming client sees one kind of stream.
 *
 * It only shows the post as it is written: the whole answer is still parsed and checked at the
 * end (parsePostOutput), and what is stored is what that check returns: the hooks' styles come
 * after the hooks, so they reach the client with the stored item in `done`. Text before the first
 * `{` (a code fence, a preamble) is skipped; an answer that stops being JSON stops the progress.
 */
export function postStreamParser(emit: (progress: GenerationProgress) => void) {
  const parser = new JSONParser({ paths: ['$.body', '$.hooks.*'], keepStack: false, emitPartialTokens: true, emitPartialValues: true });
  let started = false;
  let broken = false;
  let bodySent = 0;
  const hooksSent = new Set<number>();

  parser.onValue = ({ value, key, stack, partial }) => {
    if (typeof value !== 'string') return;
    if (stack.length === 1 && key === 'body') {
      if (value.length > bodySent) emit({ type: 'body', delta: value.slice(bodySent) });
      bodySent = Math.max(bodySent, value.length);
    } else if (stack.length === 2 && typeof key === 'number' && !partial && key < HOOK_COUNT && !hooksSent.has(key)) {
      hooksSent.add(key);
      emit({ type: 'hook', index: key, text: cleanHook(value) });
    }
  };
  // a parse error is not ours to throw: the final check says what was wrong with the answer
  parser.onError = () => {
    broken = true;
  };

  return {
    push(text: string): void {
      if (broken || !text) return;
      let piece = text;
      if (!started) {
        const open = piece.indexOf('{');
        if (open < 0) return;
        piece = piece.slice(open);
        started = true;
      }
      try {
        parser.write(piece);
      } catch {
        broken = true;
      }
    },
  };
}

/**
 * A finished post as the pieces a writer produces it in: the body paragraph by paragraph, then
 * the hooks and their styles, as the JSON text a model would send (for a writer that has the whole post at once).
 */
export function postAsJsonPieces(post: GeneratedPost): string[] {
  const paragraphs = post.body.split(/(?<=\n\n)/);
  const text = (s: string) => JSON.stringify(s).slice(1, -1);
  return [
    '{"body":"',
    ...paragraphs.map(text),
    '","hooks":[',
    ...post.hooks.map((hook, i) => `${i ? ',' : ''}${JSON.stringify(hook)}`),
    `],"hookStyles":${JSON.stringify(post.hookStyles)}}`,
  ];
}

/**
 * For a writer that has the whole post at once (the offline writer): its pieces go through the
 * same parser as a model's tokens, as it hands them over, with no delay added.
 */
export function streamedWhole(generator: ContentGenerator): ContentGenerator {
  return {
    provider: generator.provider,
    model: generator.model,
    async generate(input, options = {}) {
      const post = await generator.generate(input, options);
      if (options.onProgress) {
        const progress = postStreamParser(options.onProgress);
        for (const piece of postAsJsonPieces(post)) progress.push(piece);
      }
      return post;
    },
  };
}
