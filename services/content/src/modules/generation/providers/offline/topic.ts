/** The topic as the templates need it, phrased for its shape (the shape: topic-shape.ts). */
import { capitalise, endSentence, gerund, midSentence, squash, stripEnd } from './text';
import { claimClause, topicShape, type TopicShape } from './topic-shape';

/** A claim topic, phrased for the places a claim can go. */
export interface Claim {
  /** after "that": "meetings are a tax on execution"; an instruction as "you should stop ..." */
  clause: string;
  /** the author's own sentence: "Meetings are a tax on execution." */
  sentence: string;
  /** inside a sentence, in quotes and without its full stop: “Meetings are a tax on execution” */
  quoted: string;
  /**
   * it speaks of the author or the reader ("I was wrong about remote work", "Your board deck is
   * too long"): only the author can say it, so it is never put in anyone else's mouth
   */
  personal: boolean;
}

export interface TopicVoice {
  shape: TopicShape;
  /**
   * for "about {topic}" positions: the topic as typed when it is a noun phrase, a gerund or a
   * clause ("how to run a board meeting", "why most OKR rollouts fail"); a question in quotes;
   * a claim as "the idea that ..." (claim templates use `claim` instead)
   */
  topic: string;
  /** for sentence starts */
  Topic: string;
  /** for positions that need a noun ("a method for {topicNoun}"): the topic when it is one, else "this" */
  topicNoun: string;
  /** the topic is a quoted question: it should not be followed by punctuation */
  topicQuoted: boolean;
  /** the topic is short enough to repeat without making the post heavy */
  topicRepeatable: boolean;
  /** a later mention of the topic after "about": the topic itself when short, else "this" */
  topicRef: string;
  /** the topic names the author's own story ("our Series B fundraise", "why I left consulting"): nobody else knows it */
  topicOwn: boolean;
  /** the topic when it is a claim ("Remote work kills mentoring"), else null */
  claim: Claim | null;
  /** the topic when it is a direct question, quoted: “Should we hire generalists?”, else null */
  question: string | null;
}

interface Wordings<T> {
  /** a noun phrase, gerund, "how to" phrase or clause: it fits "about {topic}" */
  subject: () => T;
  /** the same, but the author's own story: said by the author, never asked of the reader */
  own: () => T;
  question: (q: string) => T;
  claim: (c: Claim) => T;
}

/** Picks the wording written for the topic's shape. */
export function byShape<T>(v: TopicVoice, wordings: Wordings<T>): T {
  if (v.claim) return wordings.claim(v.claim);
  if (v.question) return wordings.question(v.question);
  return v.topicOwn ? wordings.own() : wordings.subject();
}

const MENTION_MAX = 60;
const NOUN_MAX = 70;
const FIRST_PERSON = /\b(i|me|my|we|us|our)\b/i;

export function analyseTopic(raw: string): TopicVoice {
  const typed = stripEnd(squash(raw));
  const shape = topicShape(raw);
  const claim: Claim | null =
    shape === 'claim'
      ? {
          clause: midSentence(claimClause(typed)),
          sentence: endSentence(capitalise(typed)),
          quoted: `“${capitalise(typed)}”`,
          personal: FIRST_PERSON.test(typed) || /\b(you|your)\b/i.test(typed),
        }
      : null;
  // a direct question ("Should we hire generalists?") cannot follow "about" as it is; quoted, it reads as the question it is
  const question = shape === 'question' ? `“${capitalise(typed)}?”` : null;
  const own = !claim && !question && FIRST_PERSON.test(typed);
  const about = claim ? `the idea that ${claim.clause}` : (question ?? midSentence(typed));

  let noun: string | null = null;
  const howTo = /^how\s+to\s+([a-z-]+)\b(.*)$/i.exec(typed);
  if (howTo) noun = `${gerund(howTo[1])}${howTo[2]}`;
  // "why most OKR rollouts fail" fits after "about" but not where a noun must stand
  else if ((shape === 'noun' || shape === 'gerund') && !own && !/^(why|how|what|when|where|who|which|whether)\b/i.test(typed)) noun = midSentence(typed);
  const topicNoun = noun && noun.length <= NOUN_MAX ? noun : 'this';

  const mention = howTo ? topicNoun : about;
  return {
    shape,
    topic: about,
    Topic: question ?? capitalise(about),
    topicQuoted: question !== null,
    topicNoun,
    topicRepeatable: (claim?.clause ?? about).length <= MENTION_MAX,
    topicRef: !claim && !question && !own && mention !== 'this' && mention.length <= MENTION_MAX ? mention : 'this',
    topicOwn: own,
    claim,
    question,
  };
}
