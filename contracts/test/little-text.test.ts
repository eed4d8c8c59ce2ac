import { escapeLittleText, hashtagTemplate, linkedinLength } from '../src';

const tag = (t: string) => `{hashtag|#|${t}}`;

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

  test('when a hashtag is sent, then it is the template LinkedIn documents: the sign bare, never escaped', () => {
    expect(hashtagTemplate('growth')).toBe('{hashtag|#|growth}');
    expect(escapeLittleText('#growth')).not.toContain('\\#');
  });

  test('everything else is escaped exactly as before, a template the member typed included (either form)', () => {
    expect(escapeLittleText('a \\ | { } @ [ ] ( ) < > * _ ~ z')).toBe('a \\\\ \\| \\{ \\} \\@ \\[ \\] \\( \\) \\< \\> \\* \\_ \\~ z');
    expect(escapeLittleText('{hashtag|\\#|growth}')).toBe('\\{hashtag\\|\\\\\\#\\|growth\\}');
    expect(escapeLittleText('{hashtag|#|growth}')).toBe('\\{hashtag\\|\\#\\|growth\\}');
  });

  test('a text with nothing reserved is sent as it is', () => {
    expect(escapeLittleText('')).toBe('');
    expect(escapeLittleText('plain words, no marks.')).toBe('plain words, no marks.');
  });
});

describe('little text: length as LinkedIn receives it', () => {
  test('each reserved character adds its backslash; each hashtag its template', () => {
    expect(linkedinLength('plain')).toEqual({ written: 5, sent: 5 });
    expect(linkedinLength('(a)')).toEqual({ written: 3, sent: 5 });
    expect(linkedinLength('#tag')).toEqual({ written: 4, sent: '{hashtag|#|tag}'.length });
    expect(linkedinLength('C# #2026')).toEqual({ written: 8, sent: 10 });
  });
});
