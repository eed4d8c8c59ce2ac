import { linkedinLengthProblem } from '@postwright/contracts';
import { AppError } from '@postwright/platform';

/**
 * LinkedIn refuses commentary over 3,000 characters with a 400. Whether the backslashes of
 * escaped characters and the hashtag templates count is undocumented, so the text is measured
 * both as written and as sent (contracts, `linkedinLengthProblem`), and refused here, in words the
 * member can act on, when either is over: a post full of reserved characters never reaches
 * LinkedIn to be refused there.
 */
export function refuseOverLinkedinLimit(text: string): void {
  const message = linkedinLengthProblem(text);
  if (message) throw AppError.badRequest(message, { text: message }, 'LINKEDIN.TOO_LONG');
}
