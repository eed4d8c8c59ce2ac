import type { ContentType } from '@postwright/contracts';
import type { Voice } from './inputs';
import { byShape, type Claim } from './topic';
import { picker } from './text';
import { arrows, closing, numbered, type Block } from './blocks';
import { framework, insight, learning } from './types-teaching';

export type { Block } from './blocks';

/** The member's own contrarian view ("Stop hiring for culture fit"): said as theirs. */
const viewOpenings = (c: Claim) =>
  c.personal
    ? [
        `I'll put it plainly: ${c.clause}. That goes against most of the advice out there.`,
        `Here's something I rarely see posted: ${c.clause}.`,
        `${c.sentence} It took me a while to say that out loud.`,
      ]
    : [
        `I'll put it plainly: ${c.clause}. Most people agree in private, then carry on as if it weren't true.`,
        `My honest view: ${c.clause}. I didn't start out believing it. Experience changed my mind.`,
        `Let me say what a lot of people think but rarely post: ${c.clause}. The standard advice pretends otherwise.`,
      ];

/** The conventional wisdom the member disagrees with (what the form asks for): named as the common view, then disputed. */
const wisdomOpenings = (c: Claim) => [
  `We're told that ${c.clause}. I disagree, and my own experience is why.`,
  `Everyone in our field has heard ${c.quoted}. I disagree. I used to believe it too, until I saw what it costs.`,
  `Most of the advice out there says ${c.clause}. I disagree, and I've seen why up close.`,
];

/** A Contrarian Take: against the topic when it is the common view, for it when it is the member's own view (stance.ts). */
function controversial(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const claim = p.one(
    byShape(v, {
      subject: () =>
        v.dissent
          ? [
              `I want to talk about ${v.topic}, because what I've seen goes against most of the standard advice.`,
              `Here's a view I rarely see posted: ${v.topic}. What I've seen goes against most of the standard advice.`,
            ]
          : [
              `I'll put it plainly: the standard advice about ${v.topic} sounds right, gets shared everywhere, and quietly holds people back.`,
              `Unpopular opinion: the conventional wisdom about ${v.topic} is doing more harm than good.`,
              `Let me say what a lot of people think but rarely post: the usual thinking about ${v.topic} doesn't work the way we pretend it does.`,
            ],
      own: () => [
        `I want to talk about ${v.topic}, because what I learned goes against most of the standard advice.`,
        `Here's a story I rarely share: ${v.topic}. It taught me that the usual advice doesn't work the way we pretend it does.`,
      ],
      question: (q) => [
        `I'll put it plainly: the standard answer to ${q} sounds right, gets shared everywhere, and quietly holds people back.`,
        `Unpopular opinion: the conventional answer to ${q} is doing more harm than good.`,
        `Let me say what a lot of people think but rarely post: the usual answer to ${q} doesn't hold up the way we pretend it does.`,
      ],
      claim: (c) => (v.dissent ? viewOpenings(c) : wisdomOpenings(c)),
    }),
  );
  const reasons = p.some(
    [
      'It optimises for what is easy to measure, not for what actually changes the outcome.',
      'It copies what worked for someone else, with a different team, budget and timeline.',
      'It treats the symptom as the cause, so the same problem comes back a quarter later.',
      'It adds process where the real gap is a decision nobody wants to make.',
      'It rewards looking busy over being right.',
      'It assumes there is time to do everything properly. There rarely is.',
    ],
    3,
  );
  const proof = p.one([
    `I know this because I've lived it ${v.vantage}. ${exp}`,
    `This isn't theory for me. Working ${v.vantage}, I've seen it up close. ${exp}`,
  ]);
  const instead = p.some(
    [
      "Name the one outcome that matters most in the next 90 days, and let everything that doesn't serve it wait.",
      'Run a small test before you roll anything out. Two weeks of real evidence beats two months of planning.',
      'Ask the people closest to the work what is actually in the way, then remove that first.',
      "Decide what you'll stop doing. Most progress comes from subtraction, not addition.",
      'Make the trade-off explicit and put one name next to it.',
    ],
    3,
  );
  const question = p.one([
    'Where do you stand? If you disagree, I genuinely want to hear why. Tell me in the comments.',
    `Am I wrong here? What has your own experience with ${v.topicNoun} taught you?`,
  ]);
  return [
    { text: claim },
    { text: `This matters most for ${v.audience}, because that is where the gap between theory and reality is widest.` },
    { text: `Why does the common view fail? Three reasons:\n${numbered(reasons)}` },
    { text: proof },
    { text: 'That experience taught me to question the default answer, especially when everyone in the room agrees with it.', optional: 1 },
    { text: `So what should you do instead?\n${arrows(instead)}` },
    { text: "None of this is glamorous. It won't make a great conference slide. But it works, and it keeps working when the pressure is on.", optional: 2 },
    {
      text: 'Being contrarian is not about disagreeing for the sake of it. It is about checking whether the popular answer still holds up against what you see every day.',
      optional: 3,
    },
    { text: "I've changed my mind on plenty of things over the years. This isn't one of them.", optional: 4 },
    { text: question },
    ...closing(v),
  ];
}

