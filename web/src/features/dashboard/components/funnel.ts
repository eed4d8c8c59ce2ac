import { contentTypeInfo, contentTypes, type ContentItem, type ContentType } from '@postwright/contracts';

/**
 * The distribution strategy (spec section 9): 20-30% top of funnel, 60% middle, 20% bottom.
 * Types map to stages as the contracts say (contentTypeInfo.funnel): Contrarian Take builds
 * authority with new audiences (top); Behind the Scenes, Framework and Industry Insight deliver
 * value (middle, the framework's "value delivery" purpose); Relationship Builder drives
 * engagement (bottom).
 */
export type FunnelStage = 'top' | 'middle' | 'bottom';

export const funnelTargets: Record<FunnelStage, { label: string; min: number; max: number; text: string }> = {
  top: { label: 'Top of funnel', min: 20, max: 30, text: '20-30%' },
  middle: { label: 'Middle of funnel', min: 55, max: 65, text: '60%' },
  bottom: { label: 'Bottom of funnel', min: 15, max: 25, text: '20%' },
};

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
