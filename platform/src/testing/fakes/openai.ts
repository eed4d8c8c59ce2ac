/**
 * A local OpenAI-compatible server (POST /v1/chat/completions) that speaks the real wire
 * protocol, so the real `openai` SDK is exercised end to end: a JSON completion, or with
 * `stream: true` server-sent `chat.completion.chunk` events ending in `data: [DONE]`, paced like
 * a model when asked to. Replies are scripted per test. It stands in for a model, which is
 * outside the product: content's tests, the evaluation script and the benchmarks share it.
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
  /** a streamed answer's pace (default: every token at once, after `delayMs`) */
  pace?: StreamPace;
  /** a streamed answer stops after this many characters of content: an `error` event, or the connection cut */
  breakAfter?: { chars: number; how: 'error-event' | 'disconnect' };
}

export interface StreamPace {
  /** the first token comes this long after the request (replaces `delayMs`) */
  firstTokenMs: number;
  /** then this many tokens a second */
  tokensPerSecond: number;
}

/** Tokens as a model sends them: about four characters each (a word piece). */
function tokensOf(text: string): string[] {
  return text.match(/[\s\S]{1,4}/g) ?? [];
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
  const experience = /^The author's personal experience[^:]*: (.*)$/m.exec(user)?.[1];
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
  // the author's experience is the proof at the heart of the post, as the prompt asks
  const paragraphs = experience ? [experience, paragraph] : [paragraph];
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
        const id = `chatcmpl-stub-${counter}`;
        const created = Math.floor(Date.now() / 1000);
        if (body.stream === true) {
          streamAnswer(res, { id, created, model: body.model, content, refusal: reply.refusal ?? null, pace: reply.pace, breakAfter: reply.breakAfter, headers: reply.headers }, timers);
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
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
      const wait = reply.pace ? reply.pace.firstTokenMs : reply.delayMs;
      if (wait) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, wait);
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

interface StreamedAnswer {
  id: string;
  created: number;
  model: string;
  content: string | null;
  refusal: string | null;
  pace?: StreamPace;
  breakAfter?: ScriptedReply['breakAfter'];
  headers?: Record<string, string>;
}

/** The chunks of a streamed completion, as OpenAI sends them: role, content (or refusal) pieces, finish, [DONE]. */
function streamAnswer(res: http.ServerResponse, answer: StreamedAnswer, timers: Set<NodeJS.Timeout>): void {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: answer.id, object: 'chat.completion.chunk', created: answer.created, model: answer.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...answer.headers });
  res.write(chunk({ role: 'assistant', content: '' }));
  const field = answer.refusal ? 'refusal' : 'content';
  const tokens = tokensOf(answer.refusal ?? answer.content ?? '');
  const cut = answer.breakAfter;
  let sent = 0;
  let index = 0;
  const gap = answer.pace ? 1_000 / answer.pace.tokensPerSecond : 0;
  const started = Date.now();

  const next = () => {
    if (res.destroyed) return;
    // unpaced: everything now; paced: every token whose time has come (a timer fires late on a busy machine)
    const due = gap ? Math.min(tokens.length, Math.floor((Date.now() - started) / gap) + 1) : tokens.length;
    let batch = '';
    while (index < due && !(cut && sent >= cut.chars)) {
      batch += chunk({ [field]: tokens[index] });
      sent += tokens[index].length;
      index += 1;
    }
    if (batch) res.write(batch);
    if (cut && sent >= cut.chars) return breakOff(cut.how);
    if (index < tokens.length) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        next();
      }, Math.max(0, started + index * gap - Date.now()));
      timers.add(timer);
      return;
    }
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  };
  const breakOff = (how: 'error-event' | 'disconnect') => {
    // what was written still arrives, then the connection closes mid-answer (no last chunk, no [DONE])
    if (how === 'disconnect') res.socket?.end();
    else res.end(`data: ${JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } })}\n\n`);
  };
  next();
}
