/**
 * How a topic is phrased decides which sentences can carry it. A noun phrase fits
 * "the advice about {topic}"; a claim ("Meetings are a tax on execution") does not, and reads
 * as "the idea that ..." or as the author's own sentence. This is a small word-list heuristic,
 * not a parser: it only has to tell the five shapes authors type into the topic field apart.
 */
export type TopicShape = 'claim' | 'noun' | 'question' | 'how-to' | 'gerund';

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** finite auxiliaries and modals: after a subject, they make a sentence */
const AUXILIARIES = words(`
  is are was were am isn't aren't wasn't weren't will won't would wouldn't can can't cannot could couldn't
  should shouldn't must mustn't might may shall do does did don't doesn't didn't has have had hasn't haven't hadn't`);

/** verbs common in opinions that are rarely the head of a noun phrase, in either present form */
const VERBS = words(`
  kill kills fail fails beat beats eat eats outperform outperforms destroy destroys ruin ruins deserve deserves belong belongs
  require requires depend depends matter matters happen happens become becomes remain remains create creates hurt hurts
  helps make makes give gives get gets keep keeps lose loses sell sells feel feels seem seems underestimate underestimates
  overestimate overestimates overthink overthinks ignore ignores hate hates want know knows think thinks believe believes
  forget forgets confuse confuses undermine undermines erode erodes backfire backfires replace replaces outlast outlasts
  sucks spend spends avoid avoids struggle compounds need win listen listens care cares wait waits quit quits
  admit admits ask say says tell tells learn learns
  never rarely always`);

/** verbs that are also common plural nouns ("costs", "wins"): a verb only when an object or complement follows */
const AMBIGUOUS_VERBS = words(`works costs changes drives pays rules leads plans wins ends starts scales builds wastes breaks increases needs wants takes hire hires`);

/** irregular past tenses; regular ones end in -ed */
const PAST = words(`made took broke became gave built ran grew lost won taught went saw told cost drove sold`);

/** words that open an object or complement, showing the word before them was used as a verb */
const OBJECT_START = words(`
  a an the your our their my his her its this that these those every no more less most better worse best faster slower
  than because when if only everything nothing everyone nobody anything something twice half how what why who where
  me us them you it people teams companies too itself themselves off back out up
  stronger weaker higher lower bigger smaller fewer happier safer smarter`);

/** a subject pronoun that is not the first word opens a reduced relative clause ("the lessons I have learned") */
const PRONOUNS = words(`i we you they he she nobody everybody everyone someone no-one`);
const RELATIVES = words(`that who which whom whose`);
const PREPOSITIONS = words(`in on at for of by from to with about`);
/** heads that usually take a relative clause: "Things every founder should know", "3 mistakes founders make" */
const LIST_HEAD = /^(\d+|things|lessons|questions|mistakes|habits|skills|tools|books|signs|ways|reasons|rules|tips|myths)$/;

const QUESTION_WORDS = /^(why|how|what|when|where|who|which|whether)$/;
const INVERTED = /^(is|are|was|were|do|does|did|can|could|should|would|will|has|have|must|may|might|shall|isn't|aren't|don't|doesn't|can't|shouldn't|won't)$/;
/** imperative openings that make the topic an instruction, read as a claim: "Stop hiring for culture fit" */
const IMPERATIVE = /^(stop|quit|ditch|forget|ignore|kill|hire|fire|treat|charge|let|measure|never|always|don't)$/;
/** other verbs that start an instruction when a preposition or determiner follows: "Focus on retention", "Build in public" */
const IMPERATIVE_IF_FOLLOWED = /^(start|focus|lead|build|raise|cut|pay|sell|write|ask|listen|talk|give|take|make|get|be|do|think|plan|price|ship|delegate|automate|invest|spend|trust|share|slow|move|learn|teach|say|embrace|celebrate|document|fail)$/;
/** what follows an -ing word that makes it a gerund with an object ("hiring your first salesperson"), not a modifier ("pricing strategy") */
const GERUND_OBJECT = /^(your|a|an|the|my|our|their|through|with|without|for|in|at|on|up|out|from|to|no|yes|into|across|after|before|when|while|more|less)$/;
const FOLLOWS_INSTRUCTION = /^(on|with|in|for|to|the|your|a|an|more|less|small|fast|slow|early|often|no|like|before|after|up|out|about|what|why|who|how|them|it|people|every)$/;

const ADVERBS = /^(never|always|not|just|still|already|also|ever|really|only|actually|often|rarely)$/;
const DETERMINERS = words(`a an the your our their my his her its every no this that these those`);

const tokens = (topic: string) =>
  topic
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[\s,;:]+/)
    .map((w) => w.replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, ''))
    .filter(Boolean);

