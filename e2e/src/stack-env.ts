/**
 * What every journey stack runs with: test mode in a namespace of its own, and limits loose
 * enough for journeys that all sign up from 127.0.0.1 and schedule a post a few seconds ahead.
 */
export function journeyStackEnv(namespace: string, sandboxPort: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    NAMESPACE: namespace,
    LINKEDIN_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
    SCHEDULE_MIN_LEAD_SECONDS: '5',
    RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  };
}
