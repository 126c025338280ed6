import { describe, expect, it } from "vitest";
import { guestRefund, REFUND_RULES, refundKind } from "../../contract/refunds";
import { guestRefund as apiGuestRefund } from "../../api/services/booking/refunds";
import { refundIfCancelledNow } from "../../app/components/booking/refund";

const booking = (policy: "flexible" | "moderate" | "strict", totalPrice: number, checkInDate: string) => ({
  status: "paid_waiting_checkin" as const,
  totalPrice,
  checkInDate,
  estate: { id: 1, slug: "x", title: "", city: "", photo: null, isInstantConfirmation: true, cancellationPolicy: policy },
});

describe("the refund table (contract/refunds.ts)", () => {
  it("is the published rule: full until N days before check-in, then the share after", () => {
    expect(REFUND_RULES).toEqual({
      flexible: { fullUntilDays: 1, percentAfter: 50 },
      moderate: { fullUntilDays: 5, percentAfter: 50 },
      strict: { fullUntilDays: 14, percentAfter: 0 },
    });
  });

  it.each([
    ["flexible", "2026-06-09", 4001, 4001],
    ["flexible", "2026-06-10", 4001, 2000],
    ["moderate", "2026-06-05", 4001, 4001],
    ["moderate", "2026-06-06", 4001, 2000],
    ["moderate", "2026-06-10", 3, 1],
    ["strict", "2026-05-27", 9000, 9000],
    ["strict", "2026-05-28", 9000, 0],
  ] as const)("%s on %s of %i som → %i (check-in 2026-06-10, whole som, rounded down)", (policy, today, paid, refund) => {
    expect(guestRefund(policy, paid, "2026-06-10", today)).toBe(refund);
    expect(Number.isInteger(guestRefund(policy, paid, "2026-06-10", today))).toBe(true);
  });

  it("is the one the API and the booking page both use", () => {
    expect(apiGuestRefund).toBe(guestRefund);
    for (const policy of ["flexible", "moderate", "strict"] as const) {
      for (const today of ["2026-05-01", "2026-06-01", "2026-06-06", "2026-06-09", "2026-06-10"]) {
        const preview = refundIfCancelledNow(booking(policy, 12345, "2026-06-10"), today);
        const amount = apiGuestRefund(policy, 12345, "2026-06-10", today);
        expect(preview).toEqual({ kind: refundKind(amount, 12345), amount, total: 12345 });
      }
    }
  });

  it("names full, partial and no refunds", () => {
    expect(refundKind(100, 100)).toBe("full");
    expect(refundKind(50, 100)).toBe("partial");
    expect(refundKind(0, 100)).toBe("none");
    expect(refundIfCancelledNow({ ...booking("strict", 100, "2026-06-10"), status: "pending_payment" }, "2026-06-01")).toEqual({ kind: "unpaid" });
  });
});