const isPlural = (w: string) => /[^s']s$/.test(w) || /^(people|staff|teams|men|women|children|leaders)$/.test(w);
const isPronoun = (w: string) => PRONOUNS.has(w) || /^(i|we|you|they)'(m|re|ve|ll|d)$/.test(w);
const startsInstruction = (first: string, second: string) =>
  IMPERATIVE.test(first) || (first === 'do' && second === 'not') || (IMPERATIVE_IF_FOLLOWED.test(first) && FOLLOWS_INSTRUCTION.test(second));

/**
 * Inside a relative clause ("meetings that could have been an email", "the lessons I have
 * learned", "a company that has never had one") a verb is not the topic's; adverbs are looked through.
 */
function inRelativeClause(w: string[], i: number): boolean {
  let b = i - 1;
  while (b > 0 && ADVERBS.test(w[b])) b--;
  return RELATIVES.has(w[b]) || (b > 0 && isPronoun(w[b])) || AUXILIARIES.has(w[b]);
}

/** Whether the word at i (never the first) reads as the topic's finite verb. */
function isFiniteVerb(w: string[], i: number): boolean {
  const [prev, word, next = ''] = [w[i - 1], w[i], w[i + 1]];
  if (inRelativeClause(w, i)) return false;
  if (AUXILIARIES.has(word)) return !PREPOSITIONS.has(prev);
  // "Most OKRs fail", "Managers never listen", "the best leaders I know admit ..."
  const subjectBefore = isPlural(prev) || isPronoun(prev) || VERBS.has(prev) || ADVERBS.test(prev) || /ly$/.test(prev);
  if (VERBS.has(word)) return /s$/.test(word) || subjectBefore;
  // "costs more", "changed how we hire", "pays for itself"
  const objectFollows = OBJECT_START.has(next) || /ly$|^\d/.test(next) || (next === 'for' && /^(itself|themselves)$/.test(w[i + 2] ?? ''));
  if (AMBIGUOUS_VERBS.has(word) || PAST.has(word) || /^[a-z]{3,}ed$/.test(word)) return objectFollows && !DETERMINERS.has(prev);
  // a one-word subject and an -s verb with an object: "Sales cures all", "Design sells itself"
  return i === 1 && /[^su'i]s$/.test(word) && !DETERMINERS.has(prev) && (DETERMINERS.has(next) || /^(all|itself|everything|nothing|more|less)$/.test(next));
}

function hasFiniteVerb(w: string[]): boolean {
  const [first = '', second = ''] = w;
  if (/^(i|we|you|they|it|that|there|here|he|she)'(s|m|re|ve|ll|d)$/.test(first) || /n't$/.test(first)) return true;
  // "Nobody reads your deck", "We need to talk about burnout"
  if (PRONOUNS.has(first) && second) return true;
  if (LIST_HEAD.test(first) && !AUXILIARIES.has(second) && second !== 'of') return false;
  return w.some((_, i) => i > 0 && isFiniteVerb(w, i));
}

/** Reads the shape of a topic as the author typed it. */
export function topicShape(raw: string): TopicShape {
  const w = tokens(raw);
  const [first = '', second = ''] = w;
  if (first === 'how' && second === 'to') return 'how-to';
  const instruction = startsInstruction(first, second);
  const inverted = INVERTED.test(first) && !instruction && !(first === 'do' && !PRONOUNS.has(second));
  if (/\?\s*$/.test(raw) || inverted || /^(why|how|what|when|where|who)'s$/.test(first)) return 'question';
  if (instruction) return 'claim';
  // "Why do OKRs fail" asks; "Why most OKR rollouts fail" or "What I learned" names a subject that fits after "about"
  if (QUESTION_WORDS.test(first)) return INVERTED.test(second) ? 'question' : 'noun';
  if (hasFiniteVerb(w)) return 'claim';
  if (/^[a-z]{3,}ing$/.test(first) && (!second || GERUND_OBJECT.test(second))) return 'gerund';
  return 'noun';
}

/** "Stop hiring for culture fit" -> "you should stop hiring for culture fit", so it can follow "that". */
export function claimClause(claim: string): string {
  const [first = '', ...rest] = claim.split(/\s+/);
  const [lower, next] = [first.toLowerCase().replace(/’/g, "'"), (rest[0] ?? '').toLowerCase()];
  if (lower === "don't") return `you shouldn't ${rest.join(' ')}`;
  if (lower === 'do' && next === 'not') return `you shouldn't ${rest.slice(1).join(' ')}`;
  return startsInstruction(lower, next) ? `you should ${lower} ${rest.join(' ')}` : claim;
}
