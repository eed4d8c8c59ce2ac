import { HOOK_MAX_LENGTH, type ContentType } from '@postwright/contracts';
import { topicHooks, type HookSet, type Style } from './hooks-topic';
import type { Voice } from './inputs';
import { cutAtWord } from './text';

/** For each style, hooks that do not name the topic, from the most specific to the most general. */
function generalHooks(type: ContentType, v: Voice): HookSet {
  const forAudience = v.audiencePlural ? ` ${v.audience}` : '';
  switch (type) {
    case 'controversial':
      return {
        'bold claim': ['Most of the advice in our industry is wrong.'],
        question: ["What if the standard advice is the reason it isn't working?"],
        number: [`3 reasons the usual advice fails${forAudience}.`, '3 reasons the usual advice fails.'],
        'story opening': ['I used to believe what everyone believes. Then I saw it up close.'],
        contrast: ['The common view: do more. What actually works: do less, better.'],
      };
    case 'story':
      return {
        'bold claim': ['The most useful thing I know, I learned the hard way.'],
        question: ['Ever had a moment where everything you knew stopped working?'],
        number: ['One moment, one decision, and 3 lessons I still use.'],
        'story opening': ["I still remember the moment I realised the usual playbook wasn't going to work."],
        contrast: ['What people saw: a plan. What actually happened behind the scenes: something far messier, and far more useful.'],
      };
    case 'framework':
      return {
        'bold claim': ["You don't need more effort. You need a method."],
        question: ['Do you start from a blank page every time this comes up?'],
        number: ['The 4-step method I use for every hard problem. Steal it.'],
        'story opening': ["I didn't find this method in a book. I built it out of necessity."],
        contrast: ['Most people treat this as a talent. I treat it as a process.'],
      };
    case 'insight':
      return {
        'bold claim': ['The rules in our industry are changing faster than most people realise.'],
        question: ['Are you seeing the same shift that I am?'],
        number: ['3 signals I keep seeing, and what they mean for you.'],
        'story opening': ["Something came up in my work recently that I can't stop thinking about."],
        contrast: ['Most people see noise. I see a shift that will reward whoever moves first.'],
      };
    case 'learning':
      return {
        'bold claim': ['Nothing I know about this work I figured out alone.'],
        question: ['Who taught you the most about your work?'],
        number: ['3 habits I owe to other people, and what they taught me.'],
        'story opening': ["Someone once told me something I didn't want to hear. It changed how I work."],
        contrast: ['I used to think experience came from years. Now I know it comes from people.'],
      };
  }
}

const STYLES: Style[] = ['bold claim', 'question', 'number', 'story opening', 'contrast'];

/**
 * Five hooks, one per style, each under the fold. `limit` asks for hooks shorter than it
 * where a style has a shorter candidate (the body needs room beside the longest hook).
 */
export function composeHooks(type: ContentType, v: Voice, limit: number = HOOK_MAX_LENGTH): string[] {
  const named = topicHooks(type, v);
  const general = generalHooks(type, v);
  return STYLES.map((style) => {
    // a long topic is said once, in the first hook; five times would bury the hooks
    const options = [...(v.topicRepeatable || style === 'bold claim' ? named[style] : []), ...general[style]];
    const fitting = options.filter((h) => h.length < HOOK_MAX_LENGTH);
    if (!fitting.length) return cutAtWord(options[options.length - 1], HOOK_MAX_LENGTH - 2);
    return fitting.find((h) => h.length < limit) ?? fitting.reduce((a, b) => (b.length < a.length ? b : a));
  });
}
