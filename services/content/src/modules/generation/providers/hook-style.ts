import { hookStyles, type HookStyle } from '@postwright/contracts';

/**
 * The style of a hook read from its words, for a writer that did not say (or said something that
 * is not a style): deterministic and plain, so the same hook always reads the same way. The
 * first that fits wins:
 *
 * - question: it asks ("What if...?", "Do you still...? I stopped."); a question it only quotes does not count
 * - number: a figure leads it ("3 lessons", "$2M", "The 4-step method", "Three years", "One story, 3 lessons")
 * - contrast: it sets one thing against another ("not X but Y", "Most ... but", "Most people X. I Y.", "X vs. Y")
 * - story: it opens a moment in the author's past ("Last year I made...", "I was...", "Someone once told me")
 * - claim: anything else, said as a statement
 */
export function classifyHook(hook: string): HookStyle {
  const text = unquoted(hook.trim());
  if (asksAQuestion(text)) return 'question';
  if (leadsWithAFigure(text)) return 'number';
  if (setsAgainst(text)) return 'contrast';
  if (opensAMoment(text)) return 'story';
  return 'claim';
}

/** A hook written inside quotes, as models sometimes give them; a quotation inside a hook stays. */
function unquoted(hook: string): string {
  const quoted = /^(?:“([^“”]*)”|"([^"]*)")$/.exec(hook);
  return quoted ? (quoted[1] ?? quoted[2]).trim() : hook;
}

