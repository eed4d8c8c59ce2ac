import express from 'express';
import { AppError, createLogger, errorHandler, jsonBody, listen, notFoundHandler, requestContext, type HttpServer } from '../src';
import { http } from '../src/testing';

describe('HTTP error handling', () => {
  let server: HttpServer;
  beforeAll(async () => {
    const app = express();
    app.use(requestContext());
    app.use(jsonBody('1kb'));
    app.post('/echo', (req, res) => {
      res.json({ got: req.body });
    });
    app.get('/app-error', () => {
      throw AppError.of('USER.NOT_FOUND', { message: 'That thing is gone', details: { thing: 'x' } });
    });
    app.get('/crash', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    app.get('/redis-down', async () => {
      const error = new Error('Reached the max retries per request limit (which is 3).');
      error.name = 'MaxRetriesPerRequestError';
      throw error;
    });
    app.use(notFoundHandler);
    app.use(errorHandler(createLogger('test', 'silent')));
    server = await listen(app, 0);
  });
  afterAll(() => server.close());

  test('when the JSON body is malformed, then 400 with error text', async () => {
    const res = await http(server.url, 'POST', '/echo', { raw: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Malformed JSON body', code: 'REQUEST.MALFORMED_JSON', requestId: expect.any(String) });
  });

  test('when the body is too large, then 413 with error text', async () => {
    const res = await http(server.url, 'POST', '/echo', { body: { a: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Request body is too large');
  });

  test('when an AppError is thrown, then its catalogued status, its message, code and details are sent', async () => {
    const res = await http(server.url, 'GET', '/app-error');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'That thing is gone', code: 'USER.NOT_FOUND', details: { thing: 'x' } });
  });

  test('when anything else is thrown, then 500 with a generic text and no stack or internals', async () => {
    const res = await http(server.url, 'GET', '/crash');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('Something went wrong. Please try again.');
    expect(JSON.stringify(res.body)).not.toMatch(/srv|stack|at /);
  });

  test('when Redis could not be reached, then 503 saying to try again, not a 500', async () => {
    const res = await http(server.url, 'GET', '/redis-down');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'This service is temporarily unavailable. Please try again in a moment.', code: 'SERVICE.UNAVAILABLE' });
  });

  test('when no route matches, then a JSON 404', async () => {
    const res = await http(server.url, 'DELETE', '/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'No route for DELETE /nope', code: 'ROUTE.NOT_FOUND' });
  });

});

describe('request ids', () => {
  let server: HttpServer;
  beforeAll(async () => {
    const app = express();
    // the one hop in front (the gateway on this machine)
    app.set('trust proxy', '127.0.0.1');
    app.use(requestContext());
    app.get('/id', (req, res) => void res.json({ id: req.id }));
    app.use(notFoundHandler);
    app.use(errorHandler(createLogger('test', 'silent')));
    server = await listen(app, 0);
  });
  afterAll(() => server.close());

  test('when the trusted hop hands over a request id, then it is kept', async () => {
    const res = await http(server.url, 'GET', '/id', { from: '127.0.0.1', headers: { 'x-request-id': 'from-the-gateway-0001' } });
    expect(res.body.id).toBe('from-the-gateway-0001');
    expect(res.headers.get('x-request-id')).toBe('from-the-gateway-0001');
    // and an error answer names it
    const error = await http(server.url, 'GET', '/nope', { from: '127.0.0.1', headers: { 'x-request-id': 'from-the-gateway-0002' } });
    expect(error.body.requestId).toBe('from-the-gateway-0002');
  });

  test('when any other client picks a request id, then a new one is made', async () => {
    const res = await http(server.url, 'GET', '/id', { from: '127.0.0.31', headers: { 'x-request-id': 'chosen-by-a-client-01' } });
    expect(res.body.id).not.toBe('chosen-by-a-client-01');
    expect(res.body.id).toMatch(/^[\w-]{8,}$/);
  });
});
