export const MAX_COMMENTARY = 3000;

/** LinkedIn's error bodies, as its REST API answers them (docs/linkedin.md). */
export const errors = {
  invalidToken: { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' },
  // as clients see them from LinkedIn, which tells a revoked token (65601) from an expired one (65602)
  expiredToken: { status: 401, serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' },
  revokedToken: { status: 401, serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user' },
  throttled: { serviceErrorCode: 101, message: 'Resource level throttle limit for calls to this resource is reached.', status: 429 },
  /** a member's daily limit reached, as clients log it from LinkedIn (docs/linkedin.md, "Engagement and LinkedIn's daily limits") */
  dailyLimit: {
    status: 429,
    serviceErrorCode: 101,
    code: 'TOO_MANY_REQUESTS',
    message: 'Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.',
  },
  internal: { message: 'Internal Server Error', status: 500 },
  accessDenied: (resource: string) => ({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: `Not enough permissions to access: ${resource}` }),
  retiredVersion: (version: string) => ({ status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${version} is not active` }),
  /** as clients have logged it from POST /rest/posts over the limit */
  commentaryTooLong: (commentary: string, counted = commentary.length) => ({
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `com.linkedin.content.common.exception.BadRequestResponseException: ShareCommentary text length (${counted} characters) exceeded the maximum allowed (${MAX_COMMENTARY} characters)`,
    errorDetails: {
      inputErrors: [
        { description: 'Size of array cannot be higher than the maxLength', input: { value: { stringValue: commentary } }, code: 'FIELD_ARRAY_SIZE_TOO_HIGH', maxLength: MAX_COMMENTARY },
      ],
    },
    status: 400,
  }),
  /**
   * commentary that is not little text as LinkedIn documents it (here: a hashtag template whose sign
   * is escaped). LinkedIn documents no body for it; this is the shape of its other field
   * validation answers (`ERROR :: /field :: ...`, an input error naming the field)
   */
  malformedCommentary: (problem: string) => ({
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `ERROR :: /commentary :: ${problem}`,
    errorDetails: { inputErrors: [{ description: 'Invalid little text', input: { inputPath: { fieldPath: '/commentary' } }, code: 'INVALID_VALUE' }] },
    status: 422,
  }),
  /** as clients have logged it from POST /rest/posts (no x-restli-id; the existing post only in the message) */
  duplicatePost: (existingUrn: string) => ({
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${existingUrn}`,
    errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
    status: 422,
  }),
};
