/**
 * `npm run eval:generation [-- --limit N --concurrency N --json FILE]`: writes a post for each
 * form of the evaluation set with the generator the OPENAI_* settings choose (a model, or the
 * offline writer when OPENAI_API_KEY is unset) and prints how the posts fare against the
 * product's checks, with latency. See docs/generation.md, "Judging generated posts".
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createLogger } from '@postwright/platform';
import { configSchema } from '../config';
import { evalTopics } from '../modules/generation/eval/topics';
import { formatReport, runEvaluation } from '../modules/generation/eval/evaluation';
import { createGenerator } from '../modules/generation/generator.factory';

const settingsSchema = configSchema.pick({ OPENAI_API_KEY: true, OPENAI_BASE_URL: true, OPENAI_MODEL: true, GENERATION_TIMEOUT_MS: true, LOG_LEVEL: true });

export async function evalGeneration(argv: string[], env: Record<string, string | undefined>): Promise<{ report: string; failed: number }> {
  const { values } = parseArgs({
    args: argv,
    options: { limit: { type: 'string' }, concurrency: { type: 'string' }, json: { type: 'string' } },
    allowPositionals: false,
  });
  const limit = values.limit ? Number(values.limit) : evalTopics.length;
  const concurrency = values.concurrency ? Number(values.concurrency) : 2;
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a whole number of 1 or more');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a whole number of 1 or more');
  // the model's warnings (a repair, a post off the band) would drown the table: errors only unless asked
  const settings = settingsSchema.parse({ LOG_LEVEL: 'error', ...env });
  const generator = createGenerator(settings, createLogger('eval-generation', settings.LOG_LEVEL));
  const results = await runEvaluation(generator, evalTopics.slice(0, limit), { concurrency });
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ generator: { provider: generator.provider, model: generator.model }, results }, null, 2));
  return { report: formatReport(generator, results), failed: results.filter((r) => !r.ok).length };
}

if (require.main === module) {
  evalGeneration(process.argv.slice(2), process.env).then(
    ({ report, failed }) => {
      process.stdout.write(`${report}\n`);
      process.exitCode = failed ? 1 : 0;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
