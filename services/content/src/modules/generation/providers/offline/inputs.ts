import type { GenerationInput } from '../../generation.types';
import { article, capitalise, cutAtWord, endSentence, midSentence, splitSentences, squash, stripEnd } from './text';
import { readStance } from './stance';
import { analyseTopic, type TopicVoice } from './topic';

/** What the offline generator knows about the author and the post, phrased for templates. */
export interface Voice extends TopicVoice {
  audience: string;
  /** "Most {audience} ..." reads well (a plural group, no leading article) */
  audiencePlural: boolean;
  /** where the author speaks from: "as CFO at a fintech scale-up", "in healthcare" */
  vantage: string;
  /** the author's experience as clean sentences, trimmed to a budget */
  experience: (budget: number) => string;
  /** the experience's first sentence when it opens like a story and fits a hook */
  storyOpening: string | null;
  /** "12 companies", "10 years": a count from the experience for the number hook */
  count: { value: string; noun: string } | null;
  goal: Goal;
  /**
   * a Contrarian Take whose topic is the member's own contrarian view, argued for; otherwise its
   * topic is the conventional wisdom they disagree with, argued against (stance.ts)
   */
  dissent: boolean;
}

export type Goal =
  | { kind: 'none' }
  | { kind: 'hiring' | 'leads' | 'brand' | 'network' | 'investors' | 'other' }
  | { kind: 'helping'; phrase: string };

function analyseAudience(raw: string) {
  const audience = midSentence(stripEnd(squash(raw)));
  const last = audience.split(/\s+/).pop()?.toLowerCase() ?? '';
  const plural =
    !/^(a|an|the|one|every|each|any|my|our)\b/i.test(audience) &&
    (/[^s]s$/.test(last) ||
      /^(people|staff|talent|leadership|teams?|folks|men|women|children|alumni|c-suite)$/.test(last) ||
      /\band\b|&/.test(audience) ||
      // "Founders preparing to raise", "Women in tech": a plural head, then what it does or where it is
      /^([a-z-]+[^s]s|women|men|people)\s+([a-z]+ing|in|at|of|for|with|who|on|from)\b/i.test(audience));
  return { audience, audiencePlural: plural };
}

const TITLE_START =
  /^(ceo|cfo|cto|coo|cmo|cro|cpo|cio|ciso|chro|cdo|chief|head|vp|svp|evp|avp|vice|director|founder|co-?founder|president|partner|managing|general|chair\w*|owner|principal|board|md)\b/i;
const ROLE_WORD =
  /\b(ceo|cfo|cto|coo|cmo|cro|cpo|cio|chief|head|vp|director|founder|co-?founder|president|partner|owner|manager|lead|leader|engineer|consultant|advis[oe]r|coach|recruiter|designer|analyst|marketer|developer|architect|executive|specialist|strategist|investor|officer|scientist|professor|lecturer|teacher|nurse|doctor|physician|surgeon|lawyer|attorney|counsel|accountant|writer|editor|producer|researcher|operator|entrepreneur|trainer|mentor|banker|broker|agent|planner|administrator|controller|economist|pharmacist|therapist|psychologist|realtor|freelancer|product\s+owner|pm|hr|recruiting)s?\b/i;

/** an organisation rather than a sector: "logistics scale-up" -> "at a logistics scale-up" */
const ORGANISATION =
  /(\b(start-?up|scale-?up|company|firm|fund|bank|agency|group|consultancy|business|practice|hospital|platform|brand|retailer|insurer|studio|lab|manufacturer|charity|school|university|marketplace|app)$|^(series|seed|pre-seed)\b)/i;
const isRole = (p: string) => TITLE_START.test(p) || ROLE_WORD.test(p);
/** "Enterprise Software" -> "enterprise software", keeping names such as "Series B" */
const sectorCase = (p: string) =>
  p
    .split(' ')
    .map((w, i, all) => (/^[A-Z][a-z]+$/.test(w) && !/^([A-Z]|\d+)$/.test(all[i + 1] ?? '') ? w.toLowerCase() : w))
    .join(' ');

/** "as Head of Growth in fintech", "as a marketing consultant at a logistics scale-up", "in healthcare" */
function analyseRole(raw: string): string {
  const role = stripEnd(squash(raw));
  const parts = role.split(/\s*(?:[,|/;]|\s[-–—]\s)\s*/).filter(Boolean);
  // "Serial founder, now angel investor": the current role is the one to speak from
  const current = parts.find((p) => /^now\s/i.test(p));
  const rolePart = current ? current.replace(/^now\s+/i, '') : parts.find(isRole);
  if (!rolePart) return `in ${midSentence(role)}`;
  // "Fintech / Head of Growth" -> "in fintech"; "Founder & CEO, Acme" -> "at Acme"
  const others = parts.filter((p) => p !== rolePart && p !== current && !(current && isRole(p)));
  const isSector = (p: string) =>
    midSentence(p) !== p || /^[a-z]/.test(p) || /^(saas|b2b|b2c|d2c|dtc|ai|ml|it|hr|fmcg|cpg|pe|vc|ngo|smb|sme|series|seed|pre-seed)\b/i.test(p);
  const at: string[] = [];
  const within: string[] = [];
  for (const p of others) {
    const place = sectorCase(p);
    if (!isSector(p)) at.push(p);
    else if (ORGANISATION.test(p)) at.push(/^(a|an|the|my|our)\s/i.test(place) ? place : `${article(place)} ${place}`);
    else within.push(place);
  }
  const industry = [...(at.length ? [`at ${at.join(' and ')}`] : []), ...(within.length ? [`in ${within.join(' and ')}`] : [])].join(' ');
  let as: string;
  if (TITLE_START.test(rolePart) || /^(a|an|the)\s/i.test(rolePart)) as = rolePart;
  else {
    const words = rolePart.split(/\s+/);
    const titleCase = words.length > 1 && words.every((w) => /^[A-Z0-9&]/.test(w) || /^(of|and|in|at|for|the|&)$/.test(w));
    const phrase = titleCase ? rolePart : midSentence(rolePart);
    as = `${article(phrase)} ${phrase}`;
  }
  return industry ? `as ${as} ${industry}` : `as ${as}`;
}

