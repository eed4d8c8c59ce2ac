import { escapeLittleText } from '../src/lib/little-text';
import { renderLittleText } from '../../linkedin-sandbox/src/little-text';

const tag = (t: string) => `{hashtag|\\#|${t}}`;

describe('little text: hashtags', () => {
  test.each([
    ['a hashtag alone', '#leadership', tag('leadership')],
    ['at the start and end of a line', '#start of it\nand the end #end\n#next', `${tag('start')} of it\nand the end ${tag('end')}\n${tag('next')}`],
    ['followed by punctuation', '#leadership. #growth, #wins! (#teams)', `${tag('leadership')}. ${tag('growth')}, ${tag('wins')}! \\(${tag('teams')}\\)`],
    ['unicode letters', '#café #東京 #Zürich2026', `${tag('café')} ${tag('東京')} ${tag('Zürich2026')}`],
    ['a combining accent (decomposed é)', '#cafe\u0301', tag('cafe\u0301')],
    ['an underscore, escaped inside the template', '#machine_learning', tag('machine\\_learning')],
    ['letters and digits', '#web3 #2026goals', `${tag('web3')} ${tag('2026goals')}`],
    ['reserved characters right next to it', '[#tag]*#bold*<#x>', `\\[${tag('tag')}\\]\\*${tag('bold')}\\*\\<${tag('x')}\\>`],
  ])('when the text has %s, then each #word becomes the hashtag element', (_name, text, expected) => {
    expect(escapeLittleText(text)).toBe(expected);
  });

  test.each([
    ['a # alone', 'a # b', 'a \\# b'],
    ['a # at the end', 'number #', 'number \\#'],
    ['##', '## and ##tag', '\\#\\# and \\#\\#tag'],
    ['a # inside a word', 'C# and F#, issue#12', 'C\\# and F\\#, issue\\#12'],
    ['digits only', '#2026 and we are #1', '\\#2026 and we are \\#1'],
    ['a URL fragment', 'see https://x.com/a#b and https://x.com/#top or www.x.com/#c', 'see https://x.com/a\\#b and https://x.com/\\#top or www.x.com/\\#c'],
    ['an HTML entity or a mention-like @#', '&#38; @#x', '&\\#38; \\@\\#x'],
    ['underscore only', '#_ and #__', '\\#\\_ and \\#\\_\\_'],
  ])('when the text has %s, then the # is escaped as plain text', (_name, text, expected) => {
    expect(escapeLittleText(text)).toBe(expected);
  });

  test('everything else is escaped exactly as before', () => {
    expect(escapeLittleText('a \\ | { } @ [ ] ( ) < > * _ ~ z')).toBe('a \\\\ \\| \\{ \\} \\@ \\[ \\] \\( \\) \\< \\> \\* \\_ \\~ z');
    expect(escapeLittleText('{hashtag|\\#|growth}')).toBe('\\{hashtag\\|\\\\\\#\\|growth\\}');
  });

  test('what we send reads back, on the sandbox, as exactly what the member wrote', () => {
    const text = 'Lessons (hard-won): #leadership. C# at issue#12, #2026, ## https://x.com/a#b #café [#tag] #machine_learning {hashtag|\\#|x} \\ end #';
    expect(renderLittleText(escapeLittleText(text))).toEqual({ text, truncated: false, mentions: [] });
  });
});
