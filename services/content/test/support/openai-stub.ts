/**
 * A local OpenAI-compatible server (POST /v1/chat/completions) that speaks the real wire
 * protocol, so the real `openai` SDK is exercised end to end. Replies are scripted per test.
 */
import http from 'node:http';
import { OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import { listen, type HttpServer } from '@postwright/platform';

export interface ScriptedReply {
  /** HTTP status (default 200) */
  status?: number;
  /** wait this long before answering (a slow model) */
  delayMs?: number;
  /** the assistant message content for a 200 (default: a valid post for the request) */
  content?: string | null;
  refusal?: string;
  /** a raw error body for non-2xx */
  error?: { message: string; type?: string; code?: string };
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: any } };
    [key: string]: unknown;
  };
}

export interface OpenAiStub {
  /** base URL for OPENAI_BASE_URL (ends with /v1) */
  url: string;
  requests: RecordedRequest[];
  /** requests whose caller hung up before the answer was sent (a cancelled generation) */
  abandoned(): number;
  /** queue replies; when the queue is empty every request gets a valid post */
  script(...replies: ScriptedReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * What a well-behaved model answers: a post built from the prompt it was given, its body
 * sized so that each hook, a blank line and the body land in the spec's 1,300-1,600.
 */
export function validPostFor(request: RecordedRequest['body']): { body: string; hooks: string[] } {
  const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
  const topic = /^Topic: (.*)$/m.exec(user)?.[1] ?? 'the topic';
  const type = /^Content type: ([^(]+)/m.exec(user)?.[1]?.trim() ?? 'Post';
  const paragraph = `This is a ${type} post about ${topic}, written from the author's experience for the reader who needs it most.`;
  const hooks = [
    `Most advice about ${topic} is wrong.`,
    `What if everything you know about ${topic} is backwards?`,
    `3 lessons about ${topic} I learned the hard way.`,
    `Last year I made a decision about ${topic} that changed everything.`,
    `Everyone talks about ${topic}. Few people do it well.`,
  ];
  // paragraphs until the shortest hook reaches the band; each is shorter than the band is wide
  const shortest = Math.min(...hooks.map((h) => h.length));
  const paragraphs = [paragraph];
  while (paragraphs.join('\n\n').length + shortest + 2 < OPTIMAL_POST_LENGTH.min) paragraphs.push(paragraph);
  return { body: paragraphs.join('\n\n'), hooks };
}

export async function startOpenAiStub(): Promise<OpenAiStub> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let counter = 0;
  let abandoned = 0;

  const server: HttpServer = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    res.on('close', () => {
      if (!res.writableFinished) abandoned += 1;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      requests.push({ headers: req.headers, body });
      const reply = queue.shift() ?? {};
      const answer = () => {
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        if (status !== 200) {
          res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
          res.end(JSON.stringify({ error: { message: 'stub error', type: 'server_error', code: null, ...reply.error } }));
          return;
        }
        const content = reply.content !== undefined ? reply.content : JSON.stringify(validPostFor(body));
        counter += 1;
        res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
        res.end(
          JSON.stringify({
            id: `chatcmpl-stub-${counter}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.refusal ? null : content, refusal: reply.refusal ?? null },
                logprobs: null,
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 400, total_tokens: 500 },
          }),
        );
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, reply.delayMs);
        timers.add(timer);
      } else answer();
    });
  }, 0);

  return {
    url: `${server.url}/v1`,
    requests,
    abandoned: () => abandoned,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      abandoned = 0;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.server.closeAllConnections();
      await server.close();
    },
  };
}