const QUESTION_WORD = /^(?:what|why|how|who|whom|whose|when|where|which|do|does|did|is|are|was|were|can|could|should|would|will|have|has|had|ever|am|isn't|aren't|don't|doesn't|didn't|won't|wouldn't|shouldn't|can't)\b/i;

/** The hook without what it quotes: `Everyone asks “Why?” Few answer.` asks nothing itself. */
const withoutQuotes = (text: string) => text.replace(/“[^”]*”|"[^"]*"/g, ' … ').trim();

function asksAQuestion(text: string): boolean {
  const own = withoutQuotes(text);
  if (/\?[)’']*$/.test(own)) return true;
  // "Who taught you how to answer “How do you...?”": a question word opens it and a question ends it
  if (QUESTION_WORD.test(own) && /\?[”"’)']*$/.test(text)) return true;
  // "Do you still believe it? I stopped." asks first and answers after
  return QUESTION_WORD.test(own) && /^[^.!]*\?/.test(own);
}

const NUMBER_WORD = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a hundred|hundred|a thousand|a million|half a|a dozen|dozen)';
const COUNTED =
  '(?:years?|months?|weeks?|days?|hours?|minutes?|people|teams?|lessons?|reasons?|things?|steps?|ways?|mistakes?|rules?|habits?|signs?|signals?|questions?|ideas?|times?|clients?|customers?|hires?|companies|deals?|percent|moments?|decisions?|stories|story|conversations?)';
/** a figure, but not a year ("in 2024" dates a claim, it does not count anything) */
const FIGURE = String.raw`(?:[$€£¥]\s?\d[\d,.]*[kmb]?|(?!(?:19|20)\d\d\b)\d[\d,.]*(?:%|[kmb]\b|-\w+)?)`;
/** a figure within the first words ("The 4-step method", "My 3 rules", "48 hours", "One story, 3 lessons") */
const LEADS_WITH_FIGURE = new RegExp(String.raw`^(?:\S+\s+){0,4}${FIGURE}(?=[\s,.:;!%-]|$)`, 'i');
/** a number in words that counts something, first ("Three years ago", "One moment, one decision") */
const LEADS_WITH_COUNT = new RegExp(String.raw`^(?:(?:the|my|our|in|after|over|just|only|about|nearly|almost)\s+)?${NUMBER_WORD}\s+(?:\w+\s+)?${COUNTED}\b`, 'i');

function leadsWithAFigure(text: string): boolean {
  return LEADS_WITH_FIGURE.test(text) || LEADS_WITH_COUNT.test(text);
}

const NOT = String.raw`(?:\bnot\b|n't\b)`;
const CONTRASTS: RegExp[] = [
  // "not the plan, but the people"
  new RegExp(String.raw`${NOT}[^.!?]{0,80}?,?\s+but\b`, 'i'),
  // "It's not about talent. It's about reps." / "It wasn't luck; it was a system."
  new RegExp(String.raw`${NOT}[^.!?]{0,80}?[.;:—]\s*(?:it's|it is|it was|they're|they are|that's)\b`, 'i'),
  // "Most people think X, but..."
  /^most\b[^.!?]*\bbut\b/i,
  // "Everyone talks about it. Few do it." / "Most people see noise. I see a shift."
  /^(?:most|everyone|everybody|we all|on paper|in public|in theory|the common view|what people)\b[^.!?:]*[.!?:;,]\s+(?:few|nobody|no one|almost nobody|almost no one|but|yet|i|the best|the truth|the reality|in reality|in practice|what actually|what works|what i)\b/i,
  // "The common view: do more. What actually works: do less." / "On paper, calm. Behind the scenes, chaos."
  /^(?:the common view|what people \w+|on paper|in public|in private|in theory)\b.*[.!?;]\s+(?:what actually|what works|what i|in practice|in reality|the reality|the truth|behind the scenes|in public|in private)\b/i,
  // "I used to think X. Now I know Y."
  /\b(?:used to (?:think|believe)|thought)\b[^.!?]*[.!?]\s+(?:now|turns out|it turns out|i was wrong)\b/i,
  /\b(?:vs\.?|versus)\s/i,
  /\binstead of\b/i,
];

const FILLER = new Set(['the', 'a', 'an', 'i', 'it', 'we', 'you', 'my', 'our', 'your', 'me', 'us', 'is', 'are', 'was', 'were', 'to', 'of', 'and', 'in', 'on', 'this', 'that']);
const leadingWords = (sentence: string) => sentence.toLowerCase().match(/[a-z']+/g)?.slice(0, 4).filter((w) => !FILLER.has(w)) ?? [];

/** "Courses taught me the theory. People taught me the work.": two sentences turning on the same word. */
function parallel(text: string): boolean {
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  if (sentences.length !== 2) return false;
  const first = new Set(leadingWords(sentences[0]));
  return leadingWords(sentences[1]).some((w) => first.has(w));
}

function setsAgainst(text: string): boolean {
  const own = withoutQuotes(text);
  return CONTRASTS.some((pattern) => pattern.test(own)) || parallel(own);
}

const PAST_VERB =
  "(?:was|were|had|made|did|didn't|did not|got|took|lost|left|went|saw|said|told|thought|knew|found|learned|learnt|built|ran|began|started|quit|spent|sat|stood|walked|wrote|met|heard|felt|became|came|sent|hired|fired|missed|failed|watched|realised|realized|decided|remember|used to|(?!(?:need|exceed|proceed|succeed|feed|speed|bleed|breed)\\b)\\w+ed)";
/** a time in the past, early in the hook */
const MOMENT_OPENING = /^(?:last|yesterday|this morning|one (?:morning|night|day|evening)|years ago|\w+ (?:years|months|weeks|days) ago|in (?:19|20)\d\d|back in|the day|the night|the morning|the moment|it was|when i|when we|i still remember|i'll never forget|i will never forget|i have never told|a story)\b/i;
const PAST_TIME = /^[^.!?]*\b(?:last (?:year|month|week|night|quarter|spring|summer|autumn|fall|winter)|yesterday|recently|years ago|\w+ (?:years|months|weeks|days) ago|once)\b/i;
/** "I was...", "We hired...", "The best feedback I ever got" */
const FIRST_PERSON_PAST = new RegExp(String.raw`^(?:[^.!?]{0,40}\b)?(?:i|we)\s+(?:just\s+|once\s+|finally\s+|never\s+|still\s+|ever\s+)?${PAST_VERB}\b`, 'i');

function opensAMoment(text: string): boolean {
  return MOMENT_OPENING.test(text) || PAST_TIME.test(text) || FIRST_PERSON_PAST.test(text);
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
