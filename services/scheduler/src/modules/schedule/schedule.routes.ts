import type { Router } from 'express';
import { scheduleRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { ScheduleUseCases } from './schedule.use-case';

export function scheduleRoutes(router: Router, deps: { tokens: TokenVerifier; schedules: ScheduleUseCases }) {
  const auth = requireUser(deps.tokens);

  router.post('/api/calendar/schedule', auth, async (req, res) => {
    const input = parseInput(scheduleRequestSchema, req.body);
    const result = await deps.schedules.schedule({ userId: userOf(req).id, contentId: input.contentId, scheduledFor: input.scheduledFor });
    res.status(201).json(result);
  });

  router.delete('/api/calendar/unschedule/:contentId', auth, async (req, res) => {
    res.json(await deps.schedules.unschedule({ userId: userOf(req).id, contentId: String(req.params.contentId) }));
  });
}
