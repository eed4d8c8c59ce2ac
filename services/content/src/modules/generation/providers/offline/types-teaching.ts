/** The offline writer's framework, insight and learning posts (the other types: types.ts). */
import type { Voice } from './inputs';
import { byShape } from './topic';
import { picker } from './text';
import { arrows, bullets, closing, type Block } from './blocks';

interface Method {
  name: string;
  steps: string[];
  start: string;
}

function methods(v: Voice): Method[] {
  const today = 'what you do today on this front';
  const mapped = byShape(v, { subject: () => `everything you currently do about ${v.topicRef}`, own: () => today, question: () => today, claim: () => today });
  return [
    {
      name: 'the 4D method: Define, Diagnose, Decide, Debrief',
      steps: [
        "Define: write down, in one sentence, what success looks like 90 days from now. If you can't, nothing else will stick.",
        'Diagnose: find the one constraint that blocks it. Ask the people closest to the work; they usually know.',
        'Decide: choose one change and put one name next to it. One change finished beats five started.',
        "Debrief: after two weeks, look at what moved and what didn't. Keep what worked, drop the rest, repeat.",
      ],
      start: "How to start this week: give step one 20 minutes on Monday morning. Write the sentence down and share it with one colleague. That's it.",
    },
    {
      name: 'Map, Cut, Test, Scale',
      steps: [
        `Map: list ${mapped}, and what each item really costs in time.`,
        "Cut: remove the bottom third. Almost nobody will miss it, and you'll get hours back.",
        'Test: try one new approach with a small group for two weeks, and agree up front what result counts as success.',
        "Scale: roll it out only once the test shows it works, and write the playbook while it's fresh.",
      ],
      start: "How to start this week: block 30 minutes and do the map. Just the list, no fixing yet. You'll be surprised by what's on it.",
    },
    {
      name: 'Ask, Align, Act, Adjust',
      steps: [
        'Ask: before changing anything, ask the people affected what they need. Listen for what they repeat.',
        'Align: agree on one measure of progress everyone can see. Two people measuring different things will pull in different directions.',
        'Act: make the smallest change that could move that measure, this week, not next quarter.',
        'Adjust: review every two weeks and change course on evidence, not on opinions.',
      ],
      start: "How to start this week: have three short conversations and ask only one question: what's getting in your way?",
    },
  ];
}

export function framework(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const method = p.one(methods(v));
  const problem = byShape(v, {
    subject: () => {
      const subject = v.topicNoun !== 'this' ? v.topicNoun : v.topic;
      return v.audiencePlural
        ? `Most ${v.audience} I talk to don't have an effort problem when it comes to ${subject}. They have a method problem: every time it comes up, they start from a blank page.`
        : `Everyone has an opinion about ${v.topic}. Far fewer people have a simple, repeatable way to act on it, so every time it comes up, they start from a blank page.`;
    },
    own: () =>
      `I want to talk about ${v.topic}, and the method that came out of it. ${v.audiencePlural ? `Most ${v.audience} I talk to` : 'Most people'} don't have an effort problem. They have a method problem: every time it comes up, they start from a blank page.`,
    question: (q) =>
      v.audiencePlural
        ? `Most ${v.audience} I talk to have asked ${q} more than once. What they lack is a method: every time it comes up, they answer it from a blank page.`
        : `Everyone has an opinion on ${q} Far fewer people have a simple, repeatable way to answer it, so every time it comes up, they start from a blank page.`,
    claim: (c) => {
      if (c.personal) return `${c.sentence} Looking back, the problem wasn't effort. It was the lack of a method: every time it came up, we started from a blank page.`;
      return v.audiencePlural
        ? `Most ${v.audience} I talk to agree that ${c.clause}. What they lack is a method: every time it comes up, they start from a blank page.`
        : `Most people agree that ${c.clause}. Far fewer have a simple, repeatable way to act on it, so every time it comes up, they start from a blank page.`;
    },
  });
  return [
    { text: problem },
    { text: `So here's the framework I use. I call it ${method.name}.` },
    { text: method.steps.map((s, i) => `${i + 1}. ${s}`).join('\n\n') },
    { text: `Where it comes from: ${exp}` },
    {
      text: `Working ${v.vantage}, I needed something simple enough to use on a busy Tuesday, not a model that only works on a whiteboard.`,
      optional: 1,
    },
    { text: method.start },
    {
      text: `Nobody needs another 40-page strategy, least of all ${v.audience}. What helps is a next step you can take between meetings.`,
      optional: 2,
    },
    { text: 'The order matters. Most people jump straight to step three, which is why the same problems keep coming back.', optional: 3 },
    {
      text: 'Why four steps and not ten? Because a method you can remember under pressure beats a perfect one you have to look up.',
      optional: 4,
    },
    { text: 'Which step would be hardest for you? Tell me in the comments. I read every one.' },
    ...closing(v),
  ];
}

