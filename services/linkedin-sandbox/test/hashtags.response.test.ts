import { escapeLittleText } from '@postwright/contracts';
import type { RunningSandbox } from '../src/server';
import { parseLittleText, renderLittleText } from '../src/little-text';
import { accessToken, api, control, postBody, startSandbox } from './support';

describe('sandbox hashtags (little text HashtagTemplate and HashtagElement)', () => {
  test('when commentary has the hashtag template, with the sign bare or full-width (or escaped, counted apart), then it shows as #tag and the rest is intact', () => {
    expect(renderLittleText('Lead {hashtag|\\#|leadership} and {hashtag|#|Technology} or {hashtag|＃|東京}.')).toEqual({
      text: 'Lead #leadership and #Technology or ＃東京.',
      truncated: false,
      mentions: [],
    });
    expect(parseLittleText('{hashtag|#|machine\\_learning}')).toEqual({ segments: [{ kind: 'hashtag', sign: '#', tag: 'machine_learning' }], truncated: false, escapedHashtagSigns: 0 });
    expect(parseLittleText('{hashtag|\\#|a} {hashtag|#|b} {hashtag|\\#|c}').escapedHashtagSigns).toBe(2);
  });

  test('when commentary has a plain #word, then it is a hashtag (HashtagElement), not a cut', () => {
    expect(parseLittleText('Hiring #leadership, #café and #2026 \\(really\\)')).toEqual({
      segments: [
        { kind: 'text', text: 'Hiring ' },
        { kind: 'hashtag', sign: '#', tag: 'leadership' },
        { kind: 'text', text: ', ' },
        { kind: 'hashtag', sign: '#', tag: 'café' },
        { kind: 'text', text: ' and ' },
        { kind: 'hashtag', sign: '#', tag: '2026' },
        { kind: 'text', text: ' (really)' },
      ],
      truncated: false,
      escapedHashtagSigns: 0,
    });
  });

  test('when a # starts no word, or a template is malformed, then the post is cut there, as any unescaped reserved character', () => {
    expect(renderLittleText('C# rocks')).toEqual({ text: 'C', truncated: true, mentions: [] });
    expect(renderLittleText('a # b')).toEqual({ text: 'a ', truncated: true, mentions: [] });
    expect(renderLittleText('x {hashtag|\\#|} y')).toEqual({ text: 'x ', truncated: true, mentions: [] });
    expect(renderLittleText('x {hashtag|\\#|a_b} y')).toEqual({ text: 'x ', truncated: true, mentions: [] });
  });

  test.each([
    [
      'hashtags, # that starts no hashtag, a link fragment and a hashtag template written out',
      'Lessons (hard-won): #leadership. C# at issue#12, #2026, ## https://x.com/a#b #café [#tag] #machine_learning {hashtag|\\#|x} \\ end #',
    ],
    ['hashtags at the ends of lines, in brackets, with a combining accent, digits or another script', '#start of it\nand the end #end\n#next (#teams) #cafe\u0301 #東京 #web3 #2026goals'],
    ['reserved characters next to hashtags and on their own', '[#tag]*#bold*<#x> &#38; @#x #_ and #__ a \\ | { } @ [ ] ( ) < > * _ ~ z'],
  ])('when the LinkedIn service sends a text with %s (escapeLittleText), then it reads back as exactly what the member wrote', (_name, text) => {
    expect(renderLittleText(escapeLittleText(text))).toEqual({ text, truncated: false, mentions: [] });
  });

  describe('over HTTP', () => {
    let sandbox: RunningSandbox;
    let token: string;
    let sub: string;
    beforeAll(async () => {
      sandbox = await startSandbox();
      token = (await accessToken(sandbox.url, {}, { email: 'tags@example.com' })).access_token;
      sub = (await api(sandbox.url, 'GET', '/v2/userinfo', { token })).body.sub;
    });
    afterAll(() => sandbox?.stop());

    afterEach(() => control(sandbox.url, 'POST', '/__sandbox/settings', { acceptEscapedHashtagSign: false }));

    const publish = async (commentary: string) => {
      const res = await api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, commentary) });
      expect(res.status).toBe(201);
      const id = res.headers.get('x-restli-id')!;
      const post = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.find((p: any) => p.id === id);
      return { id, post };
    };

    test('when a post carries the hashtag element, then it arrives with the hashtag and the rest of the text intact, and the feed links the tag', async () => {
      const commentary = 'Lessons \\(hard-won\\) on {hashtag|#|leadership} and #growth. Done!';
      const { id, post } = await publish(commentary);
      expect(post).toMatchObject({ commentary, text: 'Lessons (hard-won) on #leadership and #growth. Done!', truncated: false });

      const page = await (await fetch(`${sandbox.url}/feed/update/${encodeURIComponent(id)}/`)).text();
      expect(page).toContain('<a class="hashtag" href="/feed/hashtag/leadership/">#leadership</a>');
      expect(page).toContain('<a class="hashtag" href="/feed/hashtag/growth/">#growth</a>');
      expect(page).not.toContain('Cut short');

      const tagFeed = await fetch(`${sandbox.url}/feed/hashtag/Leadership/`);
      expect(tagFeed.status).toBe(200);
      expect(await tagFeed.text()).toContain(`id="${id}"`);
    });

    test('when a hashtag sits at the fold, then it is shown whole on one side of "see more"', async () => {
      const { id } = await publish(`${'a'.repeat(205)} {hashtag|#|leadership} tail`);
      const page = await (await fetch(`${sandbox.url}/feed/update/${encodeURIComponent(id)}/`)).text();
      expect(page).toContain('<a class="hashtag" href="/feed/hashtag/leadership/">#leadership</a></div><details>');
    });

    test('when the template has the sign bare or full-width (the documented forms), then the post is made with the hashtag', async () => {
      const { post } = await publish('Documented: {hashtag|#|hiring} and {hashtag|＃|東京}');
      expect(post).toMatchObject({ text: 'Documented: #hiring and ＃東京', truncated: false });
    });

    test('when the template has the sign escaped ({hashtag|\\#|tag}, not in the grammar), then 422 as malformed little text, and nothing is posted', async () => {
      const commentary = 'Undocumented: {hashtag|\\#|hiring}';
      const res = await api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, commentary) });
      expect(res.status).toBe(422);
      expect(res.headers.get('x-restli-id')).toBeNull();
      expect(res.body).toEqual({
        errorDetailType: 'com.linkedin.common.error.BadRequest',
        message: 'ERROR :: /commentary :: a hashtag template takes the sign bare, {hashtag|#|tag} or {hashtag|＃|tag}, not \\#',
        errorDetails: { inputErrors: [{ description: 'Invalid little text', input: { inputPath: { fieldPath: '/commentary' } }, code: 'INVALID_VALUE' }] },
        status: 422,
      });
      expect((await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.filter((p: any) => p.commentary === commentary)).toEqual([]);
      // an escaped # that is plain text is no template, and stays welcome
      const { post } = await publish('C\\# and \\{hashtag\\|\\#\\|x\\}');
      expect(post).toMatchObject({ text: 'C# and {hashtag|#|x}', truncated: false });
    });

    test('when the setting allows the escaped sign (POST /__sandbox/settings), then that template is taken as a hashtag', async () => {
      expect((await control(sandbox.url, 'POST', '/__sandbox/settings', { acceptEscapedHashtagSign: true })).body.settings).toMatchObject({ acceptEscapedHashtagSign: true });
      const { post } = await publish('Field clients: {hashtag|\\#|hiring}');
      expect(post).toMatchObject({ text: 'Field clients: #hiring', truncated: false });
    });
  });

  test('when SANDBOX_ACCEPT_ESCAPED_HASHTAG_SIGN=true, then the escaped sign is taken from the start', async () => {
    const lenient = await startSandbox({ SANDBOX_ACCEPT_ESCAPED_HASHTAG_SIGN: 'true' });
    try {
      const token = (await accessToken(lenient.url, {}, { email: 'lenient@example.com' })).access_token;
      const sub = (await api(lenient.url, 'GET', '/v2/userinfo', { token })).body.sub;
      expect((await api(lenient.url, 'POST', '/rest/posts', { token, body: postBody(sub, '{hashtag|\\#|hiring}') })).status).toBe(201);
    } finally {
      await lenient.stop();
    }
  });
});
