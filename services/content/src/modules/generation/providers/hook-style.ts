import { hookStyles, type HookStyle } from '@postwright/contracts';

/**
 * The style of a hook read from its words, for a writer that did not say (or said something that
 * is not a style): deterministic and plain, so the same hook always reads the same way.
 *
 * - question: it ends with a question mark (or its first sentence asks one)
 * - number: it opens with a figure ("3 lessons", "$2M", "48 hours", "The 4-step method", "Three years")
 * - contrast: it sets one thing against another ("not X but Y", "Most ... but", "Everyone ... Few ...", "X vs. Y")
 * - story: it opens a moment in the author's past ("Last year I made...", "I was...", "The day we...")
 * - claim: anything else, said as a statement
 */
export function classifyHook(hook: string): HookStyle {
  const text = hook.trim().replace(/^["“'‘]+|["”'’]+$/g, '').trim();
  if (asksAQuestion(text)) return 'question';
  if (opensWithAFigure(text)) return 'number';
  if (setsAgainst(text)) return 'contrast';
  if (opensAMoment(text)) return 'story';
  return 'claim';
}

const QUESTION_WORD = /^(?:what|why|how|who|whom|whose|when|where|which|do|does|did|is|are|was|were|can|could|should|would|will|have|has|had|ever|am|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|shouldn't|can't)\b/i;

function asksAQuestion(text: string): boolean {
  if (/\?["”’)]*$/.test(text)) return true;
  // "Do you still believe it? I stopped." asks first and answers after
  const first = /^[^.!?]*\?/.exec(text);
  return first !== null && QUESTION_WORD.test(text);
}

const NUMBER_WORD = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|a hundred|a thousand|a million|half|dozen|a dozen)';
const FIGURE = String.raw`(?:[$€£¥]\s?)?\d[\d,.]*(?:%|[kmb]\b|-\w+)?`;
/** a figure first, or after a short opener ("The 4-step method", "My 3 rules", "In 90 days") */
const OPENS_WITH_FIGURE = new RegExp(String.raw`^(?:(?:the|my|our|these|those|in|after|over|just|only|about|nearly|almost|a)\s+){0,2}(?:${FIGURE}|${NUMBER_WORD}\b(?=\s+(?:\w+\s+){0,1}(?:years?|months?|weeks?|days?|hours?|minutes?|people|teams?|lessons?|reasons?|things?|steps?|ways?|mistakes?|rules?|habits?|signs?|signals?|questions?|ideas?|times?|clients?|customers?|hires?|companies|deals?|percent)\b))`, 'i');

function opensWithAFigure(text: string): boolean {
  return OPENS_WITH_FIGURE.test(text);
}

const NOT = String.raw`(?:\bnot\b|n't\b)`;
const CONTRASTS: RegExp[] = [
  // "not the plan, but the people"
  new RegExp(String.raw`${NOT}[^.!?]{0,80}?,?\s+but\b`, 'i'),
  // "It's not about talent. It's about reps." / "It wasn't luck; it was a system."
  new RegExp(String.raw`${NOT}[^.!?]{0,80}?[.;:—]\s*(?:it's|it is|it was|they're|they are|that's)\b`, 'i'),
  // "Most people think X, but..."
  /^most\b[^.!?]*\bbut\b/i,
  // "Everyone talks about it. Few do it." / "The common view: do more. What works: do less."
  /^(?:most|everyone|everybody|we all|on paper|in public|in theory|the common view|what people)\b[^.!?:]*[.!?:;,]\s+(?:few|nobody|no one|almost nobody|almost no one|but|yet|the best|the truth|the reality|in reality|in practice|what actually|what works|what i)\b/i,
  /\b(?:vs\.?|versus)\s/i,
  /\binstead of\b/i,
];

function setsAgainst(text: string): boolean {
  return CONTRASTS.some((pattern) => pattern.test(text));
}

const PAST_VERB =
  '(?:was|were|had|made|did|got|took|lost|left|went|saw|said|told|thought|knew|found|learned|learnt|built|ran|began|started|quit|spent|sat|stood|walked|wrote|met|heard|felt|became|came|sent|hired|fired|missed|failed|watched|realised|realized|decided|remember|used to|(?!(?:need|exceed|proceed|succeed|feed|speed|bleed|breed)\\b)\\w+ed)';
const MOMENT_OPENING = /^(?:last|yesterday|this morning|one (?:morning|night|day|evening)|years ago|\w+ (?:years|months|weeks|days) ago|in (?:19|20)\d\d|back in|the day|the night|the morning|the moment|it was|when i|when we|i still remember|i'll never forget|i will never forget|i have never told|a story)\b/i;
const FIRST_PERSON_PAST = new RegExp(String.raw`^(?:[^.!?]{0,40}\b)?(?:i|we)\s+(?:just\s+|once\s+|finally\s+|never\s+|still\s+)?${PAST_VERB}\b`, 'i');

function opensAMoment(text: string): boolean {
  return MOMENT_OPENING.test(text) || FIRST_PERSON_PAST.test(text);
}

/** "Bold claim", " Story opening ", "QUESTION": the style a writer named, or null when it named none of them. */
export function readHookStyle(value: unknown): HookStyle | null {
  if (typeof value !== 'string') return null;
  const words = value.toLowerCase().trim();
  if ((hookStyles as readonly string[]).includes(words)) return words as HookStyle;
  const named = hookStyles.filter((style) => new RegExp(`\\b${style}\\b`).test(words));
  return named.length === 1 ? named[0] : null;
}

/** One style per hook: the writer's own where it named one, else the hook's words read by classifyHook. */
export function hookStylesFor(hooks: readonly string[], named: readonly unknown[] | null | undefined): HookStyle[] {
  return hooks.map((hook, i) => readHookStyle(named?.[i]) ?? classifyHook(hook));
}