export function insight(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const opening = p.one(
    byShape(v, {
      subject: () => [
        `Something is shifting around ${v.topic}, and most people are still looking the other way.`,
        `There's a quiet shift happening around ${v.topic}. It isn't in the headlines yet, but you can see it if you know where to look.`,
      ],
      own: () => [
        `I want to talk about ${v.topic}, because it says a lot about a shift most people are still missing.`,
        `I keep coming back to ${v.topic}. It points to a quiet shift that isn't in the headlines yet, but you can see it if you know where to look.`,
      ],
      question: (q) => [
        `The answer to ${q} is shifting, and most people are still looking the other way.`,
        `There's a quiet shift happening in how people answer ${q} It isn't in the headlines yet, but you can see it if you know where to look.`,
      ],
      claim: (c) =>
        c.personal
          ? [
              `${c.sentence} I didn't expect to write that, but it says a lot about where things are heading, and most people are still looking the other way.`,
              `${c.sentence} That's my own experience, and I think it points to a quiet shift that isn't in the headlines yet.`,
            ]
          : [
              `A few years ago, saying ${c.quoted} would have started an argument. Now it's getting hard to deny, and most people are still looking the other way.`,
              `There's a quiet shift happening: more and more, the evidence says ${c.clause}. It isn't in the headlines yet, but you can see it if you know where to look.`,
            ],
    }),
  );
  const shift = p.one([
    'The shift: the advantage is moving from doing more to deciding better. Volume used to win. Now judgement does.',
    "The shift: what used to be a specialist's job is becoming everyone's job, and the people who treat it that way are pulling ahead.",
    'The shift: long plans are giving way to short cycles. The teams that learn fastest now beat the teams that plan best.',
  ]);
  const signals = p.some(
    [
      'Decisions that used to take a month are now expected in a week.',
      'The old benchmarks are losing their meaning, and nobody has agreed on new ones yet.',
      'The people who adapted early are pulling ahead, and the gap is compounding.',
      'Budgets are moving to whatever shows results in one quarter, not one year.',
      'The question in the room has changed from "should we?" to "how fast can we?"',
    ],
    3,
  );
  const who = v.audiencePlural ? v.audience : 'peers';
  return [
    { text: opening },
    { text: shift },
    { text: `Where I'm coming from: ${exp} Working ${v.vantage}, you learn to spot the small changes before they turn into big ones.` },
    { text: `And it isn't just me. The same three signals keep coming up in my conversations with ${who}:\n${bullets(signals)}` },
    {
      text: `What it means for ${v.audience}: the window to adapt is open now, while it's still a choice rather than a catch-up exercise. Pick one area where this shift touches your work and run a small experiment this month.`,
    },
    { text: "Trends don't announce themselves. They show up as small anomalies that are easy to dismiss, until they aren't.", optional: 1 },
    { text: "I could be early on this. But I'd rather be early and adjust than late and explain why.", optional: 2 },
    {
      text: 'None of this means the fundamentals stop mattering. It means the way we apply them is changing, and the people who notice first get to shape what comes next.',
      optional: 3,
    },
    {
      text: "If you're in a position to shape how your organisation responds, this is the moment to start the conversation, not the moment to wait for certainty.",
      optional: 4,
    },
    { text: "What are you seeing in your corner of the industry? The same shift, or something different?" },
    ...closing(v),
  ];
}

export function learning(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const habits = p.some(
    [
      'I ask for feedback before I think I need it.',
      "I share what didn't work, not just the wins.",
      'I make time for conversations that have no agenda.',
      'I say thank you specifically, not generally.',
      'I give credit in public and advice in private.',
    ],
    3,
  );
  const especially = v.audiencePlural ? `especially ${v.audience}` : `especially if you're ${v.audience}`;
  const whoTaught = byShape(v, {
    subject: () => `who taught you the most about ${v.topicRef}`,
    own: () => 'who helped you through something like this',
    question: () => 'who helped you find your answer',
    claim: () => 'who taught you something like this',
  });
  return [
    {
      text: byShape(v, {
        subject: () => `Nobody figures out ${v.topic} alone. I certainly didn't.`,
        own: () => `When I think about ${v.topic}, I think about the people who helped me through it.`,
        question: (q) => `Nobody works out the answer to ${q} alone. I certainly didn't.`,
        claim: (c) => `${c.sentence} Like most of what I know, I learned that from other people.`,
      }),
    },
    {
      text: `Looking back on my work ${v.vantage}, the biggest lessons didn't come from books or courses. They came from people: a manager who told me the truth when it was uncomfortable, a colleague who shared what hadn't worked for them, a client who asked the question nobody else would.`,
    },
    { text: `One of those lessons still shapes how I work. ${exp}` },
    { text: `Because of it, I now do three things differently:\n${arrows(habits)}` },
    { text: "It's easy to forget how much of what we call experience is borrowed from the people around us.", optional: 1 },
    { text: 'To everyone who has shared a hard-won lesson with me: thank you. You made the work better, and you made me better at it.' },
    { text: 'The best thing any of us can do with a lesson like that is pass it on.', optional: 2 },
    {
      text: 'None of these people were trying to teach me anything. They were simply generous with what they knew, at a moment when I needed it.',
      optional: 3,
    },
    {
      text: 'So when someone asks me for ten minutes, I try to say yes. Those ten minutes might be the lesson they carry for the next ten years.',
      optional: 4,
    },
    { text: `Now I'd love to hear from you, ${especially}: ${whoTaught}, and what did they teach you?` },
    ...(v.goal.kind === 'none' ? [{ text: "And if we're not connected yet, let's fix that. I read every note." }] : closing(v)),
  ];
}