const PAST_VERB =
  /^(led|built|ran|grew|scaled|hired|fired|launched|founded|started|managed|spent|cut|lost|won|closed|raised|turned|moved|sold|worked|learned|learnt|made|took|helped|failed|joined|left|created|saw|watched|tried|went|had|did|got|gave|became|rolled|implemented|introduced|replaced|doubled|tripled|halved|reduced|increased|shipped|delivered|negotiated|coached|mentored|trained|rebuilt|restructured|merged|acquired|migrated|transformed|switched|quit|fought|survived|navigated|took|oversaw|drove|designed|wrote|taught|handled|owned|set|put|sat|met|ended|began|kept|missed|chose|decided|realised|realized|noticed|discovered|found|opened|partnered|pitched|presented|ran|redesigned|automated|simplified|removed|stopped|dropped|spent)$/i;

function analyseExperience(raw: string) {
  let text = squash(raw).replace(/(^|\s)i(?=[\s',’])/g, '$1I');
  const firstWord = text.split(' ')[0] ?? '';
  if (PAST_VERB.test(firstWord) || (/^[a-z]{4,}ed$/.test(firstWord) && !/^(need|feed|seed|speed|bed|red)$/.test(firstWord))) {
    text = `I ${text[0].toLowerCase()}${text.slice(1)}`;
  } else if (/^(have|had|been)\b/i.test(firstWord)) {
    text = `I ${text[0].toLowerCase()}${text.slice(1)}`;
  }
  text = endSentence(capitalise(text));
  const sentences = splitSentences(text);

  const experience = (budget: number) => {
    let out = '';
    for (const sentence of sentences) {
      const next = out ? `${out} ${sentence}` : sentence;
      if (next.length > budget && out) break;
      out = next;
    }
    return out.length > Math.max(budget, 160) ? endSentence(cutAtWord(out, Math.max(budget, 160))) : out;
  };

  const first = sentences[0] ?? text;
  const storyOpening =
    first.length <= 150 && /^(when|in|last|after|before|during|at|two|three|four|five|six|ten|a few|years|one|on|my|our|we|I)\b/i.test(first) ? first : null;

  const countMatch = /\b(\d{1,3}(?:,\d{3})*|\d+(?:\.\d+)?)\s+([a-z]+s)\b/i.exec(text);
  const count =
    countMatch && !/^(19|20)\d\d$/.test(countMatch[1]) && !/^(percent|times|minutes|seconds|hours)$/i.test(countMatch[2])
      ? { value: countMatch[1], noun: countMatch[2].toLowerCase() }
      : null;

  return { experience, storyOpening, count };
}

function analyseGoal(raw: string | null): Goal {
  const goal = raw ? stripEnd(squash(raw)) : '';
  if (!goal) return { kind: 'none' };
  const helping = /^(?:to\s+)?help(?:ing)?\s+(.+)$/i.exec(goal);
  if (helping) return { kind: 'helping', phrase: `helping ${helping[1]}` };
  const g = goal.toLowerCase();
  if (/\b(hir(e|es|ing)|recruit\w*|talent|candidates?|join (my|our|the) team|open roles?|job)\b/.test(g)) return { kind: 'hiring' };
  if (/\b(invest\w*|fund(ing|raise|raising)?|raise (a|our|my)|capital|vcs?)\b/.test(g)) return { kind: 'investors' };
  if (/\b(leads?|clients?|customers?|sales?|sell\w*|book\w*|calls?|demos?|consult\w*|pipeline|revenue|deals?|prospects?|business|inbound|conversions?|buyers?|contracts?|projects?|engagements?)\b/.test(g))
    return { kind: 'leads' };
  if (/\b(brand\w*|authority|thought leader\w*|followers?|audience|visib\w*|reputation|credib\w*|expert\w*|known|profile|speak\w*|influence|awareness|trust|educat\w*|teach\w*|share)\b/.test(g))
    return { kind: 'brand' };
  if (/\b(network\w*|connect\w*|communit\w*|relationships?|partners?\w*|collaborat\w*|peers?|meet\w*)\b/.test(g)) return { kind: 'network' };
  return { kind: 'other' };
}

export function analyseInputs(input: GenerationInput): Voice {
  const stance = input.contentType === 'controversial' ? readStance(input.topic) : { topic: input.topic, dissent: false };
  return {
    ...analyseTopic(stance.topic),
    dissent: stance.dissent,
    ...analyseAudience(input.targetAudience),
    vantage: analyseRole(input.industryRole),
    ...analyseExperience(input.personalExperience),
    goal: analyseGoal(input.businessGoal),
  };
}
