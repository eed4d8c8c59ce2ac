import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { insightsRanges, type InsightsRange, type InsightsResponse } from '@postwright/contracts';
import { contentTypeName } from '../../../components/content/content-type';
import { PageHeader } from '../../../components/layouts/page-header';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconChart, Svg, type IconProps } from '../../../components/ui/icons';
import { IconRefresh } from '../../../components/ui/icons-app';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { useInsights } from '../../../lib/insights-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLinkedInConnection } from '../../../lib/use-linkedin-connection';
import { FindingsList } from './findings-list';
import { GroupBars, type BarGroup, type BarMode } from './group-bars';
import { downloadCsv } from './insights-csv';
import { hookStyleLabels } from '../../../components/content/hook-style';
import { lengthBandLabels, postsText, rangeLabels, rangeSpans } from './labels';
import { figuresSource, LinkedInNote } from './linkedin-note';
import { TrendChart } from './trend-chart';
import { WeekHourMap } from './week-hour-map';
import styles from './insights-page.module.css';

export const INSIGHTS_LOAD_FAILED = 'Failed to load insights';
const DEFAULT_RANGE: InsightsRange = '90d';

const IconDownload = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 20h14" />
  </Svg>
);

function readRange(value: string | null): InsightsRange {
  return (insightsRanges as readonly string[]).includes(value ?? '') ? (value as InsightsRange) : DEFAULT_RANGE;
}

type Figures = Pick<InsightsResponse['byType'][number], 'posts' | 'measured' | 'enough' | 'medianComments' | 'medianReactions'>;
const barGroup = (key: string, label: string, g: Figures): BarGroup => ({
  key,
  label,
  posts: g.posts,
  measured: g.measured,
  enough: g.enough,
  comments: g.medianComments,
  reactions: g.medianReactions,
});

/** What the page says before the first post of the period, and what will appear and when. */
function EmptyInsights({ range, minimumPosts, mode }: { range: InsightsRange; minimumPosts: number; mode: BarMode }) {
  return (
    <Card>
      <EmptyState icon={<IconChart size={24} />} title={`No published posts ${rangeSpans[range]}`} headingLevel={2} className={styles.empty}>
        {mode === 'figures' ? (
          <>
            <p>
              Publish at least {minimumPosts} posts of a kind and their figures appear here: which content types, hook styles and lengths earn you comments and
              reactions, week by week.
            </p>
            <p>
              With {minimumPosts} posts at the same weekday and hour, your best times show here too, and the schedule dialog suggests them.
            </p>
          </>
        ) : (
          <p>Publish posts and they are counted here by content type, hook style, length, weekday and hour.</p>
        )}
        {range !== 'all' ? <p>Older posts count under a longer period.</p> : null}
      </EmptyState>
    </Card>
  );
}

/** A titled part of the page, named by its heading for assistive technology. */
function Section({ id, title, description, className, children }: { id: string; title: string; description?: string; className?: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className={className}>
      <CardHeader id={id} title={title} description={description} />
      <CardBody>{children}</CardBody>
    </Card>
  );
}

