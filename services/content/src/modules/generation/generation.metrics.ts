import type { Metrics } from '@postwright/platform';
import type { ContentGenerator } from './generation.types';

/** Seconds a post takes to write: well under one offline, up to the 45 s timeout with a model. */
const BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 20, 30, 45, 60];

/**
 * The generator, each post it writes timed into postwright_generation_duration_seconds by outcome
 * (succeeded; abandoned: its client left before being shown any of it; failed) and by generator
 * (a model, or the offline framework generator). Wrapped around the generator where the service
 * is put together, so the use case stays free of metrics.
 */
export function timedGenerator(generator: ContentGenerator, metrics: Metrics): ContentGenerator {
  const duration = metrics.histogram(
    'postwright_generation_duration_seconds',
    'Seconds spent writing a post, by outcome (succeeded, failed, abandoned) and generator (model, offline)',
    ['outcome', 'generator'],
    BUCKETS,
  );
  const kind = generator.provider === 'offline' ? 'offline' : 'model';
  return {
    provider: generator.provider,
    model: generator.model,
    async generate(input, options = {}) {
      const start = performance.now();
      const observe = (outcome: 'succeeded' | 'failed' | 'abandoned') => duration.observe({ outcome, generator: kind }, (performance.now() - start) / 1000);
      try {
        const post = await generator.generate(input, options);
        // a writer that does not listen for the abort may finish for a client already gone
        observe(options.signal?.aborted ? 'abandoned' : 'succeeded');
        return post;
      } catch (error) {
        observe(options.signal?.aborted ? 'abandoned' : 'failed');
        throw error;
      }
    },
  };
}
