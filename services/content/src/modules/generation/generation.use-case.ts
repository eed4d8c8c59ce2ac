import { randomBytes } from 'node:crypto';
import { FREE_REGENERATIONS_PER_DRAFT, type GenerateRequest, type GenerateResponse } from '@postwright/contracts';
import { isAppError, type Logger } from '@postwright/platform';
import { contentErrors } from '../content/content.errors';
import { generationErrors } from './generation.errors';
import type { ContentVersion } from '../content/content.model';
import { toContentItem } from '../content/content.presenter';
import type { ContentRecord, ContentRepository } from '../content/content.repository';
import { settled } from '../content/content.use-case';
import type { GenerationLimitsPort } from './generation-limits.repository';
import type { ContentGenerator, GenerationInput, GenerationOptions } from './generation.types';
import type { QuotaPort, Reservation } from './quota.client';

/** A free run nobody finishes (its replica died) is given back after this, as a quota reservation is. */
const FREE_RUN_TTL_MS = 5 * 60_000;

/** What a generation costs: a post reserved, or one of the draft's free runs (`free`, with no post reserved). */
type Cost = Reservation & { free: { contentId: string; key: string } | null };

export interface RunOptions {
  /**
   * aborted when the client goes away. Before it was shown any of the post, and before the
   * model answered, that cancels the generation: the model request is aborted, nothing is
   * stored and the trial credit is released. After either, the post is spent: it is finished,
   * stored and counted all the same (a post that was read cannot be given back).
   */
  signal?: AbortSignal;
  /** the post as it is written, for a streaming answer */
  onProgress?: GenerationOptions['onProgress'];
}

export interface GenerateResult {
  /** false when "Generate again" replaced an existing draft's text in place */
  created: boolean;
  response: GenerateResponse;
}

