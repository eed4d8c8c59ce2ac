import { escapeLittleText } from '@postwright/contracts';
import type { RunningSandbox } from '../src/server';
import { parseLittleText, renderLittleText } from '../src/little-text';
import { accessToken, api, control, postBody, startSandbox } from './support';

describe('sandbox hashtags (little text HashtagTemplate and HashtagElement)', () => {
  test('when commentary has the hashtag template, with the sign bare, escaped or full-width, then it shows as #tag and the rest is intact', () => {
    expect(renderLittleText('Lead {hashtag|\\#|leadership} and {hashtag|#|Technology} or {hashtag|＃|東京}.')).toEqual({
      text: 'Lead #leadership and #Technology or ＃東京.',
      truncated: false,
      mentions: [],
    });
    expect(parseLittleText('{hashtag|\\#|machine\\_learning}').segments).toEqual([{ kind: 'hashtag', sign: '#', tag: 'machine_learning' }]);
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

    const publish = async (commentary: string) => {
      const res = await api(sandbox.url, 'POST', '/rest/posts', { token, body: postBody(sub, commentary) });
      expect(res.status).toBe(201);
      const id = res.headers.get('x-restli-id')!;
      const post = (await control(sandbox.url, 'GET', '/__sandbox/posts')).body.posts.find((p: any) => p.id === id);
      return { id, post };
    };

    test('when a post carries the hashtag element, then it arrives with the hashtag and the rest of the text intact, and the feed links the tag', async () => {
      const commentary = 'Lessons \\(hard-won\\) on {hashtag|\\#|leadership} and #growth. Done!';
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
      const { id } = await publish(`${'a'.repeat(205)} {hashtag|\\#|leadership} tail`);
      const page = await (await fetch(`${sandbox.url}/feed/update/${encodeURIComponent(id)}/`)).text();
      expect(page).toContain('<a class="hashtag" href="/feed/hashtag/leadership/">#leadership</a></div><details>');
    });
  });
});
