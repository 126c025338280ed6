/**
 * A guest's refund by the estate's cancellation rule: the table lives in contract/refunds.ts, which
 * the guest's booking page reads too. A host's cancellation always refunds in full.
 */
export { cleaningFeeOf, guestRefund, REFUND_RULES, type CancellationPolicy } from "../../../contract/refunds";
