export declare const DEMO_STACK_SETTINGS: Readonly<{
  LINKEDIN_APP: 'community';
  SANDBOX_CONTROL: 'true';
  ENGAGEMENT_POLL_INTERVAL_MS: string;
  GENERATION_PER_MINUTE: string;
}>;
