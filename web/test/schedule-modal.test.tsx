import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { ScheduleModal, type SchedulableItem } from '../src/components/publishing/schedule-modal';
import { timeZoneLabel, toLocalInputValue } from '../src/lib/datetime';
import { createQueryClient } from '../src/lib/query-client';
import { seriousViolations } from './support/axe';
import { fakeApi, type FakeReply } from './support/fake-api';
import { renderComponent } from './support/render-component';

const item: SchedulableItem = { id: 'd1', topic: 'Quarterly planning in one page', contentType: 'framework' };

function serve(settings: FakeReply | (() => FakeReply) = { body: { minimumLeadSeconds: 3600 } }, extra: Record<string, () => FakeReply> = {}) {
  return fakeApi({
    'GET /api/calendar/settings': typeof settings === 'function' ? settings : () => settings,
    'GET /api/calendar/suggestions': () => ({ body: { contentType: 'framework', day: 'Wednesday', slots: [] } }),
    ...extra,
  });
}

function open(props: Partial<Parameters<typeof ScheduleModal>[0]> = {}, pageLoad?: QueryClient) {
  const onConfirm = jest.fn<Promise<void>, [string]>(async () => {});
  const onClose = jest.fn();
  const utils = renderComponent(<ScheduleModal open item={item} onClose={onClose} onConfirm={onConfirm} {...props} />, { queryClient: pageLoad });
  return { ...utils, onConfirm, onClose };
}

const input = () => within(screen.getByRole('dialog')).getByLabelText('Date and time') as HTMLInputElement;
const confirmButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Schedule' });

describe('schedule modal: the minimum lead is the server’s', () => {
  it('when the server says 2 hours, then the hint, the minimum and the start value follow it', async () => {
    serve({ body: { minimumLeadSeconds: 7200 } });
    const before = Date.now();
    open();
    expect(await screen.findByText('Minimum 2 hours from now')).toBeInTheDocument();
    const start = new Date(input().value).getTime();
    expect(input().value).toBe(input().min);
    expect(start - before).toBeGreaterThanOrEqual(2 * 3600 * 1000 - 1000);
    expect(start - before).toBeLessThanOrEqual(2 * 3600 * 1000 + 2 * 60 * 1000);
    expect(input()).toHaveAccessibleDescription(`Minimum 2 hours from now · Your time zone: ${timeZoneLabel(new Date(input().value))}`);
    expect(await seriousViolations()).toEqual([]);
  });

  it.each([
    [3600, 'Minimum 1 hour from now'],
    [5, 'Minimum 5 seconds from now'],
    [5400, 'Minimum 90 minutes from now'],
    [60, 'Minimum 1 minute from now'],
  ])('when the server says %i seconds, then the hint reads "%s"', async (seconds, hint) => {
    serve({ body: { minimumLeadSeconds: seconds } });
    open();
    expect(await screen.findByText(hint)).toBeInTheDocument();
  });

  it('when the settings cannot be read, then the spec’s 1 hour stands in', async () => {
    serve({ status: 503, body: { error: 'Scheduler unavailable' } });
    const before = Date.now();
    open();
    await waitFor(() => expect(input().value).not.toBe(''));
    expect(screen.getByText('Minimum 1 hour from now')).toBeInTheDocument();
    expect(new Date(input().value).getTime() - before).toBeGreaterThanOrEqual(3600 * 1000 - 1000);
  });

  it('the settings are read once and kept', async () => {
    const api = serve({ body: { minimumLeadSeconds: 7200 } });
    const pageLoad = createQueryClient();
    const first = open({}, pageLoad);
    await screen.findByText('Minimum 2 hours from now');
    first.unmount();
    open({}, pageLoad);
    expect(await screen.findByText('Minimum 2 hours from now')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/calendar/settings')).toHaveLength(1);
  });

  it('when the time chosen is too soon, then the field says so in the server’s words, takes focus, and nothing is sent', async () => {
    serve();
    const { onConfirm } = open();
    await screen.findByText('Minimum 1 hour from now');
    fireEvent.change(input(), { target: { value: toLocalInputValue(new Date(Date.now() + 30 * 60 * 1000)) } });
    expect(await screen.findByText('Schedule time must be at least 1 hour from now')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Schedule time must be at least 1 hour from now'));

    await userEvent.click(confirmButton());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(input()).toHaveFocus();

    // a valid time clears it and is sent with the browser's offset
    fireEvent.change(input(), { target: { value: '2031-01-02T09:15' } });
    expect(screen.queryByText('Schedule time must be at least 1 hour from now')).not.toBeInTheDocument();
    await userEvent.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith(expect.stringMatching(/^2031-01-02T09:15:00[+-]\d{2}:\d{2}$/));
  });

  it('when the scheduler refuses the time anyway, then its message shows on the field', async () => {
    serve();
    const { ApiError } = await import('../src/lib/api-client');
    const refusal = new ApiError('Schedule time must be at least 1 hour from now', 400, {
      error: 'Schedule time must be at least 1 hour from now',
      code: 'SCHEDULE.TOO_SOON',
      details: { scheduledFor: 'Schedule time must be at least 1 hour from now' },
    });
    const { onConfirm } = open();
    onConfirm.mockRejectedValueOnce(refusal);
    await screen.findByText('Minimum 1 hour from now');
    await userEvent.click(confirmButton());
    await waitFor(() => expect(input()).toHaveAttribute('aria-invalid', 'true'));
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Schedule time must be at least 1 hour from now'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('schedule modal: where it opens', () => {
  it('when an item is rescheduled, then the modal opens on its current slot and speaks of a new time', async () => {
    serve();
    open({ item: { ...item, scheduledFor: '2030-03-04T08:30:00.000Z' }, reschedule: true });
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule post' });
    expect(within(dialog).getByRole('button', { name: 'Confirm new time' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm Schedule' })).not.toBeInTheDocument();
    await waitFor(() => expect(new Date(input().value).getTime()).toBe(new Date('2030-03-04T08:30:00.000Z').getTime()));
    // the settings arriving do not move it
    await screen.findByText('Minimum 1 hour from now');
    expect(new Date(input().value).getTime()).toBe(new Date('2030-03-04T08:30:00.000Z').getTime());
  });

  it('when no time is chosen, then Confirm Schedule is disabled; Cancel closes', async () => {
    serve();
    const { onClose } = open();
    await screen.findByText('Minimum 1 hour from now');
    fireEvent.change(input(), { target: { value: '' } });
    expect(confirmButton()).toBeDisabled();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('schedule modal: whose time it is', () => {
  it('when it opens, then the hint names the member\'s time zone (the zone of the browser, with its short name)', async () => {
    serve();
    open();
    await screen.findByText('Minimum 1 hour from now');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByTestId('schedule-time-zone')).toHaveTextContent(`Your time zone: ${zone}`);
    expect(input()).toHaveAccessibleDescription(expect.stringContaining(`Your time zone: ${zone}`));
  });
});
