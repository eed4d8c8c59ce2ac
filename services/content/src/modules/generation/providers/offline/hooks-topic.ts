/**
 * The hooks that carry the topic, written for each shape of topic: a noun phrase,
 * gerund or clause goes after "about"; a direct question is asked in quotes; a claim is said
 * as a claim. Hooks that do not name the topic are in hooks.ts.
 */
import type { ContentType } from '@postwright/contracts';
import type { Voice } from './inputs';
import { byShape, type Claim } from './topic';

export type Style = 'bold claim' | 'question' | 'number' | 'story opening' | 'contrast';
export type HookSet = Record<Style, string[]>;

const none = (): string[] => [];

function subjectHooks(type: ContentType, v: Voice): HookSet {
  const noun = v.topicNoun !== 'this' ? v.topicNoun : null;
  const ifNoun = (line: (n: string) => string) => (noun ? [line(noun)] : []);
  switch (type) {
    case 'controversial':
      // the member's own view ("Why culture fit is overrated"): said as theirs, never as "the advice about" it
      if (v.dissent) {
        return {
          'bold claim': [`${v.Topic}: my honest take goes against most of the advice out there.`],
          question: none(),
          number: none(),
          'story opening': none(),
          contrast: none(),
        };
      }
      return {
        'bold claim': [`Most of the advice about ${v.topic} is wrong.`],
        question: [`What if the standard advice about ${v.topic} is the reason it isn't working?`],
        number: [`3 reasons the usual advice about ${v.topic} doesn't work${v.audiencePlural ? ` for ${v.audience}` : ''}.`],
        'story opening': [`I used to believe what everyone believes about ${v.topic}. Then I saw it up close.`],
        contrast: [`The common view on ${v.topic}: do more. What actually works: do less, better.`],
      };
    case 'story':
      return {
        'bold claim': [`The most useful thing I know about ${v.topic}, I learned the hard way.`],
        question: [`Ever had a moment where everything you knew about ${v.topic} stopped working?`],
        number: [`One moment, one decision, and 3 lessons about ${v.topic} I still use.`],
        'story opening': none(),
        contrast: none(),
      };
    case 'framework':
      return {
        'bold claim': ifNoun((n) => `You don't need more effort on ${n}. You need a method.`),
        question: ifNoun((n) => `Do you have a repeatable method for ${n}, or do you start from scratch every time?`),
        number: ifNoun((n) => `The 4-step method I use for ${n}. Steal it.`),
        'story opening': none(),
        contrast: ifNoun((n) => `Most people treat ${n} as a talent. I treat it as a process.`),
      };
    case 'insight':
      return {
        'bold claim': [`The rules around ${v.topic} are changing faster than most people realise.`],
        question: [`Are you seeing the same shift around ${v.topic} that I am?`],
        number: [`3 signals I keep seeing around ${v.topic}, and what they mean for you.`],
        'story opening': none(),
        contrast: ifNoun((n) => `Most people see ${n} as business as usual. I see a shift that will reward whoever moves first.`),
      };
    case 'learning':
      return {
        'bold claim': [`Nothing I know about ${v.topic} I figured out alone.`],
        question: [`Who taught you the most about ${v.topic}?`],
        number: [`3 habits I owe to other people, and what they taught me about ${v.topic}.`],
        'story opening': none(),
        contrast: none(),
      };
  }
}

/** The author's own story ("our Series B fundraise"): told, never asked of the reader. */
const ownHooks = (v: Voice): HookSet => ({
  'bold claim': [`Let me tell you about ${v.topic}. It changed how I work.`],
  question: none(),
  number: [`One story, 3 lessons: ${v.topic}.`],
  'story opening': [`A story I don't tell often: ${v.topic}.`],
  contrast: none(),
});

/** `q` is quoted and ends with its own question mark: it is never followed by more punctuation. */
function questionHooks(type: ContentType, v: Voice, q: string): HookSet {
  const forAudience = v.audiencePlural ? ` ${v.audience}` : '';
  switch (type) {
    case 'controversial':
      return {
        'bold claim': [`Everyone asks ${q} Most of the answers are wrong.`],
        question: [`What if the usual answer to ${q} is the reason nothing changes?`],
        number: [`3 reasons the usual answer to ${q} fails${forAudience}.`],
        'story opening': [`I used to give the standard answer to ${q} Then I saw it up close.`],
        contrast: [`Everyone has a quick answer to ${q} The useful one takes longer.`],
      };
    case 'story':
      return {
        'bold claim': [`I learned my answer to ${q} the hard way.`],
        question: [`Ever had to answer ${q} with real stakes and no good options?`],
        number: [`One moment, one decision, and 3 lessons I still use when someone asks ${q}`],
        'story opening': none(),
        contrast: none(),
      };
    case 'framework':
      return {
        'bold claim': [`You don't need a better opinion on ${q} You need a method.`],
        question: [`Do you answer ${q} the same way twice, or start from scratch every time?`],
        number: [`The 4-step method I use to answer ${q} Steal it.`],
        'story opening': none(),
        contrast: [`Most people answer ${q} on instinct. I use a process.`],
      };
    case 'insight':
      return {
        'bold claim': [`The answer to ${q} is changing faster than most people realise.`],
        question: [`Has your answer to ${q} changed this year? Mine has.`],
        number: [`3 signals I keep seeing that change the answer to ${q}`],
        'story opening': none(),
        contrast: [`Most people answer ${q} the way they did five years ago. I see a shift that will reward whoever moves first.`],
      };
    case 'learning':
      return {
        'bold claim': [`My answer to ${q} isn't mine alone. I learned it from other people.`],
        question: [`Who taught you how to answer ${q}`],
        number: [`3 habits I owe to other people, and how they shaped my answer to ${q}`],
        'story opening': none(),
        contrast: none(),
      };
  }
}

