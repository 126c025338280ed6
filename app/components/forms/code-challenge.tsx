/**
 * The challenge a code request over the per-address limit brings back (decision 0073), inside the
 * form that asked: the token as a hidden field, so pressing the button again carries it. Without
 * JavaScript the API's message says how long to wait, and the next press after that passes. With
 * JavaScript the browser finds the proof of work (SHA-256, crypto.subtle) and presses by itself.
 */
import { useEffect, useRef, useState } from "react";
import { leadingZeroBits, proofInput, readChallenge } from "../../../contract/code-challenge";
import { useTranslation } from "~/i18n/use-translation";

/** Self-presses per page: a challenge that keeps coming back (it should not) ends as the plain wait. */
const MAX_AUTO_SUBMITS = 3;
let autoSubmits = 0;

async function solve(token: string, bits: number, cancelled: () => boolean): Promise<string | null> {
  const encoder = new TextEncoder();
  for (let i = 0; ; i++) {
    if (cancelled()) return null;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(proofInput(token, String(i)))));
    if (leadingZeroBits(digest) >= bits) return String(i);
    // Let the page paint and answer now and then: digests settle as microtasks.
    if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export function ChallengeFields({ token }: { token?: string | null }) {
  const { t } = useTranslation("common");
  const proof = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"idle" | "working" | "sending">("idle");
  useEffect(() => {
    const payload = token ? readChallenge(token) : null;
    if (!token || !payload || typeof crypto === "undefined" || !crypto.subtle || autoSubmits >= MAX_AUTO_SUBMITS) {
      setState("idle");
      return;
    }
    let cancelled = false;
    setState("working");
    void solve(token, payload.d, () => cancelled).then((nonce) => {
      const input = proof.current;
      if (cancelled || nonce === null || !input?.form) return;
      input.value = nonce;
      setState("sending");
      autoSubmits++;
      // The form's own button, so its name and value (intent=resend…) go with it.
      input.form.requestSubmit(input.form.querySelector<HTMLButtonElement>('button[type="submit"]') ?? undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [token]);
  if (!token) return null;
  return (
    <>
      <input type="hidden" name="challenge" value={token} />
      <input type="hidden" name="proof" ref={proof} defaultValue="" />
      {state !== "idle" ? (
        <p role="status" className="text-sm text-stone-600" data-testid="challenge-status">
          {t(state === "working" ? "form.challenge.working" : "form.challenge.sending")}
        </p>
      ) : null}
    </>
  );
}
