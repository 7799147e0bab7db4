/**
 * Whether a published version still takes gifts and signatures: not once it is withdrawn, and not once a newer version
 * (one not withdrawn) has been out for longer than the endpoint gives a page already open to finish
 * (CORAL_OLD_VERSION_HOURS). The newest version takes them until it is withdrawn. Where CORAL_CAMPAIGNS is set, it
 * names every campaign the endpoint takes them for, published forms' included.
 */

/** A version's state in the records, as milliseconds since the epoch; null where it has not happened. */
export type VersionStanding = {
  /** When it was withdrawn. */
  withdrawnAt: number | null;
  /** When the first newer version that is not withdrawn was published. */
  supersededAt: number | null;
};

/** What a version is held to: the hours an older one is still taken, and the campaigns listed (null: any campaign). */
export type VersionRules = {oldVersionMs: number; listed: ReadonlySet<string> | null};

export const HOUR_MS = 3_600_000;

/** Why a version takes nothing at `now`, in words for the request's refusal, or null when it still takes gifts and signatures. */
export function versionRefusal(standing: VersionStanding, now: number, oldVersionMs: number): string | null {
  if (standing.withdrawnAt !== null) return 'was withdrawn';
  const {supersededAt} = standing;
  if (supersededAt !== null && now - supersededAt >= oldVersionMs) {
    const hours = Math.round(oldVersionMs / HOUR_MS);
    return `was replaced by a newer version more than ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  return null;
}

/** Why a form of `campaign` takes nothing here, or null when the campaign is listed or every campaign is taken. */
export function campaignRefusal(campaign: string, listed: ReadonlySet<string> | null): string | null {
  if (listed === null || listed.has(campaign)) return null;
  return `campaign: "${campaign}" is not one of this endpoint's campaigns (CORAL_CAMPAIGNS)`;
}
