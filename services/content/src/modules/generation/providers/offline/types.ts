import type { ContentType } from '@postwright/contracts';
import { goalLine } from './goal';
import type { Voice } from './inputs';
import { picker } from './text';

/** A paragraph of the post; optional ones are added, by priority, only while the post stays within length. */
export interface Block {
  text: string;
  optional?: number;
}

const numbered = (lines: string[]) => lines.map((l, i) => `${i + 1}. ${l}`).join('\n');
const arrows = (lines: string[]) => lines.map((l) => `→ ${l}`).join('\n');
const bullets = (lines: string[]) => lines.map((l) => `• ${l}`).join('\n');

function closing(v: Voice): Block[] {
  const line = goalLine(v);
  return line ? [{ text: line }] : [];
}

function controversial(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const claim = p.one([
    `I'll put it plainly: the standard advice about ${v.topic} sounds right, gets shared everywhere, and quietly holds people back.`,
    `Unpopular opinion: the conventional wisdom about ${v.topic} is doing more harm than good.`,
    `Let me say what a lot of people think but rarely post: the usual thinking about ${v.topic} doesn't work the way we pretend it does.`,
  ]);
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
  const scene = p.one([
    `Working ${v.vantage}, I've learned that the real story is rarely in the quarterly update. It's in the moments nobody posts about. Here's one of mine, and what it taught me about ${v.topic}.`,
    `Most of what shaped how I think about ${v.topic} happened behind closed doors, far from the highlight reel of my work ${v.vantage}. Let me take you behind the scenes of one of those moments.`,
  ]);
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

interface Method {
  name: string;
  steps: string[];
  start: string;
}

function methods(v: Voice): Method[] {
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
        `Map: list everything you currently do about ${v.topicRef}, and what each item really costs in time.`,
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

function framework(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const method = p.one(methods(v));
  const subject = v.topicNoun !== 'this' ? v.topicNoun : v.topic;
  const problem = v.audiencePlural
    ? `Most ${v.audience} I talk to don't have an effort problem when it comes to ${subject}. They have a method problem: every time it comes up, they start from a blank page.`
    : `Everyone has an opinion about ${v.topic}. Far fewer people have a simple, repeatable way to act on it, so every time it comes up, they start from a blank page.`;
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

function insight(v: Voice, seed: number, exp: string): Block[] {
  const p = picker(seed);
  const opening = p.one([
    `Something is shifting around ${v.topic}, and most people are still looking the other way.`,
    `There's a quiet shift happening around ${v.topic}. It isn't in the headlines yet, but you can see it if you know where to look.`,
  ]);
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

function learning(v: Voice, seed: number, exp: string): Block[] {
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
  return [
    { text: `Nobody figures out ${v.topic} alone. I certainly didn't.` },
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
    { text: `Now I'd love to hear from you, ${especially}: who taught you the most about ${v.topicRef}, and what did they teach you?` },
    ...(v.goal.kind === 'none' ? [{ text: "And if we're not connected yet, let's fix that. I read every note." }] : closing(v)),
  ];
}

export const composers: Record<ContentType, (v: Voice, seed: number, exp: string) => Block[]> = {
  controversial,
  story,
  framework,
  insight,
  learning,
};

