import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { userRoles } from '@postwright/contracts';

const nullableString = { type: String, default: null };

const userMongoSchema = new Schema(
  {
    /** trimmed, lower-case; unique (always present, so FerretDB can index it) */
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    /** the address was proven by the emailed link */
    emailVerified: { type: Boolean, default: false },
    emailVerifiedAt: { type: Date, default: null },
    /** which notification emails the member gets (all on by default) */
    notifications: {
      postPublished: { type: Boolean, default: true },
      postFailed: { type: Boolean, default: true },
      linkedinExpiry: { type: Boolean, default: true },
    },
    passwordChangedAt: { type: Date, default: null },
    profilePicture: nullableString,
    linkedinConnected: { type: Boolean, default: false },
    /** occurredAt of the last LinkedIn event applied: an older event never overwrites a newer one */
    linkedinSyncedAt: { type: Date, default: null },
    subscriptionStatus: { type: String, default: 'active' },
    subscriptionTier: { type: String, default: 'trial' },
    betaExpiresAt: { type: Date, default: null },
    /** trial posts generated and committed */
    trialPostsUsed: { type: Number, default: 0 },
    /** reservations still open (generation under way) */
    trialPostsReserved: { type: Number, default: 0 },
    /**
     * trialPostsUsed + trialPostsReserved, kept as its own counter so one single-document
     * conditional update (`trialSlotsTaken < 3`, $inc) reserves atomically: FerretDB has
     * neither transactions nor $expr.
     */
    trialSlotsTaken: { type: Number, default: 0 },
    /** open reservations: key -> expiry, in the same document as the counters */
    trialReservations: { type: Schema.Types.Mixed, default: () => ({}) },
    /**
     * when the trial ends: signup + TRIAL_DAYS, or earlier when a subscription ended it (a cancelled
     * plan falls back to a trial that is over). Null on accounts made before it was stored: theirs
     * is worked out from createdAt where it is read (entitlement.ts).
     */
    trialEndsAt: { type: Date, default: null },
    /**
     * The subscription as the billing service last reported it (billing.subscription.changed):
     * the plan is subscriptionTier, Stripe's status subscriptionStatus. billingSyncedAt is the
     * report's revision: an older report never overwrites a newer one.
     */
    planInterval: { type: String, default: null },
    planPeriodStart: { type: Date, default: null },
    planPeriodEnd: { type: Date, default: null },
    planCancelAtPeriodEnd: { type: Boolean, default: false },
    planGraceEndsAt: { type: Date, default: null },
    billingSyncedAt: { type: Date, default: null },
    /**
     * A plan's posts this month, counted like the trial's: used + reserved = slots taken, kept as
     * its own counter so one conditional update reserves atomically; periodStart and periodEnd say
     * which month they count (a month starting after it starts them again, open reservations
     * carried over).
     */
    periodStart: { type: Date, default: null },
    periodEnd: { type: Date, default: null },
    periodPostsUsed: { type: Number, default: 0 },
    periodPostsReserved: { type: Number, default: 0 },
    periodSlotsTaken: { type: Number, default: 0 },
    periodReservations: { type: Schema.Types.Mixed, default: () => ({}) },
    userRole: { type: String, enum: userRoles, default: 'USER' },
    /** job title */
    role: nullableString,
    company: nullableString,
    industry: nullableString,
    linkedinUrl: nullableString,
    bio: nullableString,
  },
  { timestamps: true, minimize: false, collection: 'users' },
);
userMongoSchema.index({ trialPostsReserved: 1 });
userMongoSchema.index({ periodPostsReserved: 1 });
userMongoSchema.index({ subscriptionTier: 1, betaExpiresAt: 1 });

export type UserDocument = InferSchemaType<typeof userMongoSchema>;

export function userModel(conn: Connection): Model<UserDocument> {
  return (conn.models.User as Model<UserDocument> | undefined) ?? conn.model<UserDocument>('User', userMongoSchema);
}
