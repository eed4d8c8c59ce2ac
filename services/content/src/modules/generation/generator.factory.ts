import type { Logger } from '@postwright/platform';
import type { ContentConfig } from '../../config';
import type { ContentGenerator } from './generation.types';
import { offlineGenerator } from './providers/offline/offline.generator';
import { streamedWhole } from './providers/post-stream';

/** What choosing a generator needs: the model settings alone (the evaluation script has nothing else). */
export type GeneratorSettings = Pick<ContentConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'GENERATION_TIMEOUT_MS'>;

/** A model when OPENAI_API_KEY is set, else the offline framework generator. */
export function createGenerator(config: GeneratorSettings, logger: Logger): ContentGenerator {
  if (!config.OPENAI_API_KEY) return streamedWhole(offlineGenerator());
  // loaded only when a model is configured: the openai SDK costs every process that loads it about 8 MB
  const { openAiGenerator } = require('./providers/openai.generator') as typeof import('./providers/openai.generator');
  return openAiGenerator({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.GENERATION_TIMEOUT_MS,
    logger,
  });
}