export function generationUseCases(deps: {
  repo: ContentRepository;
  generator: ContentGenerator;
  quota: QuotaPort;
  limits: GenerationLimitsPort;
  logger: Logger;
}) {
  const { repo, generator, quota, limits, logger } = deps;

  /**
   * The draft "Generate again" will write into: the caller's own, still a draft, of the
   * requested type. Checked before a credit is reserved or the model is asked, so a refused
   * request costs nothing.
   */
  async function draftToReplace(userId: string, contentId: string, contentType: GenerationInput['contentType']): Promise<ContentRecord> {
    const record = await repo.findOwned(contentId, userId);
    if (!record) throw contentErrors.notFound();
    if (record.status !== 'draft') throw contentErrors.notEditable(record.status, 'regenerate');
    if (record.contentType !== contentType) throw contentErrors.typeMismatch(record.contentType, contentType);
    return record;
  }

  /**
   * One of the draft's free "Generate again" runs, if it has one left: a single conditional
   * update, so two runs at once cannot both take the last one. Runs under way past their TTL
   * (a replica that died) are given back first when none is left.
   */
  async function takeFreeRun(draft: ContentRecord, userId: string): Promise<Cost['free']> {
    const key = randomBytes(16).toString('hex');
    const take = () => repo.takeFreeRegeneration(draft.id, userId, key, new Date(Date.now() + FREE_RUN_TTL_MS), FREE_REGENERATIONS_PER_DRAFT);
    let taken = await take();
    if (!taken) {
      const expired = Object.entries(draft.freeRegenerationHolds ?? {}).filter(([, at]) => at.getTime() <= Date.now());
      let givenBack = 0;
      for (const [old] of expired) if (await repo.giveBackFreeRegeneration(draft.id, old)) givenBack += 1;
      if (givenBack) taken = await take();
    }
    return taken ? { contentId: draft.id, key } : null;
  }

  function giveBackFreeRun(free: Cost['free']) {
    if (!free) return Promise.resolve();
    return repo.giveBackFreeRegeneration(free.contentId, free.key).then(
      () => undefined,
      (err: unknown) => {
        // its hold expires and is given back when the draft next runs out of free runs
        logger.error({ err, contentId: free.contentId }, 'free run could not be given back');
      },
    );
  }

  /**
   * What this generation costs. "Generate again" of a draft takes one of its free runs while it
   * has one: no post is reserved, but the auth service still says whether the member may generate
   * (an ended trial or an overdue payment is refused). Otherwise a post is reserved, as for a new one.
   */
  async function pay(userId: string, replacing: ContentRecord | null): Promise<Cost> {
    const free = replacing ? await takeFreeRun(replacing, userId) : null;
    if (!free) return { ...(await quota.reserve(userId)), free: null };
    try {
      return { ...(await quota.reserve(userId, { free: true })), free };
    } catch (error) {
      await giveBackFreeRun(free);
      throw error;
    }
  }

  /**
   * One of the member's generation slots (GENERATION_MAX_IN_FLIGHT running,
   * GENERATION_PER_MINUTE started a minute), or the refusal of the limit that is reached. Taken
   * before a credit is reserved or the model is asked, so a refusal costs nothing.
   */
  async function startSlot(userId: string) {
    const start = await limits.start(userId);
    if (!start.started) {
      throw start.limit === 'in-flight' ? generationErrors.busy(start.allowed, start.retryAfterSeconds) : generationErrors.tooMany(start.allowed, start.retryAfterSeconds);
    }
    return () =>
      start.finish().catch((err: unknown) => {
        // the slot's entry expires on its own a little after the longest generation
        logger.warn({ err, userId }, 'generation slot could not be freed');
      });
  }

  /**
   * A generation checked and ready to run: the form is valid, the draft to write into, if any,
   * is the caller's, and the member is within the generation limits (its slot is taken). A
   * refused request ends here and costs nothing. `run` frees the slot whatever happens; a run
   * that never ends (its replica died) has its slot expire.
   */
  async function prepare(userId: string, request: GenerateRequest) {
    const { contentId, ...form } = request;
    const input: GenerationInput = { ...form, businessGoal: form.businessGoal || null };
    const replacing = contentId ? await draftToReplace(userId, contentId, input.contentType) : null;
    const finishSlot = await startSlot(userId);
    return {
      run: async (options: RunOptions = {}) => {
        try {
          return await run(userId, input, replacing, options);
        } finally {
          await finishSlot();
        }
      },
    };
  }

  /**
   * Writes the post and stores it as a draft, or into the draft being replaced ("Generate
   * again"), keeping the text it replaces one undo away. A trial credit is reserved
   * first (so parallel requests cannot overspend the trial), committed once the draft is
   * stored, and released on any failure: a failed generation costs nothing. A client that goes
   * away cancels the generation, and is given the credit back, only while it has seen nothing
   * of the post and the model has not answered; once it has been shown text, the post counts
   * and is stored whoever hangs up (else reading a post and hanging up before `done` would be
   * a free post). A free run of "Generate again" is taken, kept and given back the same way.
   */
  async function run(userId: string, input: GenerationInput, replacing: ContentRecord | null, options: RunOptions): Promise<GenerateResult> {
    const { signal: gone, onProgress } = options;
    const contentId = replacing?.id;
    const reservation = await pay(userId, replacing);
    // the model request follows the client only until the client has been shown text
    const writing = new AbortController();
    let shown = false;
    const cancel = () => {
      if (!shown) writing.abort();
    };
    if (gone?.aborted) cancel();
    else gone?.addEventListener('abort', cancel, { once: true });
    const show: GenerationOptions['onProgress'] =
      onProgress &&
      ((progress) => {
        if (gone?.aborted) return; // nobody left to show it to
        if (progress.type === 'body') shown = true;
        onProgress(progress);
      });

    let record: ContentRecord;
    try {
      if (writing.signal.aborted) throw generationErrors.clientGone();
      const post = await generator.generate(input, {
        ...(replacing ? { replacing: { body: replacing.generatedContent, hooks: replacing.hooks } } : {}),
        // the draft's undo: a new take should not bring it back either
        ...(replacing?.previous ? { previous: { body: replacing.previous.generatedContent, hooks: replacing.previous.hooks } } : {}),
        signal: writing.signal,
        onProgress: show,
      });
      // a writer that does not listen for the abort answered after the client had left unshown
      if (writing.signal.aborted) throw generationErrors.clientGone();
      const version: ContentVersion = {
        topic: input.topic,
        inputs: {
          industryRole: input.industryRole,
          personalExperience: input.personalExperience,
          targetAudience: input.targetAudience,
          businessGoal: input.businessGoal,
        },
        generator: { provider: generator.provider, model: generator.model },
        generatedContent: post.body,
        hooks: post.hooks,
        hookStyles: post.hookStyles,
        // a new text: the author picks a hook for it and edits it afresh
        selectedHook: null,
        selectedHookStyle: null,
        finalContent: null,
      };
      // a free run is kept taken (its hold dropped) by the same write that stores its text
      record = replacing
        ? settled(await repo.replaceVersion(replacing.id, userId, { contentType: input.contentType }, version, reservation.free?.key), 'regenerate')
        : await repo.create({ userId, contentType: input.contentType, ...version });
    } catch (error) {
      if (isAppError(error) && error.code === 'GENERATION.CLIENT_GONE') {
        logger.info({ userId, contentId: contentId ?? null }, 'client went away before it was shown any of the post: nothing stored, trial credit released');
      }
      if (reservation.reservationId) {
        await quota.release(reservation.reservationId).catch((err: unknown) => {
          // the auth service also expires reservations that are never committed
          logger.error({ err, reservationId: reservation.reservationId }, 'trial credit could not be released');
        });
      }
      // a free run that failed or was abandoned is given back, as a post is
      await giveBackFreeRun(reservation.free);
      throw error;
    } finally {
      gone?.removeEventListener('abort', cancel);
    }
    if (gone?.aborted) {
      logger.info({ userId, contentId: record.id }, 'client went away after it was shown the post or the model answered: stored and counted');
    }

    let { trialPostsRemaining, usage } = reservation;
    if (reservation.reservationId) {
      try {
        ({ trialPostsRemaining, usage } = await quota.commit(reservation.reservationId));
      } catch (err) {
        // the draft exists and the user should have it; the uncommitted reservation expires in auth
        logger.error({ err, reservationId: reservation.reservationId, contentId: record.id }, 'trial credit could not be committed');
      }
    }

    return { created: !replacing, response: { content: toContentItem(record), user: { trialPostsRemaining, usage } } };
  }

  return {
    prepare,
    /** prepare and run in one: the JSON answer */
    async generate(userId: string, request: GenerateRequest, options: RunOptions = {}): Promise<GenerateResult> {
      return (await prepare(userId, request)).run(options);
    },
  };
}

export type GenerationUseCases = ReturnType<typeof generationUseCases>;