/**
 * A Contrarian Take's claim is the conventional wisdom the member disagrees with: each hook names
 * it as what others believe and disputes it.
 */
const wisdomHooks = (c: Claim): HookSet => ({
  'bold claim': [`Everyone says ${c.clause}. I disagree.`, `Unpopular opinion: it isn't true that ${c.clause}.`],
  question: [`What if it isn't true that ${c.clause}?`, `Do you still believe ${c.clause}? I stopped.`],
  number: [`3 reasons I no longer believe ${c.clause}.`, `3 things I saw that made me stop believing ${c.clause}.`],
  'story opening': [`I used to believe ${c.clause}. Then I saw it up close.`, `For years I repeated the advice that ${c.clause}. Then the results came in.`],
  contrast: [`The common view: ${c.clause}. What I've seen: the opposite.`, `In public, everyone agrees ${c.clause}. In practice, it rarely holds.`],
});

/** A personal claim is said only in the author's own voice; other styles fall back to general hooks. */
function claimHooks(type: ContentType, c: Claim, dissent: boolean): HookSet {
  const general = (line: string) => (c.personal ? [] : [line]);
  switch (type) {
    case 'controversial':
      if (!dissent) return wisdomHooks(c);
      // the member's own contrarian view ("Stop hiring for culture fit"): said as theirs
      return {
        'bold claim': [`Unpopular opinion: ${c.clause}.`, `I'll say it plainly: ${c.clause}.`],
        question: [...general(`What if ${c.clause}, and we've all been too polite to say it?`), ...general(`Is it time we admitted that ${c.clause}?`)],
        number: [`3 reasons I'm convinced ${c.clause}.`, `3 things I've seen that convinced me ${c.clause}.`],
        'story opening': general(`I didn't always believe ${c.clause}. Then I saw it up close.`),
        contrast: general(`In private, most people agree: ${c.clause}. In public, almost nobody says it.`),
      };
    case 'story':
      return {
        'bold claim': [`I learned the hard way that ${c.clause}.`],
        question: general(`Ever watched a team find out, too late, that ${c.clause}?`),
        number: [`One moment, one decision, and 3 lessons that convinced me ${c.clause}.`],
        'story opening': none(),
        contrast: none(),
      };
    case 'framework':
      return {
        'bold claim': general(`${c.sentence} Agreeing with that changes nothing. A method does.`),
        question: general(`Most of us agree ${c.clause}. So what's your method for acting on it?`),
        number: [c.personal ? `${c.sentence} The 4-step method I built from it is below.` : `${c.sentence} Here's the 4-step method I use to act on it.`],
        'story opening': none(),
        contrast: general(`Most people nod along to ${c.quoted}. Few have a process for it.`),
      };
    case 'insight':
      return {
        'bold claim': general(`The evidence is getting hard to ignore: ${c.clause}.`),
        question: general(`Are you also seeing signs that ${c.clause}?`),
        number: general(`3 signals that ${c.clause}, and what they mean for you.`),
        'story opening': none(),
        contrast: general(`Most people still hear ${c.quoted} as an opinion. I see a shift that will reward whoever acts first.`),
      };
    case 'learning':
      return {
        'bold claim': [c.personal ? `The lesson I'd pass on first: ${c.clause}.` : `Someone once showed me that ${c.clause}. I've never forgotten it.`],
        question: general(`Who first showed you that ${c.clause}?`),
        number: [`3 habits I owe to other people, and the lesson behind them: ${c.clause}.`],
        'story opening': none(),
        contrast: none(),
      };
  }
}

/** For each style, the hooks that name the topic, phrased for its shape (possibly none). */
export const topicHooks = (type: ContentType, v: Voice): HookSet =>
  byShape(v, {
    subject: () => subjectHooks(type, v),
    own: () => ownHooks(v),
    question: (q) => questionHooks(type, v, q),
    claim: (c) => claimHooks(type, c, v.dissent),
  });
