import { findHashtags, splitHashtags } from '../src';

describe('the hashtag rule', () => {
  test('a #word is a hashtag: letters of any script, marks, digits, underscore; it ends at anything else', () => {
    expect(findHashtags('#leadership. #café, #東京! #web3 #machine_learning (#teams) #cafe\u0301')).toEqual(['leadership', 'café', '東京', 'web3', 'machine_learning', 'teams', 'cafe\u0301']);
    expect(findHashtags('#start\nmiddle #end\n#next')).toEqual(['start', 'end', 'next']);
  });

  test('a # that starts no word, sits inside a word or a link, or has no letter is not a hashtag', () => {
    expect(findHashtags('# ## ##tag C# issue#12 #2026 #1 #_ &#38; @#x /#top https://x.com/a#b https://x.com/#c www.x.com/#d')).toEqual([]);
  });

  test('joining the parts gives the text back unchanged', () => {
    const text = 'Lead #with. C# https://x.com/#a #café ## end #';
    expect(
      splitHashtags(text)
        .map((p) => (p.kind === 'hashtag' ? `#${p.tag}` : p.text))
        .join(''),
    ).toBe(text);
    expect(splitHashtags('')).toEqual([]);
    expect(splitHashtags('#a b')).toEqual([{ kind: 'hashtag', tag: 'a' }, { kind: 'text', text: ' b' }]);
  });
});
