import { contentTypeInfo, contentTypes, type ContentItem, type ContentType } from '@postwright/contracts';
import { contentMix, contentMixText } from '../../../config/content-mix';

/**
 * The distribution strategy, in the words of config/content-mix.ts. Types map to stages as the
 * contracts say (contentTypeInfo.funnel); a stage is on target within its band (the top's is the
 * spec's 20-30%).
 */
export type FunnelStage = 'top' | 'middle' | 'bottom';

export const funnelTargets: Record<FunnelStage, { label: string; min: number; max: number; text: string }> = {
  top: { label: 'Reaching new people', min: 20, max: 30, text: `${contentMix.top.share} posts` },
  middle: { label: 'Giving value', min: 55, max: 65, text: `${contentMix.middle.share} posts` },
  bottom: { label: 'Starting conversations', min: 15, max: 25, text: `${contentMix.bottom.share} posts` },
};

const DAYS = ['Monday', 'Wednesday', 'Friday'] as const;
export const withArticle = (name: string) => `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;

/** "A balanced week is five posts: a Contrarian Take on Monday, ..., an Industry Insight and a Relationship Builder on Friday." */
export const balancedWeek = `A balanced week is five posts: ${DAYS.map(
  (day) =>
    `${contentTypes
      .filter((type) => contentTypeInfo[type].day === day)
      .map((type) => withArticle(contentTypeInfo[type].name))
      .join(' and ')} on ${day}`,
).join(', ')}.`;

/** The same week as shares of all posts: 1 + 3 + 1 = 5 in 5. */
export const balancedShares = `That is ${contentMixText}.`;

export const funnelStages: FunnelStage[] = ['top', 'middle', 'bottom'];

export function typesOf(stage: FunnelStage): ContentType[] {
  return contentTypes.filter((type) => contentTypeInfo[type].funnel === stage);
}

export type StageVerdict = 'below' | 'on' | 'above';

export interface FunnelMix {
  total: number;
  stages: Array<{ stage: FunnelStage; count: number; percent: number; verdict: StageVerdict }>;
  /** the stage furthest below its target, when any is */
  next: FunnelStage | null;
}

export function funnelMix(items: Pick<ContentItem, 'contentType'>[]): FunnelMix {
  const total = items.length;
  const stages = funnelStages.map((stage) => {
    const count = items.filter((item) => contentTypeInfo[item.contentType]?.funnel === stage).length;
    const percent = total ? Math.round((count / total) * 100) : 0;
    const { min, max } = funnelTargets[stage];
    const verdict: StageVerdict = percent < min ? 'below' : percent > max ? 'above' : 'on';
    return { stage, count, percent, verdict };
  });
  let next: FunnelStage | null = null;
  let gap = 0;
  for (const s of stages) {
    const missing = funnelTargets[s.stage].min - s.percent;
    if (total > 0 && missing > gap) {
      gap = missing;
      next = s.stage;
    }
  }
  return { total, stages, next };
}
