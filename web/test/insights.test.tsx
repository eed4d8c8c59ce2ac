import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InsightsResponse } from '@postwright/contracts';
import { CSV_HEADER, insightsCsv } from '../src/features/insights/components/insights-csv';
import { seriousViolations } from './support/axe';
import { buildInsights, countsOnlyInsights, emptyInsights, group } from './support/insights';
import { connectedProfile, renderSignedIn } from './support/screens';

const NO_ANALYTICS =
  'Likes, comments, reposts and views are not shown here: LinkedIn shares them only with apps it has approved for its Community Management API, and this Postwright connects through Share on LinkedIn. Your posts publish as usual; LinkedIn shows their figures under each post.';

function openInsights(answer: InsightsResponse, linkedin: Record<string, unknown> = connectedProfile({ engagement: { available: true, reason: null } })) {
  return renderSignedIn('/insights', {
    'GET /api/insights': () => ({ body: answer }),
    'GET /api/linkedin/profile': () => ({ body: linkedin }),
  });
}

/** The query string of every GET /api/insights the page made. */
function insightsQueries(fetchMock: jest.Mock): URLSearchParams[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/insights').map((url) => url.searchParams);
}

const chart = (name: string) => within(screen.getByRole('region', { name })).getByRole('img');

describe('insights page: a member with figures', () => {
  it('when it opens, then it asks for 90 days in the browser’s zone and is in the navigation', async () => {
    const { api } = openInsights(buildInsights());
    await screen.findByRole('region', { name: 'What works for you' });
    const [query] = insightsQueries(api.fetchMock);
    expect(query.get('range')).toBe('90d');
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const nav = screen.getAllByRole('navigation', { name: 'App' })[0];
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toMatch(/^Insights/);
  });

  it('when the answer has findings, then each shows as its sentence with the groups and figures behind it', async () => {
    openInsights(buildInsights());
    const findings = await screen.findAllByTestId('finding');
    expect(findings).toHaveLength(2);
    expect(findings[0]).toHaveTextContent('Your Behind the Scenes posts got 2x the comments of your Framework posts: 12 and 8 posts.');
    expect(within(findings[0]).getByRole('list', { name: 'Evidence' })).toHaveTextContent('Behind the Scenes: 12 posts, median 8 commentsFramework: 8 posts, median 4 comments');
    expect(within(findings[1]).getByRole('list', { name: 'Evidence' })).toHaveTextContent('Question: 10 posts, median 45 reactionsClaim: 6 posts, median 25 reactions');
    expect(screen.getByTestId('insights-summary')).toHaveTextContent('23 posts published in the last 90 days, 23 with figures from LinkedIn.');
  });

  it('when groups are drawn, then the compared ones come best first with their medians and post counts, and one below the threshold is marked and not compared', async () => {
    openInsights(buildInsights());
    await screen.findByRole('region', { name: 'By content type' });

    const byType = chart('By content type');
    expect(byType).toHaveAccessibleName(
      'By content type. Behind the Scenes: median 8 comments and 40 reactions, 12 posts; Framework: median 4 comments and 30 reactions, 8 posts; Contrarian Take: 3 posts, fewer than 5 posts with figures.',
    );
    const rows = within(screen.getByRole('region', { name: 'By content type' })).getAllByTestId(/^bar-row-/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['bar-row-story', 'bar-row-framework', 'bar-row-controversial']);
    expect(rows[0]).toHaveTextContent('Behind the Scenes · 12 posts8 comments40 reactions');
    // the Contrarian Takes' high figures come from 3 posts: never drawn, never said
    expect(rows[2]).toHaveTextContent('Contrarian Take · 3 postsFewer than 5 posts with figures');
    expect(rows[2].querySelectorAll('rect')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'By content type' })).not.toHaveTextContent(/20 comments|90 reactions/);

    // the hook style whose posts are mostly unmeasured is marked too (7 posts, 2 with figures)
    expect(chart('By hook style')).toHaveAccessibleName(
      'By hook style. Question: median 9 comments and 45 reactions, 10 posts; Claim: median 3 comments and 25 reactions, 6 posts; No style recorded: 7 posts, fewer than 5 posts with figures.',
    );
    expect(chart('By length')).toHaveAccessibleName(expect.stringContaining('Over 1,600 characters: 4 posts, fewer than 5 posts with figures'));
  });

  it('when a type has no posts in the period, then its row says so instead of a threshold mark', async () => {
    const answer = buildInsights();
    openInsights(buildInsights({ byType: [...answer.byType, { contentType: 'insight', ...group(0, null, null) }] }));
    const region = await screen.findByRole('region', { name: 'By content type' });
    expect(within(region).getByTestId('bar-row-insight')).toHaveTextContent('Industry Insight · 0 postsNo posts in this period');
    expect(within(region).getByRole('img')).toHaveAccessibleName(expect.stringMatching(/Contrarian Take: 3 posts, fewer than 5 posts with figures; Industry Insight: no posts\.$/));
  });

  it('when a chart’s table is opened, then its figures read as rows, the marked group without medians', async () => {
    openInsights(buildInsights());
    const region = await screen.findByRole('region', { name: 'By content type' });
    await userEvent.click(within(region).getByText('Show as a table'));
    const table = within(region).getByRole('table', { name: 'By content type' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Group', 'Posts', 'With figures', 'Median comments', 'Median reactions'],
      ['Behind the Scenes', '12', '12', '8', '40'],
      ['Framework', '8', '8', '4', '30'],
      ['Contrarian Take', '3', '3', 'Fewer than 5 posts with figures'],
    ]);
  });

  it('when the week is drawn, then each weekday-hour cell is read with its weekday, hour and figures, the best time outlined and the thin one grey', async () => {
    openInsights(buildInsights());
    const region = await screen.findByRole('region', { name: /By weekday and hour/ });
    expect(region).toHaveTextContent('Your posts on Tuesdays at 9 AM earned the most comments: median 9 over 6 posts. Times are in your time zone (Europe/Paris).');
    const grid = within(region).getByRole('table', { name: 'Posts by weekday and hour' });
    expect(within(grid).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['MonMonday', 'TueTuesday', 'WedWednesday', 'ThuThursday', 'FriFriday', 'SatSaturday', 'SunSunday']);
    // 8 AM to 6 PM at least, and the 5 PM post inside it
    expect(within(grid).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['8 AM', '9 AM', '10 AM', '11 AM', '12 PM', '1 PM', '2 PM', '3 PM', '4 PM', '5 PM', '6 PM']);
    expect(within(grid).getByTestId('cell-2-9')).toHaveTextContent('Tuesday 9 AM: 6 posts, median 9 comments and 44 reactions, one of your best times');
    expect(within(grid).getByTestId('cell-2-9').className).toMatch(/heatBest/);
    expect(within(grid).getByTestId('cell-1-17')).toHaveTextContent('Monday 5 PM: 2 posts, fewer than 5 posts with figures');
    expect(within(grid).getByTestId('cell-1-17').className).toMatch(/heatFew/);
    expect(within(grid).getByTestId('cell-1-17')).not.toHaveTextContent(/30 comments/);
  });

  it('when the trend is drawn, then each week shows its posts, and its median comments only with enough posts', async () => {
    openInsights(buildInsights());
    const region = await screen.findByRole('region', { name: 'Week by week' });
    expect(within(region).getByRole('img')).toHaveAccessibleName('Week by week. Week of Feb 2: 5 posts, median 6 comments; Week of Feb 9: 3 posts; Week of Feb 16: 6 posts, median 8 comments.');
    expect(region.querySelectorAll('circle')).toHaveLength(2);
  });

  it('when another period is chosen, then the page asks for it and says so', async () => {
    // the fake server cannot read the query: it answers for the period the test last chose
    let range: InsightsResponse['range'] = '90d';
    const { api, app } = renderSignedIn('/insights', {
      'GET /api/insights': () => ({ body: buildInsights({ range }) }),
      'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
    });
    await screen.findByTestId('insights-summary');
    range = '30d';
    await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(insightsQueries(api.fetchMock).map((q) => q.get('range'))).toEqual(['90d', '30d']));
    expect(app.location().search).toBe('?range=30d');
    expect(await screen.findByText(/23 posts published in the last 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true');
  });

  it('has no serious accessibility violations with data, with a table open', async () => {
    openInsights(buildInsights());
    const region = await screen.findByRole('region', { name: 'By hook style' });
    await userEvent.click(within(region).getByText('Show as a table'));
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('insights page: nothing to show yet', () => {
  it('when no post was published in the period, then it says what will appear and when, with the server’s threshold', async () => {
    openInsights(emptyInsights({ minimumPosts: 4 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No published posts in the last 90 days' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Publish at least 4 posts of a kind and their figures appear here: which content types, hook styles and lengths earn you comments and reactions, week by week.');
    expect(main).toHaveTextContent('With 4 posts at the same weekday and hour, your best times show here too, and the schedule dialog suggests them.');
    expect(main).toHaveTextContent('Older posts count under a longer period.');
    expect(screen.queryByRole('region', { name: 'By content type' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(await seriousViolations()).toEqual([]);
  });

  it('when posts exist but no group has enough, then every group is marked and the summary says when figures compare', async () => {
    openInsights(
      buildInsights({
        measured: 4,
        byType: [{ ...buildInsights().byType[0], contentType: 'story', posts: 4, measured: 4, enough: false }],
        byHookStyle: [],
        byLength: [],
        findings: [],
        recommendations: { hookOrder: null, nextType: { contentType: 'story', reason: 'More of what you write.' }, times: null },
      }),
    );
    expect(await screen.findByTestId('insights-summary')).toHaveTextContent('23 posts published in the last 90 days, 4 with figures from LinkedIn. Figures are compared once a group has at least 5 posts with figures.');
    expect(screen.getByRole('region', { name: 'What works for you' })).toHaveTextContent('Nothing to compare yet. A finding sets two kinds of post side by side once each has at least 5 posts with figures.');
  });

  it('when the insights cannot be read, then "Failed to load insights" shows with Retry', async () => {
    let fail = true;
    renderSignedIn('/insights', {
      'GET /api/insights': () => (fail ? { status: 500, body: { error: 'Internal error' } } : { body: buildInsights() }),
      'GET /api/linkedin/profile': () => ({ body: connectedProfile() }),
    });
    expect(await screen.findByRole('heading', { name: 'Failed to load insights' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'What works for you' })).toBeInTheDocument();
  });
});

describe('insights page: what LinkedIn gives', () => {
  it('when the LinkedIn app gets no figures, then the page says why, counts posts by type and hook style, and claims nothing', async () => {
    openInsights(countsOnlyInsights(), connectedProfile({ engagement: { available: false, reason: NO_ANALYTICS } }));
    const note = await screen.findByText(NO_ANALYTICS);
    expect(note.closest('[role="status"]')).toHaveTextContent('Your posts are still counted here by content type, hook style, length and time; comparisons of comments and reactions need those figures.');
    expect(screen.getByTestId('insights-summary')).toHaveTextContent(/^23 posts published in the last 90 days\.$/);
    expect(chart('By content type')).toHaveAccessibleName('By content type. Behind the Scenes: 12 posts; Framework: 8 posts; Contrarian Take: 3 posts.');
    expect(chart('By hook style')).toHaveAccessibleName('By hook style. Question: 10 posts; No style recorded: 7 posts; Claim: 6 posts.');
    expect(screen.queryByRole('region', { name: 'What works for you' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/median|Fewer than/i);
    expect(screen.getByTestId('cell-2-9')).toHaveTextContent('Tuesday 9 AM: 6 posts');
    expect(await seriousViolations()).toEqual([]);
  });

  it('when LinkedIn is not connected, then the page asks the member to connect', async () => {
    renderSignedIn('/insights', { 'GET /api/insights': () => ({ body: emptyInsights() }) });
    const note = await screen.findByText(/Connect LinkedIn to publish and to see what works for you/);
    expect(within(note.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Connect LinkedIn' })).toHaveAttribute('href', '/profile');
  });

  it('when the connection has expired, then the page asks the member to reconnect', async () => {
    openInsights(buildInsights(), connectedProfile({ expired: true, reconnectSoon: true }));
    expect(await screen.findByText(/Your LinkedIn connection has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect LinkedIn' })).toHaveAttribute('href', '/profile');
  });
});

describe('insights page: CSV export', () => {
  it('makes one row per group with its kind, name, posts, measured and medians', () => {
    const csv = insightsCsv(buildInsights());
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[0]).toBe('kind,name,posts,measured,median_reactions,median_comments,median_impressions,enough');
    expect(lines.slice(1, -1)).toEqual([
      'content type,Framework,8,8,30,4,750,true',
      'content type,Behind the Scenes,12,12,40,8,1000,true',
      'content type,Contrarian Take,3,3,90,20,2250,false',
      'hook style,Question,10,10,45,9,1125,true',
      'hook style,Claim,6,6,25,3,625,true',
      'hook style,No style recorded,7,2,70,11,1750,false',
      'length,"1,300-1,600 characters",14,14,38,7,950,true',
      'length,"Under 1,300 characters",5,5,20,4,500,true',
      'length,"Over 1,600 characters",4,4,10,2,250,false',
      'weekday and hour,Tuesday 9 AM,6,6,44,9,1100,true',
      'weekday and hour,Thursday 8 AM,5,5,31,5,775,true',
      'weekday and hour,Monday 5 PM,2,2,99,30,2475,false',
      'week,2026-02-02,5,5,33,6,825,true',
      'week,2026-02-09,3,3,70,12,1750,false',
      'week,2026-02-16,6,6,41,8,1025,true',
    ]);
    expect(lines.at(-1)).toBe('');
    // with no figures the medians are empty, not zero
    expect(insightsCsv(countsOnlyInsights()).split('\r\n')[1]).toBe('content type,Framework,8,0,,,,false');
  });

  it('when Download CSV is clicked, then the browser saves that text as a .csv named for the period', async () => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = jest.fn((blob: Blob) => {
      const url = `blob:insights-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    try {
      const answer = buildInsights();
      openInsights(answer);
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      expect(saved).toHaveLength(1);
      expect(saved[0].name).toMatch(/^postwright-insights-90d-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(saved[0].blob.type).toBe('text/csv;charset=utf-8');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0].blob);
      });
      expect(text).toBe(insightsCsv(answer));
      await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:insights-0'));
    } finally {
      click.mockRestore();
    }
  });
});
