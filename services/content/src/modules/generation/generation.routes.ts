import type { Router } from 'express';
import { generateRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier } from '@postwright/platform';
import type { GenerationUseCases } from './generation.use-case';

export function generationRoutes(router: Router, deps: { tokens: TokenVerifier; generation: GenerationUseCases }) {
  router.post('/api/content/generate', requireUser(deps.tokens), async (req, res) => {
    const request = parseInput(generateRequestSchema, req.body);
    res.status(201).json(await deps.generation.generate(req.user!.id, request));
  });
}
