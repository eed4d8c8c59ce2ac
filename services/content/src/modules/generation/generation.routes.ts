import type { Router } from 'express';
import { generateRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import type { GenerationUseCases } from './generation.use-case';

export function generationRoutes(router: Router, deps: { tokens: TokenVerifier; generation: GenerationUseCases }) {
  router.post('/api/content/generate', requireUser(deps.tokens), async (req, res) => {
    const request = parseInput(generateRequestSchema, req.body);
    // a client that goes away (a type switch, a closed tab) cancels the generation: the model
    // request is aborted, nothing is stored and the trial credit is given back
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const { created, response } = await deps.generation.generate(userOf(req).id, request, { signal: gone.signal });
    // 201 for a new draft; 200 when "Generate again" rewrote an existing one in place
    res.status(created ? 201 : 200).json(response);
  });
}
