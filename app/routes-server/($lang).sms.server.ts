/**
 * Sign-up, shared by its three doors: /sms (a guest), /register?ref=CODE (a guest invited by a
 * friend: the invitation code travels with the sign-up to the final /api/register) and /host/sms
 * (an account created in host mode). Steps 1: phone and code (this module), 2: /set-password,
 * 3: /personal-info.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CountryCode } from "../../contract/directory";
import { SIGNUP_PATHS, modeOf, type SignupVariant } from "~/components/auth/signup-paths";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { routeErrorFrom } from "~/lib/api.server";
import { requireAnonymous } from "~/lib/auth.server";
import { loadCountryCodes, readForm } from "~/lib/forms.server";
import { readPending } from "~/lib/pending.server";
import { codeStepView, intentOf, runCodeIntent, type CodeStepView } from "~/lib/phone-code.server";
import { honeypotFields } from "~/lib/honeypot.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { getSession } from "~/lib/session.server";

export type PhoneStepDefaults = { countryCode?: string; phone?: string; referralCode?: string };

export async function signupLoader({ request, context, params }: LoaderFunctionArgs, variant: SignupVariant) {
  const locale = localeFromParams(params);
  const url = new URL(request.url);
  const session = await getSession(request, context);
  // "List your place" links reach signed-in guests too: they need host mode, not a new account.
  const signedInUser = session.get("tokens") ? session.get("user") : undefined;
  if (variant === "host" && signedInUser) {
    throw redirect(signedInUser.mode === "host" ? localizePath("/", locale) : `${localizePath("/host/switch", locale)}?redirectTo=${encodeURIComponent(localizePath("/", locale))}`);
  }
  await requireAnonymous(request, context, params);
  const found = readPending(session, context, "register");
  // A sign-up in progress belongs to the door of its mode: a host sign-up is not finished as a guest.
  const pending = found && found.mode === modeOf(variant) ? found : null;
  const ref = url.searchParams.get("ref")?.trim() ?? "";
  // A new invitation link opened mid-way starts over with that code (the number stays filled in).
  const newInvitation = variant === "referral" && ref !== "" && ref.toUpperCase() !== (pending?.referralCode ?? "");
  const changing = url.searchParams.has("change") || newInvitation;
  if (pending?.verificationToken && !changing) throw redirect(localizePath("/set-password", locale));

  // Invited: an invitation code came in the link, or with the sign-up under way.
  const invited = variant === "referral" && Boolean(ref || pending?.referralCode);
  const t = await getT(locale, "auth");
  const title = `${t(variant === "host" ? "signup.hostTitle" : invited ? "signup.referralTitle" : "signup.title")} — Konok`;

  if (pending && !changing) {
    return {
      variant,
      invited,
      title,
      stage: "code" as const,
      code: codeStepView(pending, locale) as CodeStepView | null,
      phoneStep: null,
    };
  }

  const countries: CountryCode[] = await loadCountryCodes(apiFor(context, params)).catch((e: unknown) => {
    throw routeErrorFrom(e);
  });
  const defaults: PhoneStepDefaults = {
    countryCode: pending?.countryCode,
    phone: pending?.phone,
    referralCode: variant === "referral" ? ref || pending?.referralCode || "" : undefined,
  };
  return {
    variant,
    invited,
    title,
    stage: "phone" as const,
    code: null,
    phoneStep: { countries, defaults, honeypot: honeypotFields(context) },
  };
}

export async function signupAction({ request, context, params }: ActionFunctionArgs, variant: SignupVariant) {
  await requireAnonymous(request, context, params);
  const locale = localeFromParams(params);
  const t = await getT(locale, ["auth", "common"]);
  const formData = await readForm(request);
  const session = await getSession(request, context);
  const found = readPending(session, context, "register");
  const intent = intentOf(formData);
  if (intent !== "send" && intent !== "verify" && intent !== "resend") throw new Response("Bad Request", { status: 400 });
  return runCodeIntent(intent, formData, context, request, {
    flow: "register",
    t,
    locale,
    session,
    pending: found && found.mode === modeOf(variant) ? found : null,
    here: localizePath(SIGNUP_PATHS[variant], locale),
    next: localizePath("/set-password", locale),
    mode: modeOf(variant),
    referral: variant === "referral",
  });
}

export type SignupLoader = typeof signupLoader;
export type SignupAction = typeof signupAction;
