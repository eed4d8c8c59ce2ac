import type { Voice } from './inputs';

/** The closing line that quietly serves the author's business goal (never states it). */
export function goalLine(v: Voice): string | null {
  switch (v.goal.kind) {
    case 'none':
      return null;
    case 'hiring':
      return "P.S. We're hiring people who think this way. If that's you, or someone you know, send me a message.";
    case 'leads':
      return "P.S. If this is a live issue for you right now, send me a message. I'm always happy to compare notes.";
    case 'brand':
      return `P.S. I share what I learn ${v.vantage} every week. Follow along if this was useful.`;
    case 'network':
      return "P.S. I'm always glad to meet people working on this. Send me a connection request with a note about what you're tackling.";
    case 'investors':
      return "P.S. If you back teams working on this, I'd be glad to compare notes.";
    case 'helping':
      return `P.S. This is why I spend my time ${v.goal.phrase}. If that's useful to you, my inbox is open.`;
    case 'other':
      return "P.S. If this resonates, send me a message. I'd like to hear how you're approaching it.";
  }
}
