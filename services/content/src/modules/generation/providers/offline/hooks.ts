import { HOOK_MAX_LENGTH, type ContentType, type HookStyle } from '@postwright/contracts';
import { topicHooks, type HookSet, type Style } from './hooks-topic';
import type { Voice } from './inputs';
import { cutAtWord } from './text';

/**
 * For each style, hooks that do not name the topic, from the most specific to the most general.
 * Each style has a few, so "Generate again" can offer other hooks than the ones it replaces.
 */
function generalHooks(type: ContentType, v: Voice): HookSet {
  const forAudience = v.audiencePlural ? ` ${v.audience}` : '';
  switch (type) {
    case 'controversial':
      return {
        'bold claim': ['Most of the advice in our industry is wrong.', 'The advice everyone repeats in our field is holding people back.', "I'm going to disagree with something almost everyone in my field believes."],
        question: ["What if the standard advice is the reason it isn't working?", 'When did you last question the advice everyone repeats?', 'What if the thing everyone agrees on is the problem?'],
        number: [`3 reasons the usual advice fails${forAudience}.`, '3 reasons the usual advice fails.', '3 things I had to unlearn before my results changed.', 'It took me 3 hard lessons to stop believing the common view.'],
        'story opening': ['I used to believe what everyone believes. Then I saw it up close.', 'For years I gave the same advice as everyone else. Then one result made me stop.', 'The day I stopped following the standard advice, things started to work.'],
        contrast: ['The common view: do more. What actually works: do less, better.', 'What people repeat in public and what works in practice are not the same thing.', 'Everyone agrees on the theory. Almost nobody checks it against the results.'],
      };
    case 'story':
      return {
        'bold claim': ['The most useful thing I know, I learned the hard way.', 'The moments that shaped my work never made it into a results slide.', 'Some of my best decisions started as my worst weeks.'],
        question: ['Ever had a moment where everything you knew stopped working?', 'What happens behind the scenes when the plan stops working?', 'Have you ever had to decide with no good options and everyone watching?'],
        number: ['One moment, one decision, and 3 lessons I still use.', '48 hours, one hard call, and 3 lessons I still use.', '3 lessons from a week I would rather not repeat.'],
        'story opening': ["I still remember the moment I realised the usual playbook wasn't going to work.", 'It was late, the room was quiet, and nobody wanted to say what we all knew.', 'I have never told this story in public before.'],
        contrast: ['What people saw: a plan. What actually happened behind the scenes: something far messier, and far more useful.', 'On paper it looked calm. Behind the scenes, it was anything but.', 'The update said "on track". The reality behind it taught me more than any win.'],
      };
    case 'framework':
      return {
        'bold claim': ["You don't need more effort. You need a method.", 'Good judgement is a process you can write down.', 'The best operators I know all work from a checklist.'],
        question: ['Do you start from a blank page every time this comes up?', 'What if the hard part of your week could follow a recipe?', 'How much time would you save if you never solved the same problem twice?'],
        number: ['The 4-step method I use for every hard problem. Steal it.', '4 steps, one page, and far fewer bad decisions.', 'My 4-step method, written down so you can use it tomorrow.'],
        'story opening': ["I didn't find this method in a book. I built it out of necessity.", 'I wrote this method down after making the same mistake twice.', 'This method started as a note to myself after a bad quarter.'],
        contrast: ['Most people treat this as a talent. I treat it as a process.', 'Most people wing it. The best people follow a method.', 'Instinct gets you started. A method gets you there every time.'],
      };
    case 'insight':
      return {
        'bold claim': ['The rules in our industry are changing faster than most people realise.', 'A shift is under way in our industry, and most people are still looking the other way.', 'What worked in our industry five years ago is quietly stopping working.'],
        question: ['Are you seeing the same shift that I am?', "What if next year's winners are already doing this?", 'Is your plan built for the market we had, or the one we are getting?'],
        number: ['3 signals I keep seeing, and what they mean for you.', '3 changes I did not expect to see this soon.', '3 things I see in my work that most reports have not caught yet.'],
        'story opening': ["Something came up in my work recently that I can't stop thinking about.", 'A conversation last month changed how I read our market.', 'I noticed it first in a handful of conversations. Now I see it everywhere.'],
        contrast: ['Most people see noise. I see a shift that will reward whoever moves first.', 'The headlines say business as usual. The work in front of me says otherwise.', 'Last year it was an exception. This year it is becoming the norm.'],
      };
    case 'learning':
      return {
        'bold claim': ['Nothing I know about this work I figured out alone.', 'The best lessons of my career came from other people.', 'I owe most of what I know to people who never asked for credit.'],
        question: ['Who taught you the most about your work?', 'Who changed how you work without ever knowing it?', 'What is the best advice anyone ever gave you at work?'],
        number: ['3 habits I owe to other people, and what they taught me.', '3 people, 3 lessons, and why I still use them.', '3 conversations that changed how I work.'],
        'story opening': ["Someone once told me something I didn't want to hear. It changed how I work.", 'Years ago a colleague took me aside and asked me one question.', 'The most useful feedback I ever got came in a five-minute conversation.'],
        contrast: ['I used to think experience came from years. Now I know it comes from people.', 'I thought I learned from my wins. I learned far more from the people around me.', 'Courses taught me the theory. People taught me how the work is really done.'],
      };
  }
}