function story(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const behindTheScenes = `Working ${v.vantage}, I've learned that the real story is rarely in the quarterly update. It's in the moments nobody posts about.`;
  const scene = p.one(
    byShape(v, {
      subject: () => [
        `${behindTheScenes} Here's one of mine, and what it taught me about ${v.topic}.`,
        `Most of what shaped how I think about ${v.topic} happened behind closed doors, far from the highlight reel of my work ${v.vantage}. Let me take you behind the scenes of one of those moments.`,
      ],
      own: () => [
        `${behindTheScenes} Here's one of mine: ${v.topic}.`,
        `I rarely talk about ${v.topic}. It happened far from the highlight reel of my work ${v.vantage}, so let me take you behind the scenes.`,
      ],
      question: (q) => [
        `${behindTheScenes} Here's one of mine, and how it changed my answer to ${q}`,
        `My answer to ${q} wasn't shaped in a strategy session. It was shaped behind closed doors, far from the highlight reel of my work ${v.vantage}. Let me take you behind the scenes.`,
      ],
      claim: (c) => [
        `${behindTheScenes} Here's one of mine, and how it taught me that ${c.clause}.`,
        c.personal
          ? `${c.sentence} The story behind that sentence never made it into a results slide from my work ${v.vantage}. Let me take you behind the scenes.`
          : `I didn't always believe ${c.clause}. What changed my mind happened behind closed doors, far from the highlight reel of my work ${v.vantage}. Let me take you behind the scenes.`,
      ],
    }),
  );
  const tension = p.one([
    "At the time it didn't feel like a lesson. It felt like pressure: people waiting on a decision, no obvious right answer, and a growing sense that the usual playbook wouldn't get us through.",
    "I'll be honest: I wasn't sure I was getting it right. There was real pressure, plenty of opinions, no clean answer, and the easy move was to do what everyone expected.",
  ]);
  const turn = p.one([
    'The turn came when I stopped trying to look certain and started asking better questions. What are we actually trying to protect? What would we do if we were starting from zero? Who is closest to the problem, and have we really listened to them?',
    "What changed things wasn't a new tool or a bigger budget. It was a conversation. Someone asked the question everyone had been avoiding, and once it was said out loud, the next step became obvious.",
  ]);
  const lessons = p.some(
    [
      'The plan matters less than the quality of the conversations behind it.',
      'Clarity creates speed. Pressure only creates motion.',
      'The people doing the work usually see the answer first.',
      'Saying "I don\'t know yet" out loud builds more trust than a confident guess.',
      'Small decisions made early beat big decisions made late.',
    ],
    3,
  );
  return [
    { text: scene },
    { text: `Here's what happened. ${exp}` },
    { text: tension },
    { text: turn },
    { text: `What it taught me, in three lines:\n${arrows(lessons)}` },
    { text: `For ${v.audience}: you'll face a version of this sooner or later. When you do, slow down for an hour before you speed up for a month.` },
    {
      text: "I don't share this because it ended neatly. I share it because the messy middle is where most of the learning happens, and we rarely talk about it.",
      optional: 1,
    },
    { text: 'None of it shows up in a results slide. All of it shows up in how a team works the next time things get hard.', optional: 2 },
    { text: "If I had to do it again, I'd ask those questions on day one, not once the pressure was already on.", optional: 3 },
    { text: "What's a moment behind the scenes that changed how you work? I'd love to hear it in the comments." },
    ...closing(v),
  ];
}

export const composers: Record<ContentType, (v: Voice, seed: number, exp: string) => Block[]> = {
  controversial,
  story,
  framework,
  insight,
  learning,
};

