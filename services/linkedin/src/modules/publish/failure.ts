import type { AppError } from '@postwright/platform';
import { isLinkedinApiError, type LinkedinApiError } from '../../lib/linkedin-api';
import { messages } from '../../lib/messages';
import { isReconnectError } from '../connection/access.use-case';

/** Why a publish did not happen, as the pipeline knows it (routes and events put it in words). */
export type PublishFailure =
  /** LinkedIn has this text from another of the member's items: it will not take it twice */
  | { kind: 'duplicate-of-other-item'; url: string }
  /** LinkedIn names a post with this text that none of our attempts can have made: the member's to sort out */
  | { kind: 'duplicate-not-ours'; urn: string }
  /** the member has to connect or reconnect LinkedIn */
  | { kind: 'connection'; error: AppError }
  /** LinkedIn's answer, classified */
  | { kind: 'linkedin'; error: LinkedinApiError }
  /** anything else (the network, the store): nothing was posted */
  | { kind: 'unexpected'; error: unknown };

/** LinkedIn refused the text as a duplicate of a post that another of the member's items published. */
export class DuplicateOfOtherItem extends Error {
  constructor(readonly url: string) {
    super(messages.duplicateOfOtherItem(url));
  }
}

/**
 * LinkedIn refused the text as a duplicate of a post that cannot be this item's: one made before
 * our first attempt (written by hand on LinkedIn, or deleted and still named as a ghost).
 */
export class DuplicateNotOurs extends Error {
  constructor(readonly urn: string) {
    super(messages.duplicateNotOurs);
  }
}

export function classify(error: unknown): PublishFailure {
  if (error instanceof DuplicateOfOtherItem) return { kind: 'duplicate-of-other-item', url: error.url };
  if (error instanceof DuplicateNotOurs) return { kind: 'duplicate-not-ours', urn: error.urn };
  if (isReconnectError(error)) return { kind: 'connection', error: error as AppError };
  if (isLinkedinApiError(error)) return { kind: 'linkedin', error };
  return { kind: 'unexpected', error };
}

/** A failure in words for the item's card, and whether the scheduler should try again later. */
export function failureReason(failure: PublishFailure): { reason: string; retryable: boolean } {
  switch (failure.kind) {
    case 'duplicate-of-other-item':
      return { reason: messages.duplicateOfOtherItem(failure.url), retryable: false };
    case 'duplicate-not-ours':
      return { reason: messages.duplicateNotOurs, retryable: false };
    case 'connection':
      return { reason: failure.error.message, retryable: false };
    case 'unexpected':
      return { reason: messages.reasonUnavailable, retryable: true };
    case 'linkedin':
      return linkedinReason(failure.error);
  }
}

function linkedinReason(error: LinkedinApiError): { reason: string; retryable: boolean } {
  switch (error.kind) {
    case 'throttled':
      return { reason: messages.reasonRateLimited, retryable: true };
    case 'unavailable':
    case 'not-found':
      return { reason: messages.reasonUnavailable, retryable: true };
    case 'retired-version':
      return { reason: messages.apiVersionRetired, retryable: false };
    case 'forbidden':
      return { reason: messages.forbidden, retryable: false };
    case 'unauthorized':
      return { reason: messages.reconnect, retryable: false };
    case 'rejected':
      return { reason: messages.rejected(error.message), retryable: false };
    case 'too-long':
      return { reason: messages.tooLongAtLinkedin, retryable: false };
    case 'duplicate':
    case 'unknown-outcome':
      return { reason: messages.unconfirmed, retryable: false };
  }
}
