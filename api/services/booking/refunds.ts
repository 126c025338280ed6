/**
 * How much of a paid stay a guest gets back when they cancel, by the estate's cancellation rule.
 * A host's cancellation always refunds in full.
 */
import { daysBetween } from "../../lib/dates";

export type CancellationPolicy = "flexible" | "moderate" | "strict";

/** Full refund until N days before check-in, then the share after. */
export const POLICIES: Record<CancellationPolicy, { fullUntilDays: number; shareAfter: number }> = {
  flexible: { fullUntilDays: 1, shareAfter: 0.5 },
  moderate: { fullUntilDays: 5, shareAfter: 0.5 },
  strict: { fullUntilDays: 14, shareAfter: 0 },
};

export function guestRefund(policy: CancellationPolicy, paid: number, checkIn: string, today: string): number {
  const rule = POLICIES[policy];
  return daysBetween(today, checkIn) >= rule.fullUntilDays ? paid : Math.floor(paid * rule.shareAfter);
}