const STYLES: Style[] = ['bold claim', 'question', 'number', 'story opening', 'contrast'];

/** Each of the writer's styles by the name the item gives it. */
const STYLE_NAMES: Record<Style, HookStyle> = { 'bold claim': 'claim', question: 'question', number: 'number', 'story opening': 'story', contrast: 'contrast' };

/** "Generate again": another take's hooks, none of the ones it replaces where a style has others. */
export interface HookVariation {
  seed: number;
  /** the hooks of the post being replaced (lower case): never offered again while a style has others */
  replacing: ReadonlySet<string>;
  /** the hooks of the version before it (lower case): offered again only when nothing else is left */
  previous: ReadonlySet<string>;
}

/**
 * The options of one style for another take: fresh ones first, those naming the topic before
 * the general ones, each in an order the seed decides.
 */
function varied(named: string[], general: string[], variation: HookVariation, style: number): string[] {
  const key = (h: string) => h.toLowerCase();
  const isFresh = (h: string) => !variation.replacing.has(key(h)) && !variation.previous.has(key(h));
  const rotate = (list: string[]) => {
    const shift = list.length ? (variation.seed + style) % list.length : 0;
    return [...list.slice(shift), ...list.slice(0, shift)];
  };
  const fresh = [...rotate(named.filter(isFresh)), ...rotate(general.filter(isFresh))];
  if (fresh.length) return fresh;
  const all = [...named, ...general];
  const notCurrent = all.filter((h) => !variation.replacing.has(key(h)));
  return rotate(notCurrent.length ? notCurrent : all);
}

/**
 * Five hooks, one per style, each under the fold, with the style each was written in.
 * `limit` asks for hooks shorter than it where a style has a shorter candidate (the body needs
 * room beside the longest hook). `variation` asks for another take's hooks ("Generate again").
 */
export function composeHooks(type: ContentType, v: Voice, limit: number = HOOK_MAX_LENGTH, variation?: HookVariation): { hooks: string[]; hookStyles: HookStyle[] } {
  const named = topicHooks(type, v);
  const general = generalHooks(type, v);
  const hooks = STYLES.map((style, index) => {
    // a long topic is said once, in the first hook; five times would bury the hooks
    const naming = v.topicRepeatable || style === 'bold claim' ? named[style] : [];
    const options = variation ? varied(naming, general[style], variation, index) : [...naming, ...general[style]];
    const fitting = options.filter((h) => h.length < HOOK_MAX_LENGTH);
    if (!fitting.length) return cutAtWord(options[options.length - 1], HOOK_MAX_LENGTH - 2);
    return fitting.find((h) => h.length < limit) ?? fitting.reduce((a, b) => (b.length < a.length ? b : a));
  });
  // every option of a style's list was written in that style, whichever one was picked
  return { hooks, hookStyles: STYLES.map((style) => STYLE_NAMES[style]) };
}
