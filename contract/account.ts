import { z } from "zod";
import { birthDateSchema, localeSchema } from "./common";
import { msg } from "./message-key";
import { phoneProblem, stripPhone } from "./phone";

/**
 * A phone number is the country code plus the national number, digits only (SPEC section 3):
 * "+996 700 123-456" and "996700123456" are the same number.
 */
export const phoneNumberSchema = z
  .string({ required_error: msg("phoneRequired") })
  .transform(stripPhone)
  // The rule is contract/phone.ts (the web forms check the same); one message at a time.
  .refine((v) => phoneProblem(v) !== "digits", msg("phoneDigits"))
  .refine((v) => phoneProblem(v) !== "kg", msg("phoneKg"));

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string({ required_error: msg("passwordRequired") })
  .min(PASSWORD_MIN, msg("tooShort"))
  .max(128, msg("tooLong"));

export const codeSchema = z
  .string({ required_error: msg("codeRequired") })
  .trim()
  .regex(/^\d{6}$/, msg("codeSixDigits"));

export const emailSchema = z.string({ required_error: msg("emailRequired") }).trim().toLowerCase().email(msg("emailInvalid")).max(254);

export const loginSchema = z
  .object({
    phoneNumber: phoneNumberSchema.optional(),
    email: emailSchema.optional(),
    password: z.string({ required_error: msg("loginPasswordRequired") }).min(1, msg("loginPasswordRequired")).max(128),
    /** The browser's device token for this account (LoginResponse.deviceToken of an earlier sign-in). */
    deviceToken: z.string().max(200).optional(),
  })
  .refine((v) => v.phoneNumber || v.email, { path: ["phoneNumber"], message: msg("phoneRequired") });

export const refreshSchema = z.object({ refreshToken: z.string().min(10).max(200) });

export const sendPhoneCodeSchema = z.object({ phoneNumber: phoneNumberSchema });
export const verifyPhoneCodeSchema = z.object({ phoneNumber: phoneNumberSchema, code: codeSchema });

export const registerSchema = z.object({
  verificationToken: z.string().min(10),
  password: passwordSchema,
  firstName: z.string().trim().max(60).optional(),
  lastName: z.string().trim().max(60).optional(),
  referralCode: z.string().trim().toUpperCase().max(20).optional(),
  mode: z.enum(["guest", "host"]).optional(),
  locale: localeSchema.optional(),
});

/**
 * Password reset proves the account's phone number (a code by SMS) or, for an account without one
 * or whose owner prefers it, its confirmed e-mail (a code by e-mail): one of the two (issue 27).
 */
export const resetSendCodeSchema = z
  .object({ phoneNumber: phoneNumberSchema.optional(), email: emailSchema.optional() })
  .refine((v) => Boolean(v.phoneNumber) !== Boolean(v.email), { path: ["phoneNumber"], message: msg("phoneRequired") });
export const resetVerifyCodeSchema = z
  .object({ phoneNumber: phoneNumberSchema.optional(), email: emailSchema.optional(), code: codeSchema })
  .refine((v) => Boolean(v.phoneNumber) !== Boolean(v.email), { path: ["phoneNumber"], message: msg("phoneRequired") });

export const resetPasswordSchema = z.object({ verificationToken: z.string().min(10), password: passwordSchema });

export const nameSchema = z.string().trim().min(1, msg("nameRequired")).max(60, msg("tooLong"));

/**
 * Where an avatar may come from: an https address, or a file of our own uploads (`/uploads/…`).
 * Anything else (`javascript:`, `data:`, `http:`) was stored and shown as an image source on the
 * host's listing pages (issue 26). The API also applies this to what it shows, so an address
 * stored before the rule is not shown.
 */
export function isAllowedAvatarUrl(value: string): boolean {
  if (/^\/uploads\/[A-Za-z0-9._~\-/]+$/.test(value)) return !value.includes("..") && !value.includes("//");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password;
  } catch {
    return false;
  }
}
export const avatarUrlSchema = z.string().trim().max(500, msg("tooLong")).refine(isAllowedAvatarUrl, msg("avatarUrl"));

export const profileUpdateSchema = z
  .object({
    mode: z.enum(["guest", "host"]),
    locale: localeSchema,
    firstName: nameSchema,
    lastName: z.string().trim().max(60, msg("tooLong")),
    birthDate: birthDateSchema.nullable(),
    avatar: avatarUrlSchema.nullable(),
  })
  .partial()
  .strict();

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, msg("currentPasswordRequired")), newPassword: passwordSchema })
  .refine((v) => v.currentPassword !== v.newPassword, { path: ["newPassword"], message: msg("passwordSame") });

export const codeOnlySchema = z.object({ code: codeSchema });
export const emailLinkSchema = z.object({ email: emailSchema });
export const emailConfirmSchema = z.object({ email: emailSchema, code: codeSchema });

export type UserMode = "guest" | "host";

/** `data.userData` of GET /api/v1/profile/user (SPEC section 3). */
export type UserData = {
  id: number;
  mode: UserMode;
  locale: "ru" | "en" | "ky";
  firstName: string;
  lastName: string;
  name: string;
  phoneNumber: string | null;
  email: string | null;
  emailVerified: boolean;
  avatar: string | null;
  birthDate: string | null;
  referralCode: string;
  /** `operator`: may use the console at /admin (issue 31); everyone else is a `member`. */
  role: "member" | "operator";
  createdAt: string;
};

export type AuthTokens = { token: string; refreshToken: string };
/**
 * `deviceToken`: for the browser to keep and send with its next sign-in to this account, which then
 * passes the per-address limit (carrier NAT); see api/services/auth/device.ts.
 */
export type LoginResponse = AuthTokens & { userData: UserData; deviceToken?: string };
export type CodeSentResponse = { target: string; expiresIn: number; resendIn: number };
export type VerifiedResponse = { verificationToken: string };

export type ReferralInfo = { code: string; link: string; invitedCount: number; bookedCount: number };
export type InvitedUser = { id: number; name: string; joinedAt: string; hasBooked: boolean };

export type NotificationItem = {
  id: number;
  type: string;
  bookingId: number | null;
  estateId: number | null;
  payload: Record<string, unknown>;
  read: boolean;
  createdAt: string;
};
export type UnreadData = { notifications: number; messages: number };
/** GET /api/v1/page_data: what every signed-in page shows besides its own data, in one call. */
export type PageData = { favorites: number[]; unread: UnreadData };

/**
 * `GET /api/v1/profile/delete_account`: what deleting the account does to each stay not yet over
 * (issue 27), asked before the code is sent. A stay booked as a guest and not begun is cancelled
 * by the state machine, a paid one refunded in full whatever the listing's policy, and its host
 * told (the cancellation notice, with why). A stay under way, or a guest's stay at the person's
 * own listings, cannot be settled that way: deletion waits (`canDelete` false) and the page says
 * what to do. See docs/decisions/0072-account-deletion-cancels-stays-not-begun.md.
 */
export type DeletionOutcome = "cancelRefund" | "cancel" | "staying" | "hosting";
export type DeletionStay = {
  bookingId: number;
  estateTitle: string;
  checkIn: string;
  checkOut: string;
  /** Whose stay it is to this person: their own trip, or a guest's at their listing. */
  role: "guest" | "host";
  outcome: DeletionOutcome;
  /** Som returned to the guest on deletion (cancelRefund only). */
  refund: number;
};
export type DeletionPlan = { stays: DeletionStay[]; canDelete: boolean };
