import type { ContentType, HookStyle } from '@postwright/contracts';

/** The generation form after validation. */
export interface GenerationInput {
  contentType: ContentType;
  topic: string;
  industryRole: string;
  personalExperience: string;
  targetAudience: string;
  businessGoal: string | null;
}

/** A post's text: its body and its 5 hook options; the chosen hook goes above the body, then a blank line. */
export interface PostText {
  body: string;
  hooks: string[];
}

/** A written post: its text, and each hook's style (parallel to `hooks`). */
export interface GeneratedPost extends PostText {
  hookStyles: HookStyle[];
}

/**
 * What a streaming caller sees while a post is written: body text as it comes, each
 * hook once complete, and a reset when the writer starts over (a model's unusable first answer).
 */
export type GenerationProgress =
  | { type: 'body'; delta: string }
  | { type: 'hook'; index: number; text: string }
  | { type: 'reset' };

export interface GenerationOptions {
  /** "Generate again": the post being replaced; a generator should write a different take, with other hooks */
  replacing?: PostText;
  /** with `replacing`: the version before it (the draft's undo), which a new take should not bring back either */
  previous?: PostText;
  /** aborted when the generation is called off (its client left before it was shown any text): a model request is cancelled, nothing is stored */
  signal?: AbortSignal;
  /** called as the post is written; the finished post is still what `generate` resolves to */
  onProgress?: (progress: GenerationProgress) => void;
}

/** One interface for every way of writing a post (a model, or the offline framework generator). */
export interface ContentGenerator {
  readonly provider: string;
  readonly model: string;
  generate(input: GenerationInput, options?: GenerationOptions): Promise<GeneratedPost>;
}
