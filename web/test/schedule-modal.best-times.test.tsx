import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScheduleModal, type SchedulableItem } from '../src/components/publishing/schedule-modal';
import { seriousViolations } from './support/axe';
import { fakeApi, type FakeReply } from './support/fake-api';
import { buildInsights, group } from './support/insights';
import { renderComponent } from './support/render-component';

const item: SchedulableItem = { id: 'd1', topic: 'Quarterly planning in one page', contentType: 'controversial' };
const DAY = 24 * 3600 * 1000;

function serve(insights: () => FakeReply, lead = 3600) {
  return fakeApi({
    'GET /api/calendar/settings': () => ({ body: { minimumLeadSeconds: lead } }),
    'GET /api/insights': insights,
    'GET /api/calendar/suggestions': () => ({ body: { contentType: 'controversial', day: 'Monday', slots: ['2030-03-04T08:30:00.000Z', '2030-03-11T08:30:00.000Z'] } }),
  });
}

function open() {
  renderComponent(<ScheduleModal open item={item} onClose={() => {}} onConfirm={async () => {}} />);
  return screen.getByRole('dialog');
}

const input = () => within(screen.getByRole('dialog')).getByLabelText('Date and time') as HTMLInputElement;
const slotButtons = async () => within(await screen.findByRole('group', { name: /^Suggested/ })).getAllByRole('button');

/** The times the slot buttons put in the field, as instants. */
async function offeredTimes(): Promise<Date[]> {
  const times: Date[] = [];
  for (const button of await slotButtons()) {
    await userEvent.click(button);
    times.push(new Date(input().value));
  }
  return times;
}

describe('schedule modal: suggested times from the member’s best weekday-hours', () => {
  it('when the insights name a best time, then the next ones at least the lead ahead are offered, and the source is said', async () => {
    const api = serve(() => ({ body: buildInsights() }), 2 * 3600);
    const before = Date.now();
    open();
    expect(await screen.findByText('Suggested from your best times (Tuesdays 9 AM, 6 posts)')).toBeInTheDocument();

    const times = await offeredTimes();
    expect(times).toHaveLength(2);
    for (const at of times) {
      expect([at.getDay(), at.getHours(), at.getMinutes()]).toEqual([2, 9, 0]);
    }
    expect(times[0].getTime()).toBeGreaterThanOrEqual(before + 2 * 3600 * 1000);
    expect(times[0].getTime()).toBeLessThan(before + 2 * 3600 * 1000 + 7 * DAY);
    expect(times[1].getTime() - times[0].getTime()).toBeGreaterThanOrEqual(7 * DAY - 3600 * 1000); // a week on, the same hour across a clock change
    expect(api.callsTo('GET', '/api/calendar/suggestions')).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });

  it('when several weekday-hours are best, then the next of each comes first, then their weeks after, in time order', async () => {
    const answer = buildInsights();
    serve(() => ({
      body: {
        ...answer,
        byWeekdayHour: [...answer.byWeekdayHour, { weekday: 5, hour: 14, ...group(7, 6, 30) }],
        recommendations: { ...answer.recommendations, times: { slots: [{ weekday: 4, hour: 8 }, { weekday: 5, hour: 14 }], reason: 'Thursdays at 08:00 and Fridays at 14:00.' } },
      },
    }));
    open();
    expect(await screen.findByText('Suggested from your best times (Thursdays 8 AM, 5 posts)')).toBeInTheDocument();
    const times = await offeredTimes();
    expect(times).toHaveLength(4);
    expect(times.map((t) => t.getTime())).toEqual([...times].map((t) => t.getTime()).sort((a, b) => a - b));
    expect(times.map((t) => `${t.getDay()} ${t.getHours()}`).sort()).toEqual(['4 8', '4 8', '5 14', '5 14']);
  });

  it('when the insights have no best times yet, then the framework day’s slots are offered, said as such', async () => {
    const answer = buildInsights();
    const api = serve(() => ({ body: { ...answer, recommendations: { ...answer.recommendations, times: null } } }));
    open();
    expect(await screen.findByText('Suggested for Contrarian Takes: Monday morning')).toBeInTheDocument();
    const times = await offeredTimes();
    expect(times.map((t) => t.getTime())).toEqual([Date.parse('2030-03-04T08:30:00.000Z'), Date.parse('2030-03-11T08:30:00.000Z')]);
    expect(api.callsTo('GET', '/api/calendar/suggestions')).toHaveLength(1);
    expect(screen.queryByText(/your best times/)).not.toBeInTheDocument();
  });

  it('when the insights cannot be read, then the framework day’s slots are offered', async () => {
    serve(() => ({ status: 503, body: { error: 'Content service unavailable' } }));
    open();
    expect(await screen.findByText('Suggested for Contrarian Takes: Monday morning')).toBeInTheDocument();
    expect(await slotButtons()).toHaveLength(2);
  });
});