function InsightsBody({ answer, mode }: { answer: InsightsResponse; mode: BarMode }) {
  const min = answer.minimumPosts;
  const types = answer.byType.map((g) => barGroup(g.contentType, contentTypeName(g.contentType), g));
  const hooks = answer.byHookStyle.map((g) => barGroup(g.hookStyle, hookStyleLabels[g.hookStyle], g));
  const lengths = answer.byLength.map((g) => barGroup(g.band, lengthBandLabels[g.band], g));
  const nothingCompared = mode === 'figures' && ![...types, ...hooks, ...lengths].some((g) => g.enough);
  const times = mode === 'figures' ? answer.recommendations.times : null;

  return (
    <>
      <p className={styles.summary} data-testid="insights-summary">
        {mode === 'figures'
          ? `${postsText(answer.posts)} published ${rangeSpans[answer.range]}, ${answer.measured} with figures from LinkedIn.`
          : `${postsText(answer.posts)} published ${rangeSpans[answer.range]}.`}
        {nothingCompared ? ` Figures are compared once a group has at least ${min} posts with figures.` : ''}
      </p>

      {mode === 'figures' ? (
        <Section id="findings-title" title="What works for you" className={styles.section}>
          <FindingsList findings={answer.findings} minimumPosts={min} />
        </Section>
      ) : null}

      <div className={styles.grid}>
        <Section id="by-type-title" title="By content type">
          <GroupBars title="By content type" groups={types} minimumPosts={min} mode={mode} />
        </Section>
        <Section id="by-hook-title" title="By hook style" description="The style of the hook each post opened with.">
          <GroupBars title="By hook style" groups={hooks} minimumPosts={min} mode={mode} />
        </Section>
      </div>

      <Section
        id="by-time-title"
        title="By weekday and hour"
        description={`${times ? `${times.reason} ` : ''}Times are in your time zone (${answer.timeZone}).`}
        className={styles.section}
      >
        <WeekHourMap cells={answer.byWeekdayHour} mode={mode} minimumPosts={min} best={times?.slots ?? []} />
      </Section>

      <div className={styles.grid}>
        <Section id="trend-title" title="Week by week">
          <TrendChart weeks={answer.trend} mode={mode} minimumPosts={min} />
        </Section>
        <Section id="by-length-title" title="By length" description="Characters of the text as published.">
          <GroupBars title="By length" groups={lengths} minimumPosts={min} mode={mode} />
        </Section>
      </div>
    </>
  );
}

/**
 * Insights: what the member's own published posts say, over a period they choose. Figures are
 * LinkedIn's (medians per group); a group below the server's threshold is marked, never
 * compared. Where the LinkedIn app gets no figures, the posts are still counted and the page
 * says why the rest is missing.
 */
export function InsightsPage() {
  useDocumentTitle('Insights');
  const [params, setParams] = useSearchParams();
  const range = readRange(params.get('range'));
  const insights = useInsights(range);
  const linkedin = useLinkedInConnection();
  const source = figuresSource(linkedin.status);
  const mode: BarMode = source.kind === 'no-analytics' ? 'counts' : 'figures';
  const answer = insights.data;

  function chooseRange(next: InsightsRange) {
    setParams(next === DEFAULT_RANGE ? {} : { range: next }, { replace: true });
  }

  return (
    <>
      <PageHeader
        title="Insights"
        description="What your own posts say: which content types, hooks, lengths and times earn you comments and reactions."
        actions={
          <div className={styles.actions}>
            <SegmentedControl label="Period" options={insightsRanges.map((value) => ({ value, label: rangeLabels[value] }))} value={range} onChange={chooseRange} />
            <Button onClick={() => answer && downloadCsv(answer)} disabled={!answer || answer.posts === 0} icon={<IconDownload size={16} />}>
              Download CSV
            </Button>
          </div>
        }
      />

      <LinkedInNote source={source} />

      {answer ? (
        answer.posts === 0 ? (
          <EmptyInsights range={range} minimumPosts={answer.minimumPosts} mode={mode} />
        ) : (
          <InsightsBody answer={answer} mode={mode} />
        )
      ) : insights.isError && !insights.isFetching ? (
        <Card>
          <EmptyState
            title={INSIGHTS_LOAD_FAILED}
            headingLevel={2}
            action={
              <Button onClick={() => void insights.refetch()} icon={<IconRefresh size={16} />}>
                Retry
              </Button>
            }
          >
            <p role="alert">{INSIGHTS_LOAD_FAILED}. Please check your connection and try again.</p>
          </EmptyState>
        </Card>
      ) : (
        <Card>
          <CardBody className={styles.loading}>
            <Spinner size={20} />
            <span role="status">Loading your insights...</span>
          </CardBody>
        </Card>
      )}
    </>
  );
}
