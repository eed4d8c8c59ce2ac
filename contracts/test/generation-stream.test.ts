import { encodeStreamEvent, eventStreamReader, parseStreamEvent } from '../src';

/** The event stream format (WHATWG HTML, "event stream interpretation") as the web app and tests read it. */
describe('reading a streamed generation', () => {
  test('when events arrive split anywhere across chunks, then each is read once, whole, in order', () => {
    const wire = encodeStreamEvent({ event: 'body', data: { delta: 'Hello, “world”\n' } }) + encodeStreamEvent({ event: 'hook', data: { index: 0, text: 'A hook' } });
    for (let size = 1; size <= wire.length; size += 7) {
      const reader = eventStreamReader();
      const raw = [];
      for (let i = 0; i < wire.length; i += size) raw.push(...reader.push(wire.slice(i, i + size)));
      expect(raw.map(parseStreamEvent)).toEqual([
        { event: 'body', data: { delta: 'Hello, “world”\n' } },
        { event: 'hook', data: { index: 0, text: 'A hook' } },
      ]);
    }
  });

  test('when the stream has comments, CRLF line endings and data over several lines, then comments are skipped and the lines joined', () => {
    const reader = eventStreamReader();

    const raw = reader.push(': keep-alive\r\n\r\nevent: body\r\ndata: {"delta":\r\ndata: "x"}\r\n\r\ndata: plain\n\n');

    expect(raw).toEqual([
      { event: 'body', data: '{"delta":\n"x"}' },
      { event: 'message', data: 'plain' },
    ]);
    expect(parseStreamEvent(raw[0])).toEqual({ event: 'body', data: { delta: 'x' } });
  });

  test('when an event is unknown, not JSON or outside its schema, then it is not read as an event', () => {
    expect(parseStreamEvent({ event: 'message', data: '{}' })).toBeNull();
    expect(parseStreamEvent({ event: 'body', data: 'not json' })).toBeNull();
    expect(parseStreamEvent({ event: 'hook', data: '{"index":5,"text":"sixth"}' })).toBeNull();
  });
});
