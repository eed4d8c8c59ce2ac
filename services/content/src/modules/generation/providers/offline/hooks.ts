import { HOOK_MAX_LENGTH, type ContentType } from '@postwright/contracts';
import type { Voice } from './inputs';
import { cutAtWord } from './text';

type Style = 'bold claim' | 'question' | 'number' | 'story opening' | 'contrast';

/** For each style, candidates from the most specific to the most general; the first that fits wins. */
function candidates(type: ContentType, v: Voice): Record<Style, string[]> {
  const noun = v.topicNoun !== 'this' ? v.topicNoun : null;
  const forAudience = v.audiencePlural ? ` ${v.audience}` : '';
  switch (type) {
    case 'controversial':
      return {
        'bold claim': [`Most of the advice about ${v.topic} is wrong.`, 'Most of the advice in our industry is wrong.'],
        question: [`What if the standard advice about ${v.topic} is the reason it isn't working?`, "What if the standard advice is the reason it isn't working?"],
        number: [`3 reasons the usual advice about ${v.topic} fails${forAudience}.`, `3 reasons the usual advice fails${forAudience}.`, '3 reasons the usual advice fails.'],
        'story opening': [`I used to believe what everyone believes about ${v.topic}. Then I saw it up close.`, 'I used to believe what everyone believes. Then I saw it up close.'],
        contrast: [`The common view on ${v.topic}: do more. What actually works: do less, better.`, 'The common view: do more. What actually works: do less, better.'],
      };
    case 'story':
      return {
        'bold claim': [`The most useful thing I know about ${v.topic}, I learned the hard way.`, 'The most useful thing I know, I learned the hard way.'],
        question: [`Ever had a moment where everything you knew about ${v.topic} stopped working?`, 'Ever had a moment where everything you knew stopped working?'],
        number: [`One moment, one decision, and 3 lessons about ${v.topic} I still use.`, 'One moment, one decision, and 3 lessons I still use.'],
        'story opening': ["I still remember the moment I realised the usual playbook wasn't going to work."],
        contrast: ['What people saw: a plan. What actually happened behind the scenes: something far messier, and far more useful.'],
      };
    case 'framework':
      return {
        'bold claim': [noun ? `You don't need more effort on ${noun}. You need a method.` : '', "You don't need more effort. You need a method."],
        question: [
          noun ? `Do you have a repeatable method for ${noun}, or do you start from scratch every time?` : '',
          'Do you start from a blank page every time this comes up?',
        ],
        number: [noun ? `The 4-step method I use for ${noun}. Steal it.` : '', 'The 4-step method I use for every hard problem. Steal it.'],
        'story opening': ["I didn't find this method in a book. I built it out of necessity."],
        contrast: [noun ? `Most people treat ${noun} as a talent. I treat it as a process.` : '', 'Most people treat this as a talent. I treat it as a process.'],
      };
    case 'insight':
      return {
        'bold claim': [`The rules around ${v.topic} are changing faster than most people realise.`, 'The rules in our industry are changing faster than most people realise.'],
        question: [`Are you seeing the same shift around ${v.topic} that I am?`, 'Are you seeing the same shift that I am?'],
        number: [`3 signals I keep seeing around ${v.topic}, and what they mean for you.`, '3 signals I keep seeing, and what they mean for you.'],
        'story opening': ["Something came up in my work recently that I can't stop thinking about."],
        contrast: [
          noun ? `Most people see ${noun} as business as usual. I see a shift that will reward whoever moves first.` : '',
          'Most people see noise. I see a shift that will reward whoever moves first.',
        ],
      };
    case 'learning':
      return {
        'bold claim': [`Nothing I know about ${v.topic} I figured out alone.`, 'Nothing I know about this work I figured out alone.'],
        question: [`Who taught you the most about ${v.topic}?`, 'Who taught you the most about your work?'],
        number: [`3 habits I owe to other people, and what they taught me about ${v.topic}.`, '3 habits I owe to other people, and what they taught me.'],
        'story opening': ["Someone once told me something I didn't want to hear. It changed how I work."],
        contrast: ['I used to think experience came from years. Now I know it comes from people.'],
      };
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const STYLES: Style[] = ['bold claim', 'question', 'number', 'story opening', 'contrast'];

/**
 * Five hooks, one per style, each under the fold. `limit` asks for hooks shorter than it
 * where a style has a shorter candidate (the body needs room beside the longest hook).
 */
export function composeHooks(type: ContentType, v: Voice, limit: number = HOOK_MAX_LENGTH): string[] {
  const all = candidates(type, v);
  return STYLES.map((style) => {
    const awkward = (h: string) =>
      (v.topicQuoted && new RegExp(`${escape(v.topic)}[.,:;]`).test(h)) ||
      // a long topic is said once, in the first hook; five times would bury the hooks
      (!v.topicRepeatable && style !== 'bold claim' && h.includes(v.topic));
    const options = all[style].filter((h) => h && !awkward(h));
    const fitting = options.filter((h) => h.length < HOOK_MAX_LENGTH);
    if (!fitting.length) return cutAtWord(options[options.length - 1], HOOK_MAX_LENGTH - 2);
    return fitting.find((h) => h.length < limit) ?? fitting.reduce((a, b) => (b.length < a.length ? b : a));
  });
}
