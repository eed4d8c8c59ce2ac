import { linkedinLength, POST_MAX_LENGTH } from '@postwright/contracts';
import { AppError } from '@postwright/platform';
import { messages } from '../../lib/messages';

/**
 * LinkedIn refuses commentary over 3,000 characters with a 400. Whether the backslashes of
 * escaped characters and the hashtag templates count is undocumented, so the text is measured
 * both as written and as sent, and refused here, in words the member can act on, when either is
 * over: a post full of reserved characters never reaches LinkedIn to be refused there.
 */
export function refuseOverLinkedinLimit(text: string): void {
  const { written, sent } = linkedinLength(text);
  const message = written > POST_MAX_LENGTH ? messages.tooLong(written) : sent > POST_MAX_LENGTH ? messages.tooLongAsSent(sent) : null;
  if (message) throw AppError.badRequest(message, { text: message }, 'LINKEDIN.TOO_LONG');
}
