import type { Router } from 'express';
import { generateRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier } from '@postwright/platform';
import type { GenerationUseCases } from './generation.use-case';

export function generationRoutes(router: Router, deps: { tokens: TokenVerifier; generation: GenerationUseCases }) {
  router.post('/api/content/generate', requireUser(deps.tokens), async (req, res) => {
    const request = parseInput(generateRequestSchema, req.body);
    const { created, response } = await deps.generation.generate(req.user!.id, request);
    // 201 for a new draft; 200 when "Generate again" rewrote an existing one in place
    res.status(created ? 201 : 200).json(response);
  });
}
