import type { UserMode } from "../../../contract/account";

/** The three doors of sign-up: a guest, a guest invited by a friend, and a host. */
export type SignupVariant = "guest" | "host" | "referral";

export const SIGNUP_PATHS: Record<SignupVariant, string> = { guest: "/sms", host: "/host/sms", referral: "/register" };

export const modeOf = (variant: SignupVariant): UserMode => (variant === "host" ? "host" : "guest");

/** Where a sign-up starts over ("change number"): the door it came through. */
export const signupStart = (pending: { mode: UserMode; referralCode?: string | null }) =>
  pending.mode === "host" ? SIGNUP_PATHS.host : pending.referralCode ? SIGNUP_PATHS.referral : SIGNUP_PATHS.guest;
