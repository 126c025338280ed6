/** The challenge a code form carried back (app/components/forms/code-challenge.tsx; decision 0073). */
import type { ChallengeAnswer } from "./api.server";

export function challengeAnswerOf(formData: FormData): ChallengeAnswer | undefined {
  const token = formData.get("challenge");
  if (typeof token !== "string" || !token || token.length > 512) return undefined;
  const nonce = formData.get("proof");
  return { token, nonce: typeof nonce === "string" && /^\d{1,20}$/.test(nonce) ? nonce : undefined };
}

/** The token of an API refusal that asks for a challenge, for the page to put in its form. */
export const challengeOf = (error: unknown): string | undefined =>
  error && typeof error === "object" && "challenge" in error && typeof error.challenge === "string" ? error.challenge : undefined;
