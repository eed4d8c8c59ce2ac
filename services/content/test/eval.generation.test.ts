import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startOpenAiStub, type OpenAiStub } from '@postwright/platform/src/testing/fakes/openai';
import { evalGeneration } from '../src/cli/eval-generation';
import { checkPost, experienceCarried } from '../src/modules/generation/eval/evaluation';
import { evalTopics } from '../src/modules/generation/eval/topics';

const ROOT = path.resolve(__dirname, '../../..');
const form = evalTopics[0].input;
const rowOf = (report: string, check: string) => report.split('\n').find((line) => line.startsWith(check))?.replace(/\s+/g, ' ').trim();

/**
 * `npm run eval:generation` judges the posts of whatever generator is configured.
 * Here it runs against the local OpenAI-compatible stub, through the real openai SDK.
 */
describe('npm run eval:generation against an OpenAI-compatible server', () => {
  let model: OpenAiStub;
  const modelEnv = () => ({ OPENAI_API_KEY: 'any-value', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'stub-model-7b' });

  beforeAll(async () => {
    model = await startOpenAiStub();
  });
  afterAll(async () => model?.close());
  beforeEach(() => model.reset());

  test('when the model writes good posts, then every check passes and the latency is reported', async () => {
    const { report, failed } = await evalGeneration(['--limit', '6', '--concurrency', '3'], modelEnv());

    expect(failed).toBe(0);
    expect(model.requests).toHaveLength(6);
    expect(report).toContain('Generator: openai / stub-model-7b, 6 forms');
    for (const check of ['post written', 'length band', '5 distinct hooks', 'hook length', 'experience carried', 'no banned filler phrases']) {
      expect(rowOf(report, check)).toMatch(/ 6\/6 100%$/);
    }
    expect(rowOf(report, 'latency p50 / p95')).toMatch(/^latency p50 \/ p95 \d+\.\d\d s \/ \d+\.\d\d s$/);
    expect(report).not.toContain('Missed:');
  });

  test('when the model writes filler, drops the experience or fails, then the table counts it and names the forms', async () => {
    const filler = { body: `In today's fast-paced world, leadership is a game-changer. ${'Keep going and never stop learning. '.repeat(38)}`, hooks: ['A', 'B', 'C', 'D', 'E'].map((l) => `Hook ${l} about work.`) };
    model.script({ content: JSON.stringify(filler) }, { content: JSON.stringify(filler) }, { status: 503 });

    const { report, failed } = await evalGeneration(['--limit', '3', '--concurrency', '1'], modelEnv());

    expect(failed).toBe(1);
    expect(rowOf(report, 'post written')).toMatch(/ 2\/3 67%$/);
    expect(rowOf(report, 'experience carried')).toMatch(/ 0\/2 0%$/);
    expect(rowOf(report, 'no banned filler phrases')).toMatch(/ 0\/2 0%$/);
    expect(report).toContain(`"${evalTopics[0].input.topic}": experience; filler (in today's fast-paced world, game-changer)`);
    expect(report).toContain(`"${evalTopics[2].input.topic}": failed: The AI model is temporarily unavailable.`);
  });

  test('when run as the npm script, then it prints the table and exits 0', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'eval:generation', '--', '--limit', '2'], {
      cwd: ROOT,
      env: { ...process.env, ...modelEnv(), NODE_ENV: 'test' },
    });

    expect(stdout).toContain('Generator: openai / stub-model-7b, 2 forms');
    expect(rowOf(stdout, 'post written')).toMatch(/ 2\/2 100%$/);
  });
});

describe('the checks of a generated post', () => {
  const hooks = ['One hook for the post.', 'Another way to open it.', 'A third opening line.', 'Fourth: a number, 3.', 'Fifth and last hook here.'];
  const bodyOf = (length: number) => `${form.personalExperience} `.padEnd(length, 'x');

  test('when the post with every hook is within 1,300-1,600 characters, then the length band passes; one character over fails it', () => {
    const longest = Math.max(...hooks.map((h) => h.length));
    expect(checkPost(form, { body: bodyOf(1600 - 2 - longest), hooks }).lengthBand).toBe(true);
    expect(checkPost(form, { body: bodyOf(1600 - 1 - longest), hooks }).lengthBand).toBe(false);
  });

  test('when two hooks differ only in case, or one is 210 characters, then those checks fail', () => {
    const body = bodyOf(1350);
    expect(checkPost(form, { body, hooks: [...hooks.slice(0, 4), hooks[0].toUpperCase()] }).distinctHooks).toBe(false);
    expect(checkPost(form, { body, hooks: [...hooks.slice(0, 4), 'x'.repeat(210)] }).hookLength).toBe(false);
  });

  test('when the post keeps the facts of the experience in other words, then it is carried; when it ignores them, it is not', () => {
    const experience = 'We cancelled every recurring meeting for two weeks; fewer than half came back and on-time delivery rose 11%.';
    expect(experienceCarried(experience, 'Two weeks without a recurring meeting: fewer than half came back, and on-time delivery rose 11%. We had cancelled them all.')).toBe(true);
    expect(experienceCarried(experience, 'Meetings matter. Think about which ones you need and act on it.')).toBe(false);
  });
});
