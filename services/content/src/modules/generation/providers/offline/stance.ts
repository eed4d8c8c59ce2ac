/**
 * Which side of a Contrarian Take's topic the member is on. The form asks "What conventional
 * wisdom do you disagree with?", so the topic is the common view and the post argues against
 * it. Some members type their own contrarian view instead ("Stop hiring for culture fit",
 * "Culture fit is overrated", "Unpopular opinion: ..."): a topic that plainly says it
 * disagrees, or speaks in the first person, is the member's view and the post argues for it.
 * A small word list, not a parser: when nothing in the topic says disagreement, it is what the
 * form asked for. Questions take no side.
 */

/** a label the member put in front of their own view; it is not part of the topic */
const LABEL = /^(unpopular opinion|hot take|controversial (opinion|take)|contrarian (view|take)|my (honest )?take)\s*[:,\-–—]\s*/i;
/** openings that tell people to give up a common practice */
const OPENS_AGAINST = /^(stop|quit|ditch|forget|enough with|no more|(it's )?time to stop|contrary to)\b/i;
/** verdicts against the belief named in the topic */
const VERDICT =
  /\b(overrated|over-rated|overhyped|a myth|the myth|is dead|are dead|is broken|are broken|a lie|a trap|a waste|is wrong|are wrong|hold(s|ing)? (\S+ ){1,3}back|held (\S+ ){1,3}back|(doesn't|don't|does not|do not|no longer) work|more harm than good|is killing|are killing|backfires?)\b/i;
/** the member speaking for themselves: their view, not everyone's ("US" is a country, not "us") */
const FIRST_PERSON = /\b(I|I'm|I've|I'd|[Mm]e|[Mm]y|[Ww]e|[Ww]e're|[Ww]e've|us|[Oo]ur)\b/;

export interface Stance {
  /** the topic without a label such as "Unpopular opinion:" */
  topic: string;
  /** the topic is the member's own contrarian view (argued for), not the wisdom they disagree with (argued against) */
  dissent: boolean;
}

export function readStance(raw: string): Stance {
  const plain = raw.replace(/[’‘]/g, "'").trim();
  const labelled = LABEL.exec(plain);
  const topic = labelled ? raw.trim().slice(labelled[0].length) : raw;
  const text = labelled ? plain.slice(labelled[0].length) : plain;
  if (/\?\s*$/.test(text)) return { topic, dissent: false };
  return { topic, dissent: Boolean(labelled) || OPENS_AGAINST.test(text) || VERDICT.test(text) || FIRST_PERSON.test(text) };
}
